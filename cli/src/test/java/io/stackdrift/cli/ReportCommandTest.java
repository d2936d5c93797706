package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunKind;
import io.stackdrift.testing.CanaryPlans;
import io.stackdrift.testing.Fixtures;

class ReportCommandTest {
    @TempDir
    Path dir;

    private String out;
    private String err;

    private int run(final String... args) {
        CommandLine commandLine = StackDriftCommand.newCommandLine();
        StringWriter outText = new StringWriter();
        StringWriter errText = new StringWriter();
        commandLine.setOut(new PrintWriter(outText));
        commandLine.setErr(new PrintWriter(errText));
        int exit = commandLine.execute(args);
        out = outText.toString();
        err = errText.toString();
        return exit;
    }

    /** A genuine third-party fixture in ../shared (resource drift, Pulumi). */
    private static String fixture(final String name) {
        return Fixtures.fixture(name).toString();
    }

    /** The project's own Terraform 1.11.4 output. */
    private static String own(final String name) {
        return Fixtures.terraform(name).toString();
    }

    @Test
    void listsEveryChangeWithItsPathsThenTheCountsLine() {
        assertThat(run("report", own("lifecycle/2-changes.plan.json"))).isEqualTo(ExitCodes.CHANGES);
        assertThat(out.lines()).containsExactly(
                "1 stack · 0 in sync · 0 drifted · 1 pending · 0 failed",
                "2-changes.plan.json · pending · 12 changes",
                "  change  create  terraform_data  terraform_data.c",
                "  change  forget  terraform_data  terraform_data.f",
                "  change  delete  terraform_data  terraform_data.n[1]",
                "  change  update  terraform_data  terraform_data.s  input, output",
                "  change  replace  terraform_data  terraform_data.w  id, triggers_replace",
                "  change  update  terraform_data  terraform_data.x  input, output",
                "  change  replace  terraform_data  terraform_data.y  id, triggers_replace",
                "  change  delete  terraform_data  terraform_data.z",
                "  change  create  output  output  added",
                "  change  delete  output  output  gone",
                "  change  update  output  output  plain",
                "  change  update  output  output  secret");
        // the plan carries the fake secrets (variables, the sensitive input and output): none is shown
        assertThat(out + err).doesNotContain("fake-");
    }

    @Test
    void listsEveryChangeAndDriftThenTheCountsLine() {
        assertThat(run("report", fixture("terraform/equiv-drift_simple.plan.json"))).isEqualTo(ExitCodes.CHANGES);
        assertThat(out.lines()).containsExactly(
                "1 stack · 0 in sync · 1 drifted ● · 1 pending · 0 failed",
                "equiv-drift_simple.plan.json · pending+drifted · 2 changes",
                "  change  update  tfcoremock_simple_resource  tfcoremock_simple_resource.drift  string",
                "  drift   update  tfcoremock_simple_resource  tfcoremock_simple_resource.drift  string");
    }

    @Test
    void inSyncExitsZero() {
        assertThat(run("report", own("new-stack/plan-in-sync.json"), own("new-stack/refresh-only-in-sync.json")))
                .isEqualTo(ExitCodes.OK);
        assertThat(out.lines()).containsExactly("2 stacks · 2 in sync · 0 drifted · 0 pending · 0 failed",
                "plan-in-sync.json · in sync · 0 changes", "refresh-only-in-sync.json · in sync · 0 changes");
    }

    @Test
    void aPulumiStackReferenceIsInSyncAndItsNameNeverShows() {
        assertThat(run("report", fixture("pulumi/lifecycle-StackReference-preview.engine-events.jsonl"))).isEqualTo(ExitCodes.OK);
        assertThat(out.lines()).containsExactly("1 stack · 1 in sync · 0 drifted · 0 pending · 0 failed",
                "lifecycle-StackReference-preview.engine-events.jsonl · in sync · 0 changes");
        // the referenced stack name is internal: it never leaves the reader
        assertThat(out).doesNotContain("other");
    }

    @Test
    void anyFailureExitsOneAndShowsItsReasonWithoutChanges() {
        assertThat(run("report", own("errored/plan.json"), own("invalid-reference/plan-stream.jsonl"),
                own("lifecycle/3-stale.apply-stream.jsonl"), own("remote-state/app.plan.json"), dir.resolve("nope.json").toString()))
                .isEqualTo(ExitCodes.ERROR);
        assertThat(out.lines()).containsExactly(
                "5 stacks · 0 in sync · 0 drifted · 1 pending · 4 failed ●",
                "plan.json · failed · the plan errored (errored: true): the tool's error diagnostics say why",
                "plan-stream.jsonl · failed · Reference to undeclared resource",
                "3-stale.apply-stream.jsonl · failed · Saved plan is stale",
                "app.plan.json · pending · 2 changes",
                "  change  update  output  output  net_cidr",
                "  change  update  output  output  net_token",
                "nope.json · failed · the file does not exist");
    }

    @Test
    void aPulumiFailureAndResourceDriftExitOneAndShowTheReasonAndTheDrift() {
        assertThat(run("report", fixture("pulumi/lifecycle-MissingRead-preview.engine-events.jsonl"),
                fixture("terraform/equiv-drift_refresh_only.plan.json"), dir.resolve("nope.json").toString())).isEqualTo(ExitCodes.ERROR);
        assertThat(out.lines()).containsExactly(
                "3 stacks · 0 in sync · 1 drifted ● · 0 pending · 2 failed ●",
                // a Pulumi diagnostic's message is free text that can carry values: only the resource it names is shown
                "lifecycle-MissingRead-preview.engine-events.jsonl · failed · an error diagnostic for pkgA:m:typA resA; its message is "
                        + "in the tool's output",
                "equiv-drift_refresh_only.plan.json · drifted · 1 change",
                "  drift   update  tfcoremock_simple_resource  tfcoremock_simple_resource.drift  string",
                "nope.json · failed · the file does not exist");
    }

    @Test
    void jsonIsMachineReadable() throws IOException {
        assertThat(run("report", "--json", own("lifecycle/2-changes.plan.json"), own("errored/plan.json"))).isEqualTo(ExitCodes.ERROR);
        JsonNode json = new ObjectMapper().readTree(out);
        assertThat(json.get("schemaVersion").asInt()).isEqualTo(1);
        assertThat(json.get("kind").asText()).isEqualTo("report");
        JsonNode first = json.get("rows").get(0);
        assertThat(first.get("id").asText()).isEqualTo("2-changes.plan.json");
        assertThat(first.get("file").asText()).endsWith("2-changes.plan.json");
        assertThat(first.get("format").asText()).isEqualTo("terraform plan");
        assertThat(first.get("toolVersion").asText()).isEqualTo("1.11.4");
        assertThat(first.get("state").asText()).isEqualTo("pending");
        assertThat(first.get("changeCount").asInt()).isEqualTo(12);
        assertThat(first.get("changes").get(4).toString()).isEqualTo(
                "{\"cause\":\"code\",\"action\":\"replace\",\"type\":\"terraform_data\",\"address\":\"terraform_data.w\","
                        + "\"paths\":[\"id\",\"triggers_replace\"]}");
        assertThat(first.get("drift")).isEmpty();
        JsonNode second = json.get("rows").get(1);
        assertThat(second.get("state").asText()).isEqualTo("failed");
        assertThat(second.get("reason").asText()).contains("errored: true");
        assertThat(second.get("changes")).isEmpty();
        assertThat(json.get("counts").toString()).isEqualTo("{\"total\":2,\"inSync\":0,\"drifted\":0,\"pending\":1,\"failed\":1,"
                + "\"skipped\":0,\"awaitingApproval\":0,\"repaired\":0,\"notDeployed\":0,\"destroyed\":0}");
        assertThat(json.get("countsLine").asText()).isEqualTo("2 stacks · 0 in sync · 0 drifted · 1 pending · 1 failed ●");
    }

    @Test
    void noCanaryInTextOrJson() throws IOException {
        List<String> args = new ArrayList<>(List.of("report"));
        CanaryPlans.write(dir).forEach(file -> args.add(file.toString()));
        assertThat(run(args.toArray(String[]::new))).isEqualTo(ExitCodes.CHANGES);
        assertThat(out).contains("4 stacks").doesNotContain(CanaryPlans.CANARY);
        assertThat(err).doesNotContain(CanaryPlans.CANARY);
        args.add(1, "--json");
        assertThat(run(args.toArray(String[]::new))).isEqualTo(ExitCodes.CHANGES);
        assertThat(new ObjectMapper().readTree(out).get("counts").get("total").asInt()).isEqualTo(4);
        assertThat(out + err).doesNotContain(CanaryPlans.CANARY);
    }

    @Test
    void controlCharactersInNamesCannotReachTheTerminal() throws IOException {
        Path plan = Files.writeString(dir.resolve("evil.json"), "{\"format_version\":\"1.2\",\"resource_changes\":[{\"address\":"
                + "\"a.\\u001b[2Jx\",\"type\":\"a\",\"change\":{\"actions\":[\"create\"]}}]}");
        assertThat(run("report", plan.toString())).isEqualTo(ExitCodes.CHANGES);
        assertThat(out).doesNotContain("\u001b").contains("a.\\u001B[2Jx");
    }

    @Test
    void aFileIsRequired() {
        assertThat(run("report")).isEqualTo(ExitCodes.ERROR);
        assertThat(err).contains("FILE");
    }

    @Test
    void writesTheStaticReportAndKeepsTheAnalysisInTheHistory() throws IOException {
        Path html = dir.resolve("html");
        Path record = dir.resolve("record");

        assertThat(run("report", "--html", html.toString(), "--record", record.toString(),
                own("lifecycle/2-changes.plan.json"), own("errored/plan-stream.jsonl"))).isEqualTo(ExitCodes.ERROR);

        String index = Files.readString(html.resolve("index.html"));
        assertThat(index).contains("2-changes.plan.json", "plan-stream.jsonl", "pending", "failed").doesNotContain("fake-");
        HistoryStore history = new HistoryStore(record);
        assertThat(history.details(history.summaries().get(0).sequence())).hasValueSatisfying(run -> {
            assertThat(run.kind()).isEqualTo(RunKind.REPORT);
            assertThat(run.rows()).extracting(row -> row.tool().word()).containsExactly("terraform", "terraform");
            assertThat(run.rows()).extracting(row -> row.changeCount()).containsExactly(12, 0);
        });
    }

    @Test
    void aPulumiDigestIsRecordedAsAPulumiRow() throws IOException {
        Path record = dir.resolve("record");

        assertThat(run("report", "--record", record.toString(), own("lifecycle/2-changes.plan.json"),
                fixture("pulumi/stratify-preview-update.preview.json"))).isEqualTo(ExitCodes.CHANGES);

        HistoryStore history = new HistoryStore(record);
        assertThat(history.details(history.summaries().get(0).sequence())).hasValueSatisfying(run ->
                assertThat(run.rows()).extracting(row -> row.tool().word()).containsExactlyInAnyOrder("terraform", "pulumi"));
    }

    @Test
    void twoFilesWithTheSameBaseNameAreTwoRowsAndTwoPages() throws IOException {
        Path drift = Files.createDirectories(dir.resolve("eu")).resolve("plan.json");
        Path pending = Files.createDirectories(dir.resolve("us")).resolve("plan.json");
        Files.copy(Fixtures.terraform("lifecycle/2-changes.plan.json"), drift);
        Files.copy(Fixtures.terraform("new-stack/plan.json"), pending);
        Path html = dir.resolve("html");

        run("report", "--html", html.toString(), drift.toString(), pending.toString());

        assertThat(out).contains(drift + " · ", pending + " · ");
        try (var pages = Files.list(html.resolve("stacks"))) {
            assertThat(pages.toList()).hasSize(2);
        }
        run("report", "--json", drift.toString(), drift.toString());
        JsonNode rows = new ObjectMapper().readTree(out).get("rows");
        assertThat(rows.get(0).get("id").asText()).isEqualTo(drift.toString());
        assertThat(rows.get(1).get("id").asText()).isEqualTo(drift + " #2");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aPipeIsReadOnce() throws Exception {
        Path fifo = dir.resolve("plan.pipe");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo is needed");
        byte[] plan = Files.readAllBytes(Fixtures.terraform("lifecycle/2-changes.plan.json"));
        Thread writer = new Thread(() -> {
            try (var outStream = Files.newOutputStream(fifo)) {
                outStream.write(plan);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        writer.setDaemon(true);
        writer.start();

        int exit = run("report", fifo.toString());

        assertThat(out).as(err).contains("plan.pipe · pending · 12 changes");
        assertThat(exit).isEqualTo(ExitCodes.CHANGES);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aPipeThatCannotBeJsonIsRefusedAtOnceNotCopiedWithoutEnd() throws Exception {
        Path fifo = dir.resolve("zero.pipe");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo is needed");
        // like /dev/zero: NUL bytes without end, until the reader goes away
        Thread writer = new Thread(() -> {
            try (var outStream = Files.newOutputStream(fifo)) {
                byte[] zeros = new byte[1 << 16];
                while (true) {
                    outStream.write(zeros);
                }
            } catch (IOException e) {
                // the reader closed the pipe: done
            }
        });
        writer.setDaemon(true);
        writer.start();

        assertThat(run("report", fifo.toString())).isEqualTo(ExitCodes.ERROR);
        assertThat(out).contains("zero.pipe · failed · ");
    }
}
