package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.engine.ReportRequest;
import io.stackdrift.engine.RunOutcome;
import io.stackdrift.engine.StackDriftEngine;
import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.Problem;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;
import io.stackdrift.spi.ReportedFile;
import io.stackdrift.testing.Fixtures;

class RunJsonWriterTest {
    /** Rewrite with {@code -Dstackdrift.golden.update=true}, then review the diff. */
    private static final Path GOLDEN = Paths.get("src", "test", "resources", "golden", "render", "run.json");
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-29T19:45:00Z"), ZoneOffset.UTC);

    @Test
    void aCheckIsWrittenAsTheGoldenFileSays() throws IOException {
        long at = Instant.parse("2026-11-29T19:45:00Z").toEpochMilli();
        Change drift = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags.Owner"), Cause.DRIFT);
        Change code = new Change(Action.CREATE, "aws_route53_record", "aws_route53_record.www", List.of(), Cause.CODE);
        Row dns = Row.of(StackId.of("dns"), Tool.TERRAFORM, "dns", RowState.PENDING_DRIFTED, "").withChanges(ChangeList.of(List.of(code)))
                .withDrift(ChangeList.of(List.of(drift))).withDependsOn(List.of(StackId.of("platform:prod")))
                .withFileDependsOn(List.of(StackId.of("network"))).withDriftAge(new DriftAge(at - 60_000, 2));
        Row network = Row.of(StackId.of("network"), Tool.TOFU, "network", RowState.REPAIRED, "mode correct: put back")
                .withDrift(List.of(drift));
        TrailEntry repair = new TrailEntry(StackId.of("network"), "run-1", at, at + 1000, TrailResult.DEPLOYED, true,
                List.of("aws_vpc.main.tags.Owner"), "", at - 62_000);
        RunRecord run = new RunRecord("run-1", RunKind.CHECK, "drift check started by hand", at, at + 2000,
                List.of(network, dns), List.of(repair));
        RunOutcome outcome = new RunOutcome(Optional.of(run), List.of(),
                List.of(new Problem("stacks.yaml", 3, 5, "a warning", "a hint")), List.of("a note"));

        String written = write(outcome);

        if (Boolean.getBoolean("stackdrift.golden.update")) {
            Files.createDirectories(GOLDEN.getParent());
            Files.writeString(GOLDEN, written, StandardCharsets.UTF_8);
        }
        assertThat(written).isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8));
    }

    @Test
    void anInvalidConfigurationWritesTheVersionTheExitCodeAndTheProblemsOnly() throws IOException {
        RunOutcome outcome = RunOutcome.invalidConfig(List.of(new Problem("stacks.yaml", 1, 1, "bad", "fix")), List.of());

        JsonNode json = MAPPER.readTree(write(outcome));

        assertThat(json.properties()).extracting(Map.Entry::getKey)
                .containsExactly("schemaVersion", "exitCode", "problems", "warnings", "notes");
        assertThat(json.get("schemaVersion").asInt()).isEqualTo(RunJsonWriter.SCHEMA_VERSION);
        assertThat(json.get("exitCode").asInt()).isEqualTo(RunOutcome.ERROR);
    }

    @Test
    void aReportStreamedThroughItsSpillReadsAsTheSameReportHeldInMemory() throws IOException {
        JsonNode rows = spilledReadsAsHeld(List.of(Fixtures.terraform("lifecycle/2-changes.plan.json"),
                Fixtures.terraform("errored/plan.json")));

        assertThat(rows.get(0).get("changes")).hasSize(12);
        assertThat(rows.get(0).get("drift")).isEmpty();
    }

    @Test
    void aReportWithDriftAndAPulumiDigestStreamedThroughItsSpillReadsAsTheSameReportHeldInMemory() throws IOException {
        JsonNode rows = spilledReadsAsHeld(List.of(Fixtures.fixture("terraform/equiv-drift_simple.plan.json"),
                Fixtures.fixture("terraform/showjson-plan-error.plan.json"),
                Fixtures.fixture("pulumi/stratify-preview-update.preview.json")));

        assertThat(rows.get(0).get("drift")).hasSize(1);
        assertThat(rows.get(2).get("format").asText()).isEqualTo("pulumi preview");
    }

    /** The rows of the run JSON of a report of {@code files}, whose first is a plan and second a failed one. */
    private static JsonNode spilledReadsAsHeld(final List<Path> files) throws IOException {
        String streamed;
        String held;
        List<Path> spillFiles;
        try (ReportSpill spill = new ReportSpill()) {
            RunOutcome outcome = StackDriftEngine.report(new ReportRequest(files, "report", "", ReportRequest.Keep.CHANGES), CLOCK, spill);
            streamed = write(outcome, spill);
            held = write(outcome);
            spillFiles = spill.files().stream().flatMap(f -> Stream.concat(f.code().stream(), f.drift().stream())).toList();
            assertThat(spill.files()).extracting(ReportSpill.SpilledFile::read).extracting(ReportedFile::file)
                    .containsExactlyElementsOf(files);
        }

        JsonNode fromSpill = MAPPER.readTree(streamed);
        JsonNode inMemory = MAPPER.readTree(held);
        JsonNode rows = fromSpill.get("rows").deepCopy();
        assertThat(rows.get(0).get("file").asText()).isEqualTo(files.get(0).toString());
        assertThat(rows.get(0).get("format").asText()).isEqualTo("terraform plan");
        assertThat(rows.get(1).get("state").asText()).isEqualTo("failed");
        assertThat(rows.get(1).get("changes")).isEmpty();
        for (JsonNode row : fromSpill.get("rows")) {
            ((ObjectNode) row).put("file", "").put("format", "").put("toolVersion", "");
        }
        assertThat(fromSpill).isEqualTo(inMemory);
        assertThat(spillFiles).isNotEmpty().allSatisfy(file -> assertThat(file).doesNotExist());
        return rows;
    }

    @Test
    void aSpillDeletesItsFilesAlsoOfAFileWhoseReadThrew(@TempDir final Path dir) throws IOException {
        try (ReportSpill spill = new ReportSpill(dir)) {
            spill.change(Path.of("a.json"), new Change(Action.CREATE, "a", "a.b", List.of(), Cause.CODE));
            spill.change(Path.of("a.json"), new Change(Action.UPDATE, "a", "a.b", List.of("x"), Cause.DRIFT));
            spill.fileRead(new ReportedFile(Path.of("a.json"), "terraform plan", "", RowState.PENDING_DRIFTED, "", 1, 1,
                    StackId.of("a.json")));
            // the next file's read throws after its first change: the file stays open
            spill.change(Path.of("b.json"), new Change(Action.CREATE, "a", "a.c", List.of(), Cause.CODE));
            try (Stream<Path> files = Files.list(dir)) {
                assertThat(files).hasSize(3);
            }
            assertThat(MAPPER.readTree(spill.files().get(0).drift().orElseThrow().toFile()).toString())
                    .isEqualTo("[{\"cause\":\"drift\",\"action\":\"update\",\"type\":\"a\",\"address\":\"a.b\",\"paths\":[\"x\"]}]");
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }

    private static String write(final RunOutcome outcome) throws IOException {
        StringWriter out = new StringWriter();
        RunJsonWriter.write(outcome, out);
        return out.toString();
    }

    private static String write(final RunOutcome outcome, final ReportSpill spill) throws IOException {
        StringWriter out = new StringWriter();
        RunJsonWriter.write(outcome, spill, out);
        return out.toString();
    }
}
