package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.core.JsonParseException;
import hudson.model.TaskListener;
import io.jenkins.plugins.stackdrift.DemoWorkspace;
import io.jenkins.plugins.stackdrift.TestRecords;
import io.jenkins.plugins.stackdrift.credentials.StackCredentials;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.durable.StepRequest;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RecordJson;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.render.SecretMask;
import io.stackdrift.testing.PosixOnly;

/** The agent side on its own: what comes back over the channel, on a copy of the demo repository. */
@PosixOnly
class AgentEngineCallTest {
    @TempDir
    Path root;

    private Path workspace;
    private Path temp;
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final TaskListener listener = mock(TaskListener.class);

    @BeforeEach
    void demo() throws Exception {
        workspace = DemoWorkspace.copyTo(Files.createDirectories(root.resolve("ws")));
        temp = Files.createDirectories(root.resolve("tmp"));
        when(listener.getLogger()).thenReturn(new PrintStream(console, true, StandardCharsets.UTF_8));
    }

    private static EngineRequest request(final List<String> stacks) {
        return new EngineRequest(StepRequest.builder("1").stacks(stacks).build());
    }

    private AgentOutcome call(final Operation operation, final List<String> stacks) throws Exception {
        return new AgentEngineCall(operation, request(stacks), StackCredentials.none(), listener, temp.toString(), Set.of(), Set.of(),
                new FakeLocalLauncher()).invoke(workspace.toFile(), null);
    }

    @Test
    void inspectNamesTheSelectedStacksWithTheirCredentialIdsOnly() throws Exception {
        AgentOutcome outcome = call(Operation.INSPECT, List.of("network", "platform:*"));
        assertThat(outcome.problems()).isEmpty();
        assertThat(outcome.selectedStacks()).containsOnlyKeys("network", "platform:prod");
        assertThat(outcome.selectedStacks().get("network"))
                .containsEntry("AWS_ACCESS_KEY_ID", "aws-network-key").containsEntry("AWS_SECRET_ACCESS_KEY", "aws-network-secret");
        assertThat(outcome.recorded()).isFalse();
        assertThat(temp.resolve(AgentEngineCall.RECORD_FILE)).doesNotExist();
    }

    @Test
    void anUnknownStackInTheSelectionIsAProblemNotAnException() throws Exception {
        assertThat(call(Operation.INSPECT, List.of("nope")).problems()).singleElement().asString().contains("nope");
    }

    @Test
    void validateListsTheStacksAndReadsNoToolAndNoHistory() throws Exception {
        AgentOutcome outcome = call(Operation.VALIDATE, List.of());
        assertThat(outcome.selectedStacks()).containsOnlyKeys("network", "dns", "platform:prod", "shop-app:prod");
        assertThat(String.join("\n", outcome.stackLines())).contains("network").contains("AWS_ACCESS_KEY_ID")
                .doesNotContain("aws-network-secret-value");
        assertThat(temp.resolve(AgentEngineCall.HISTORY_DIR)).doesNotExist();
    }

    @Test
    void theRunTakesTheConfigurationItsInspectCallReadAndReadsTheFileNoMore() throws Exception {
        assertThat(call(Operation.INSPECT, List.of("network")).problems()).isEmpty();
        // were the file read again, the run would stop at this problem
        Files.writeString(workspace.resolve("stacks.yaml"), "drift: true\n");

        AgentOutcome run = call(Operation.PREVIEW, List.of("network"));
        assertThat(run.problems()).isEmpty();
        assertThat(run.recorded()).isTrue();

        // each inspection is used once: a later run of the same step directory reads the file
        assertThat(call(Operation.PREVIEW, List.of("network")).problems()).isNotEmpty();
    }

    @Test
    void aGraphCallGivesTheRunOrderFromTheFilesAndRunsNoTool() throws Exception {
        AgentOutcome outcome = call(Operation.GRAPH, List.of());
        assertThat(outcome.problems()).isEmpty();
        assertThat(outcome.runOrderEdges()).contains(List.of("dns", "network", "file"));
        List<String> order = outcome.runOrderGroups().stream().flatMap(List::stream).toList();
        assertThat(order).containsExactlyInAnyOrder("network", "dns", "platform:prod", "shop-app:prod");
        assertThat(order.indexOf("network")).isLessThan(order.indexOf("dns"));
        assertThat(outcome.selectedStacks()).hasSize(4);
        assertThat(String.join("\n", outcome.stackLines())).contains("dns").contains("network");
        assertThat(outcome.recorded()).isFalse();
        assertThat(temp.resolve(AgentEngineCall.RECORD_FILE)).doesNotExist();
    }

    @Test
    void aGraphOfABadConfigurationIsItsProblems() throws Exception {
        Files.writeString(workspace.resolve("stacks.yaml"), "drift: true\n");
        AgentOutcome outcome = call(Operation.GRAPH, List.of());
        assertThat(outcome.problems()).isNotEmpty().allSatisfy(p -> assertThat(p).startsWith("stacks.yaml:"));
        assertThat(outcome.runOrderGroups()).isEmpty();
    }

    @Test
    void configurationProblemsComeBackWithFileLineAndColumn() throws Exception {
        Files.writeString(workspace.resolve("stacks.yaml"), "drift: true\n");
        AgentOutcome outcome = call(Operation.PREVIEW, List.of());
        assertThat(outcome.problems()).isNotEmpty().allSatisfy(p -> assertThat(p).startsWith("stacks.yaml:1:"));
        assertThat(outcome.recorded()).isFalse();
    }

    @Test
    void aStackAnotherStepHoldsIsRequestInputAndTheHistoryCopyGetsNoMarkerAndNoRun() throws Exception {
        EngineRequest check = new EngineRequest(StepRequest.builder("4").stacks(List.of("network", "dns"))
                .buildEnvironment(Map.of("PATH", DemoWorkspace.pathWithSimulations(workspace))).build());

        AgentOutcome outcome = new AgentEngineCall(Operation.CHECK, check, StackCredentials.none(), listener, temp.toString(), Set.of(),
                Set.of("dns"), new FakeLocalLauncher()).invoke(workspace.toFile(), null);

        assertThat(outcome.problems()).isEmpty();
        assertThat(outcome.recorded()).isTrue();
        RunRecord record;
        try (InputStream in = Files.newInputStream(temp.resolve(AgentEngineCall.RECORD_FILE))) {
            record = RecordJson.readRun(in);
        }
        assertThat(record.rows()).filteredOn(row -> row.id().equals(StackId.of("dns"))).singleElement()
                .satisfies(row -> assertThat(row.reason()).isEqualTo("a deploy of it is running"));
        HistoryStore copy = new HistoryStore(temp.resolve(AgentEngineCall.HISTORY_DIR));
        // the engine wrote nothing into the copy: no "another build" marker, no run (the controller saves it once)
        assertThat(copy.deploysInProgress()).isEmpty();
        assertThat(copy.summaries()).isEmpty();
        assertThat(outcome.deployDigests()).isEmpty();
        assertThat(outcome.forgottenDeploys()).isEmpty();
    }

    @Test
    void aRepairsTrailEntryArrivesWholeWithTheStartOfItsDriftAndTheTimeToRepair() throws Exception {
        // the job history the controller copied: network was found drifted by build 3
        HistoryStore copy = new HistoryStore(temp.resolve(AgentEngineCall.HISTORY_DIR));
        copy.save(new RunRecord("3", RunKind.CHECK, "", 1_000L, 2_000L, List.of(TestRecords.row("network", RowState.DRIFTED)),
                List.of()));
        long since = copy.stackStatuses().get(StackId.of("network")).driftAge().since();
        EngineRequest check = new EngineRequest(StepRequest.builder("4").stacks(List.of("network"))
                .buildEnvironment(Map.of("PATH", DemoWorkspace.pathWithSimulations(workspace))).build());
        // with a secret bound, so the record goes through the mask
        StackCredentials credentials = new StackCredentials(Map.of("network", Map.of("AWS_SECRET_ACCESS_KEY", "s3cr3t-value")),
                Map.of(), SecretMask.patternOf(List.of("s3cr3t-value")));

        AgentOutcome outcome = new AgentEngineCall(Operation.CHECK, check, credentials, listener, temp.toString(), Set.of("network"),
                Set.of(), new FakeLocalLauncher()).invoke(workspace.toFile(), null);

        assertThat(outcome.problems()).isEmpty();
        RunRecord record;
        try (InputStream in = Files.newInputStream(temp.resolve(AgentEngineCall.RECORD_FILE))) {
            record = RecordJson.readRun(in);
        }
        assertThat(since).isPositive();
        assertThat(record.trail()).singleElement().satisfies(entry -> {
            assertThat(entry.repairedDrift()).isTrue();
            assertThat(entry.driftedSince()).isEqualTo(since);
            assertThat(entry.timeToRepair()).contains(Duration.ofMillis(entry.finishedAt() - since));
        });
    }

    /**
     * Stack a's tool prints the token bound for stack b, as it is and in base64, on the diagnostic that becomes a's
     * reason and on stderr: the step's mask (credentials-binding's pattern in Jenkins, made on the controller) covers
     * every bound value from the start, so neither the record, the console nor what goes back carries it.
     */
    @Test
    void aStackPrintingAnotherStacksSecretNeverReachesTheRecordTheConsoleOrTheOutcome() throws Exception {
        String token = "tok-7Hq2VxLm9PzR4KwNe";
        String base64 = Base64.getEncoder().encodeToString(token.getBytes(StandardCharsets.UTF_8));
        Path ws = Files.createDirectories(root.resolve("two"));
        for (String stack : List.of("a", "b")) {
            Files.createDirectories(ws.resolve(stack));
            Files.writeString(ws.resolve(stack + "/main.tf"), "terraform {\n}\n");
        }
        Files.writeString(ws.resolve("stacks.yaml"), """
                stacks:
                  - dir: a
                  - dir: b
                    dependsOn: [a]
                    credentials:
                      B_TOKEN: b-token
                """);
        Path tool = ws.resolve("terraform-stand-in");
        Files.writeString(tool, """
                #!/bin/sh
                case "$1" in
                  version) echo '{"terraform_version":"1.11.4","platform":"linux_amd64","provider_selections":{}}' ;;
                  plan) echo '{"type":"diagnostic","diagnostic":{"severity":"error","summary":"token @T@ rejected (@B@)"}}'
                        echo "+ export B_TOKEN=@T@ # @B@" >&2
                        exit 1 ;;
                  *) exit 0 ;;
                esac
                """.replace("@T@", token).replace("@B@", base64));
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        EngineRequest deploy = new EngineRequest(StepRequest.builder("5").toolPaths(Map.of(Tool.TERRAFORM, tool.toString())).build());
        StackCredentials credentials = new StackCredentials(Map.of("b", Map.of("B_TOKEN", token)), Map.of(),
                SecretMask.patternOf(List.of(token)));

        AgentOutcome outcome = new AgentEngineCall(Operation.DEPLOY, deploy, credentials, listener, temp.toString(), Set.of("a", "b"),
                Set.of(), new FakeLocalLauncher()).invoke(ws.toFile(), null);

        String record = Files.readString(temp.resolve(AgentEngineCall.RECORD_FILE));
        assertThat(record).contains("token **** rejected (****)");
        String back = String.join("\n", outcome.problems()) + String.join("\n", outcome.warnings()) + String.join("\n", outcome.notes());
        for (String text : List.of(record, console.toString(StandardCharsets.UTF_8), back)) {
            assertThat(text).doesNotContain(token).doesNotContain(base64.substring(0, base64.length() - 4));
        }
    }

    @Test
    void theOutcomeSavesTheRecordWithTheDigestsAndForgottenDeploysItCarries() {
        AgentOutcome outcome = AgentOutcome.builder().recorded(Map.of("network", "sha256:abc")).forgotten(Set.of("dns")).build();
        RunRecord run = new RunRecord("4", RunKind.DEPLOY, "", 1L, 40L, List.of(TestRecords.row("network", RowState.IN_SYNC),
                TestRecords.row("dns", RowState.FAILED)), List.of());

        assertThat(outcome.toSave(run).run()).isSameAs(run);
        assertThat(outcome.toSave(run).deployDigests()).containsExactly(Map.entry(StackId.of("network"), "sha256:abc"));
        assertThat(outcome.toSave(run).forgetDeploys()).containsExactly(StackId.of("dns"));
    }

    @Test
    void theCallLeavesItsEndMarkerHoweverItEndsForTheControllersBoundedWait() throws Exception {
        call(Operation.INSPECT, List.of("network"));
        assertThat(temp.resolve(AgentEngineCall.ENDED_FILE)).isRegularFile();

        Files.delete(temp.resolve(AgentEngineCall.ENDED_FILE));
        Files.writeString(workspace.resolve("stacks.yaml"), "stacks: [\n");
        call(Operation.PREVIEW, List.of());
        assertThat(temp.resolve(AgentEngineCall.ENDED_FILE)).isRegularFile();
    }

    @Test
    void anExceptionCarryingLibraryTypesGoesBackAsAPlainIOExceptionWithoutItsText() throws Exception {
        Exception jackson = new JsonParseException(null, "Unexpected character near 'hunter2'");
        IOException back = AgentEngineCall.crossable(new IllegalStateException("wrapped", jackson));
        assertThat(back.getClass()).isEqualTo(IOException.class);
        assertThat(back.getCause()).isNull();
        assertThat(back.getMessage()).contains("IllegalStateException").doesNotContain("hunter2").doesNotContain("wrapped");
        assertThat(back.getStackTrace()).isNotEmpty();

        IOException jdkOnly = new NoSuchFileException("/ws/stacks.yaml");
        assertThat(AgentEngineCall.crossable(jdkOnly)).isSameAs(jdkOnly);
        assertThat(AgentEngineCall.crossable(new IOException("read", jackson)).getCause()).isNull();
    }
}
