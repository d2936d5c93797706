package io.stackdrift.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.testing.Fixtures;

class TerraformStreamReaderTest {
    private final TerraformStreamReader reader = new TerraformStreamReader();

    @TempDir
    Path dir;

    private PlanSummary lines(final String... lines) throws IOException {
        Path file = dir.resolve("plan.jsonl");
        Files.writeString(file, String.join("\n", lines) + "\n");
        return reader.read(file);
    }

    /** The changes of a stream as a set: Terraform writes its lines from concurrent walks, in no fixed order. */
    private static List<Change> sorted(final PlanSummary summary) {
        return summary.changes().toList().stream().sorted(Comparator.comparing(Change::address)).toList();
    }

    @Test
    void aPlanStreamHasTheResourceChangesOfItsPlanWithoutPaths() {
        for (String plan : List.of("new-stack/plan", "lifecycle/1-baseline.plan", "lifecycle/2-changes.plan", "lifecycle/4-destroy.plan")) {
            PlanSummary stream = reader.read(Fixtures.terraform(plan + "-stream.jsonl"));
            PlanSummary json = new TerraformPlanReader().read(Fixtures.terraform(plan + ".json"));

            assertThat(stream.failed()).as(plan).isFalse();
            assertThat(stream.toolVersion()).as(plan).isEqualTo("1.11.4");
            assertThat(stream.drift()).as(plan).isEmpty();
            // the stream names no attributes; its outputs messages are not read (only the plan JSON's output_changes are)
            assertThat(sorted(stream)).as(plan).isNotEmpty().isEqualTo(json.changes().toList().stream().filter(c -> !c.isOutput())
                    .map(c -> c.withPaths(List.of())).sorted(Comparator.comparing(Change::address)).toList());
        }
    }

    @Test
    void everyKindOfPlannedChange() {
        PlanSummary summary = reader.read(Fixtures.terraform("lifecycle/2-changes.plan-stream.jsonl"));

        // the move (action move) is no change; replace in both orders is one word in the stream; remove is a forget
        assertThat(sorted(summary)).extracting(Change::action, Change::address).containsExactly(
                Tuple.tuple(Action.CREATE, "terraform_data.c"), Tuple.tuple(Action.FORGET, "terraform_data.f"),
                Tuple.tuple(Action.DELETE, "terraform_data.n[1]"), Tuple.tuple(Action.UPDATE, "terraform_data.s"),
                Tuple.tuple(Action.REPLACE, "terraform_data.w"), Tuple.tuple(Action.UPDATE, "terraform_data.x"),
                Tuple.tuple(Action.REPLACE, "terraform_data.y"), Tuple.tuple(Action.DELETE, "terraform_data.z"));
        assertThat(summary.changes()).allSatisfy(c -> assertThat(c.type()).isEqualTo("terraform_data"));
    }

    @Test
    void importPlanStream() {
        PlanSummary summary = reader.read(Fixtures.terraform("lifecycle/1-baseline.plan-stream.jsonl"));

        // an import alone is an import; an import that also sets the input is an update
        assertThat(sorted(summary)).filteredOn(c -> c.action() == Action.IMPORT).extracting(Change::address)
                .containsExactly("terraform_data.w", "terraform_data.y");
        assertThat(summary.changes()).filteredOn(c -> c.action() != Action.IMPORT)
                .hasSize(7).allSatisfy(c -> assertThat(c.action()).isEqualTo(Action.UPDATE));
    }

    @Test
    void aDataSourceReadDuringThePlanIsNoChange() {
        // Terraform 1.11 reports the refresh of data.terraform_remote_state.net as apply_start/apply_complete (read)
        PlanSummary summary = reader.read(Fixtures.terraform("remote-state/app.refresh-only.plan-stream.jsonl"));

        assertThat(summary.failed()).isFalse();
        assertThat(summary.changes()).noneMatch(c -> c.address().startsWith("data."));
        assertThat(summary.drift()).isEmpty();
    }

    @Test
    void olderUiVersionFullPlanStream() {
        PlanSummary summary = reader.read(Fixtures.fixture("terraform/tfc-plan-json-full.plan-stream.jsonl"));
        assertThat(summary.failed()).isFalse();
        assertThat(summary.toolVersion()).isEqualTo("1.3.7");
        assertThat(summary.changes()).containsExactly(
                new Change(Action.UPDATE, "tfcoremock_simple_resource", "tfcoremock_simple_resource.example", List.of(), Cause.CODE),
                new Change(Action.CREATE, "tfcoremock_complex_resource", "tfcoremock_complex_resource.example", List.of(), Cause.CODE));
        assertThat(summary.drift()).isEmpty();
    }

    @Test
    void theFirstErrorDiagnosticIsTheReason() {
        PlanSummary invalid = reader.read(Fixtures.terraform("invalid-reference/plan-stream.jsonl"));
        // a failed precondition: Terraform prints the change summary first, then the error
        PlanSummary errored = reader.read(Fixtures.terraform("errored/plan-stream.jsonl"));

        // the summary only: the detail explains with what the configuration says, the snippet quotes values
        assertThat(invalid.failed()).isTrue();
        assertThat(invalid.failureReason()).isEqualTo("Reference to undeclared resource");
        assertThat(errored.failed()).isTrue();
        assertThat(errored.failureReason()).isEqualTo("Resource precondition failed");
        assertThat(List.of(invalid, errored)).allSatisfy(summary -> assertThat(summary.changes()).isEmpty());
        assertThat(errored.toString()).doesNotContain("fake-value");
    }

    @Test
    void anApplyStreamIsNotAPlanAndShowsNoValue() {
        for (String apply : List.of("new-stack/apply-stream.jsonl", "lifecycle/2-changes.apply-stream.jsonl")) {
            PlanSummary summary = reader.read(Fixtures.terraform(apply));
            assertThat(summary.failed()).as(apply).isTrue();
            assertThat(summary.failureReason()).as(apply).isEqualTo("an apply log (apply -json), not a plan");
            assertThat(summary.changes()).as(apply).isEmpty();
            // its outputs message carries the plain outputs' values
            assertThat(summary.toString()).as(apply).doesNotContain("\"one\"", "added in step 2");
        }
    }

    @Test
    void aStreamCutBeforeItsChangeSummaryFails() throws IOException {
        List<String> full = Files.readAllLines(Fixtures.terraform("new-stack/plan-stream.jsonl"));
        int summaryLine = 0;
        while (!full.get(summaryLine).contains("\"type\":\"change_summary\"")) {
            summaryLine++;
        }
        for (int lines = 1; lines <= summaryLine; lines++) {
            PlanSummary summary = lines(full.subList(0, lines).toArray(String[]::new));
            assertThat(summary.failed()).as("the first %d lines", lines).isTrue();
            assertThat(summary.failureReason()).isEqualTo("the stream ends before its change summary (truncated?)");
            assertThat(summary.changes()).isEmpty();
        }
        assertThat(lines(full.subList(0, summaryLine + 1).toArray(String[]::new)).changes()).hasSize(2);
    }

    @Test
    void anApplyWithoutAPlanFileIsNotAPlanThoughItStartsWithOne() throws IOException {
        // terraform 1.11 apply -json: the plan's change_summary comes first, then the apply's
        PlanSummary summary = lines("{\"type\":\"version\",\"terraform\":\"1.11.4\",\"ui\":\"1.2\"}",
                "{\"type\":\"change_summary\",\"changes\":{\"add\":0,\"change\":0,\"import\":0,\"remove\":0,\"operation\":\"plan\"}}",
                "{\"type\":\"outputs\",\"outputs\":{\"x\":{\"sensitive\":false,\"action\":\"create\"}}}",
                "{\"type\":\"change_summary\",\"changes\":{\"add\":0,\"change\":0,\"import\":0,\"remove\":0,\"operation\":\"apply\"}}",
                "{\"type\":\"outputs\",\"outputs\":{\"x\":{\"sensitive\":false,\"type\":\"string\",\"value\":\"hunter2\"}}}");
        assertThat(summary.failureReason()).isEqualTo("an apply log (apply -json), not a plan");
        assertThat(summary.toString()).doesNotContain("hunter2");
    }

    @Test
    void aDestroyOrUnknownSummaryIsNotAPlan() throws IOException {
        String version = "{\"type\":\"version\",\"terraform\":\"1.9.0\",\"ui\":\"1.2\"}";
        assertThat(lines(version,
                "{\"type\":\"change_summary\",\"changes\":{\"add\":0,\"change\":0,\"remove\":1,\"operation\":\"destroy\"}}")
                .failureReason()).isEqualTo("a destroy log (destroy -json), not a plan");
        assertThat(lines(version, "{\"type\":\"change_summary\",\"changes\":{\"operation\":\"teleport\"}}").failureReason())
                .isEqualTo("the change summary is of an unknown operation teleport, not a plan");
    }

    @Test
    void openTofuStreamWithADataSourceRead() {
        PlanSummary summary = reader.read(Fixtures.fixture("opentofu/cmdtest-plan.plan-stream.jsonl"));
        assertThat(summary.changes()).containsExactly(
                new Change(Action.CREATE, "test_instance", "test_instance.foo", List.of(), Cause.CODE));
    }

    @Test
    void equivalenceArrayFormOfAnApplyIsReadAndRefused() {
        for (String fixture : List.of("terraform/equiv-drift_simple.apply-stream.json", "opentofu/equiv-drift_simple.apply-stream.json")) {
            PlanSummary summary = reader.read(Fixtures.fixture(fixture));
            assertThat(summary.failed()).as(fixture).isTrue();
            assertThat(summary.failureReason()).as(fixture).isEqualTo("an apply log (apply -json), not a plan");
        }
    }

    @Test
    void arrayFormOfAPlan() throws IOException {
        Path file = dir.resolve("plan.json");
        Files.writeString(file, "[{\"type\":\"planned_change\",\"change\":{\"action\":\"update\",\"resource\":{\"addr\":\"a.x\","
                + "\"resource_type\":\"a\"}}},{\"type\":\"change_summary\",\"changes\":{\"add\":0,\"change\":1,\"remove\":0,"
                + "\"operation\":\"plan\"}}]");
        PlanSummary summary = reader.read(file);
        assertThat(summary.failed()).isFalse();
        assertThat(summary.changes()).containsExactly(new Change(Action.UPDATE, "a", "a.x", List.of(), Cause.CODE));
    }

    @Test
    void driftMessagesAndActions() throws IOException {
        PlanSummary summary = lines(
                "{\"type\":\"version\",\"tofu\":\"1.9.0\",\"ui\":\"1.2\"}",
                "{\"type\":\"resource_drift\",\"change\":{\"resource\":{\"addr\":\"a.x\",\"resource_type\":\"a\"},\"action\":\"update\"}}",
                "{\"type\":\"resource_drift\",\"change\":{\"resource\":{\"addr\":\"a.y\",\"resource_type\":\"a\"},\"action\":\"delete\"}}",
                "{\"type\":\"resource_drift\",\"change\":{\"resource\":{\"addr\":\"a.m\",\"resource_type\":\"a\"},\"action\":\"move\"}}",
                "{\"type\":\"planned_change\",\"change\":{\"resource\":{\"addr\":\"a.r\",\"resource_type\":\"a\"},\"action\":\"replace\"}}",
                "{\"type\":\"planned_change\",\"change\":{\"resource\":{\"addr\":\"a.f\",\"resource_type\":\"a\"},\"action\":\"remove\"}}",
                "{\"type\":\"planned_change\",\"change\":{\"resource\":{\"addr\":\"data.a.d\",\"resource_type\":\"a\"},\"action\":\"re"
                        + "ad\"}}",
                "{\"type\":\"diagnostic\",\"diagnostic\":{\"severity\":\"warning\",\"summary\":\"just a warning\"}}",
                "{\"type\":\"change_summary\",\"changes\":{\"add\":1,\"change\":0,\"remove\":1,\"operation\":\"plan\"}}");
        assertThat(summary.failed()).isFalse();
        assertThat(summary.toolVersion()).isEqualTo("1.9.0");
        assertThat(summary.drift()).extracting(Change::address, Change::action).containsExactly(
                Tuple.tuple("a.x", Action.UPDATE), Tuple.tuple("a.y", Action.DELETE));
        assertThat(summary.changes()).extracting(Change::address, Change::action).containsExactly(
                Tuple.tuple("a.r", Action.REPLACE), Tuple.tuple("a.f", Action.FORGET));
    }

    @Test
    void theDetailOfADiagnosticNeverShows() throws IOException {
        PlanSummary summary = lines("{\"type\":\"version\",\"terraform\":\"1.9.0\",\"ui\":\"1.2\"}",
                "{\"type\":\"diagnostic\",\"diagnostic\":{\"severity\":\"error\",\"summary\":\"Invalid value for variable\","
                        + "\"detail\":\"The password hunter2 is too short.\"}}");
        assertThat(summary.failureReason()).isEqualTo("Invalid value for variable");
    }

    @Test
    void unknownUiMajorVersionFails() throws IOException {
        assertThat(lines("{\"type\":\"version\",\"terraform\":\"9.0\",\"ui\":\"2.0\"}").failureReason())
                .isEqualTo("unknown UI stream version 2.0 (this version reads 0.x and 1.x)");
    }

    @Test
    void aLineThatIsNotJsonFails() throws IOException {
        PlanSummary summary = lines("{\"type\":\"version\",\"terraform\":\"1.3.7\",\"ui\":\"1.0\"}", "Error: secret-ish text");
        assertThat(summary.failed()).isTrue();
        assertThat(summary.failureReason()).isEqualTo("the file is not valid JSON (line 2, column 1)").doesNotContain("secret");
    }

    @Test
    void unknownActionsFailTheStreamClosed() throws IOException {
        String version = "{\"type\":\"version\",\"terraform\":\"1.9.0\",\"ui\":\"1.2\"}";
        String summary = "{\"type\":\"change_summary\",\"changes\":{\"add\":0,\"change\":1,\"remove\":0,\"operation\":\"plan\"}}";
        for (String action : List.of("\"teleport\"", "\"UPDATE\"", "\"\"", "[]")) {
            PlanSummary read = lines(version, "{\"type\":\"planned_change\",\"change\":{\"resource\":{\"addr\":\"a.x\","
                    + "\"resource_type\":\"a\"},\"action\":" + action + "}}", summary);
            assertThat(read.failed()).as(action).isTrue();
            assertThat(read.failureReason()).as(action).startsWith("a planned_change message has an unknown action");
        }
        assertThat(lines(version, "{\"type\":\"resource_drift\",\"change\":{\"resource\":{\"addr\":\"a.x\",\"resource_type\":\"a\"},"
                + "\"action\":\"teleport\"}}", summary).failureReason())
                        .isEqualTo("a resource_drift message has an unknown action teleport");
    }
}
