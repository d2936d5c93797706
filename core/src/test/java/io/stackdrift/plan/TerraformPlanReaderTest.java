package io.stackdrift.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.testing.Fixtures;

class TerraformPlanReaderTest {
    private final TerraformPlanReader reader = new TerraformPlanReader();

    @TempDir
    Path dir;

    private PlanSummary read(final String fixture) {
        return reader.read(Fixtures.fixture(fixture));
    }

    private PlanSummary readJson(final String json) throws IOException {
        Path file = dir.resolve("plan.json");
        Files.writeString(file, json);
        return reader.read(file);
    }

    @Test
    void driftSimpleHasTheRevertingUpdateAndTheDrift() {
        for (String fixture : List.of("terraform/equiv-drift_simple.plan.json", "opentofu/equiv-drift_simple.plan.json")) {
            PlanSummary summary = read(fixture);
            Change expected = new Change(Action.UPDATE, "tfcoremock_simple_resource", "tfcoremock_simple_resource.drift",
                    List.of("string"), Cause.CODE);
            assertThat(summary.failed()).as(fixture).isFalse();
            assertThat(summary.changes()).as(fixture).containsExactly(expected);
            assertThat(summary.drift()).as(fixture).containsExactly(new Change(Action.UPDATE, "tfcoremock_simple_resource",
                    "tfcoremock_simple_resource.drift", List.of("string"), Cause.DRIFT));
            assertThat(summary.replacePaths()).isEmpty();
        }
    }

    @Test
    void refreshOnlyPlanHasDriftOnly() {
        PlanSummary summary = read("terraform/equiv-drift_refresh_only.plan.json");
        assertThat(summary.failed()).isFalse();
        assertThat(summary.changes()).isEmpty();
        assertThat(summary.drift()).extracting(Change::address, Change::paths)
                .containsExactly(Tuple.tuple("tfcoremock_simple_resource.drift", List.of("string")));
    }

    @Test
    void relevantAttributesDoNotFilterDrift() {
        PlanSummary summary = read("terraform/equiv-drift_relevant_attributes.plan.json");
        assertThat(summary.changes()).extracting(Change::address)
                .containsExactly("tfcoremock_simple_resource.base", "tfcoremock_simple_resource.dependent");
        assertThat(summary.changes().get(0).paths()).containsExactly("number", "string");
        assertThat(summary.changes().get(1).paths()).containsExactly("string");
        assertThat(summary.drift()).singleElement().satisfies(d -> {
            assertThat(d.address()).isEqualTo("tfcoremock_simple_resource.base");
            assertThat(d.paths()).containsExactly("number", "string");
        });
    }

    @Test
    void replaceInBothOrdersAndItsReplacePaths() {
        for (String fixture : List.of("terraform/equiv-simple_object_replace.plan.json",
                "opentofu/equiv-simple_object_replace.plan.json")) {
            PlanSummary summary = read(fixture);
            assertThat(summary.changes()).as(fixture).containsExactly(
                    new Change(Action.REPLACE, "tfcoremock_object", "tfcoremock_object.object", List.of("id"), Cause.CODE));
            assertThat(summary.replacePaths()).as(fixture).isEqualTo(Map.of("tfcoremock_object.object", List.of("id")));
        }
    }

    @Test
    void dataSourceReadsAreNotChangesAndCreatesNameNoPaths() {
        PlanSummary summary = read("terraform/equiv-data_read.plan.json");
        assertThat(summary.changes()).extracting(Change::action, Change::address).containsExactly(
                Tuple.tuple(Action.CREATE, "tfcoremock_simple_resource.create"),
                Tuple.tuple(Action.CREATE, "module.create.local_file.data_file"),
                Tuple.tuple(Action.CREATE, "module.create.random_integer.random"));
        assertThat(summary.changes()).allSatisfy(c -> assertThat(c.paths()).isEmpty());
        assertThat(summary.drift()).isEmpty();
    }

    @Test
    void deleteWithoutConfiguration() {
        PlanSummary summary = read("terraform/equiv-local_provider_delete.plan.json");
        assertThat(summary.changes()).containsExactly(new Change(Action.DELETE, "local_file", "local_file.local_file", List.of(),
                Cause.CODE));
    }

    @Test
    void complexUpdateNamesEveryChangedLeafPath() {
        PlanSummary summary = read("terraform/equiv-fully_populated_complex_update.plan.json");
        assertThat(summary.changes()).singleElement().satisfies(change -> {
            assertThat(change.action()).isEqualTo(Action.UPDATE);
            assertThat(change.address()).isEqualTo("tfcoremock_complex_resource.complex");
            assertThat(change.paths()).containsExactly("float", "integer", "list[1].string", "list[2].list[2].number",
                    "list[2].list[3]", "list[3].set[1].number", "list[3].string", "list_block[2]", "map.key_four.set[2]",
                    "map.key_four.set[3]", "map.key_three.list[1].number", "map.key_three.list[2].number",
                    "map.key_three.list[3]", "number", "object.bool", "object.object.number", "set_block[2].string");
        });
    }

    @Test
    void olderFormatVersionWithCountIndexesAndModules() {
        PlanSummary summary = read("terraform/tfjson-120_basic.plan.json");
        assertThat(summary.failed()).isFalse();
        assertThat(summary.toolVersion()).isEqualTo("1.2.0-rc1");
        assertThat(summary.changes()).extracting(Change::address).containsExactly("module.foo.null_resource.aliased",
                "module.foo.null_resource.foo", "null_resource.bar", "null_resource.baz[0]", "null_resource.baz[1]",
                "null_resource.baz[2]", "null_resource.foo");
        assertThat(summary.changes()).allSatisfy(c -> assertThat(c.action()).isEqualTo(Action.CREATE));
    }

    @Test
    void failingChecksAloneAreNotAFailure() {
        PlanSummary summary = read("terraform/showjson-conditions.refresh-only.plan.json");
        assertThat(summary.failed()).isFalse();
        assertThat(summary.changes()).isEmpty();
        assertThat(summary.drift()).isEmpty();
        assertThat(summary.toolVersion()).isEqualTo("1.8.0-dev");
    }

    @Test
    void anErroredPlanFailsWithoutChanges() {
        PlanSummary summary = read("terraform/showjson-plan-error.plan.json");
        assertThat(summary.failed()).isTrue();
        assertThat(summary.failureReason()).contains("errored: true");
        assertThat(summary.changes()).isEmpty();
    }

    @Test
    void erroredFailsEvenWithChangesListed() throws IOException {
        PlanSummary summary = readJson("{\"format_version\":\"1.2\",\"resource_changes\":[{\"address\":\"a.b\",\"type\":\"a\","
                + "\"change\":{\"actions\":[\"create\"]}}],\"errored\":true}");
        assertThat(summary.failed()).isTrue();
        assertThat(summary.changes()).isEmpty();
    }

    @Test
    void unknownMajorFormatVersionFails() throws IOException {
        assertThat(readJson("{\"format_version\":\"2.0\",\"resource_changes\":[]}").failureReason())
                .isEqualTo("unknown plan format version 2.0 (this version reads 0.x and 1.x)");
        assertThat(readJson("{\"format_version\":\"0.1\",\"planned_values\":{}}").failed()).isFalse();
        assertThat(readJson("{\"resource_changes\":[]}").failureReason()).contains("no format_version");
    }

    @Test
    void aStateIsNotAPlan() throws IOException {
        PlanSummary state = readJson("{\"format_version\":\"1.0\",\"terraform_version\":\"1.9.0\",\"values\":{\"root_module\":"
                + "{\"resources\":[{\"address\":\"aws_db_instance.main\",\"values\":{\"password\":\"hunter2\"}}]}}}");
        assertThat(state.failed()).isTrue();
        assertThat(state.failureReason()).isEqualTo("a state (show -json of a state), not a plan: show the saved plan file instead");
        assertThat(state.toString()).doesNotContain("hunter2");
        assertThat(readJson("{\"format_version\":\"1.0\",\"terraform_version\":\"1.9.0\"}").failureReason())
                .isEqualTo("not a Terraform/OpenTofu plan: it has none of planned_values, resource_changes, resource_drift, prior_state, "
                        + "configuration, output_changes");
        Path sniffed = Files.writeString(dir.resolve("state.json"), "{\"format_version\":\"1.0\",\"values\":{}}");
        assertThat(PlanReaders.sniffing().read(sniffed).failureReason()).startsWith("a state");
    }

    @Test
    void replaceOrdersForgetAndImport() throws IOException {
        PlanSummary summary = readJson("{\"format_version\":\"1.2\",\"resource_changes\":["
                + change("a.cbd", "[\"create\",\"delete\"]", "")
                + "," + change("a.cf", "[\"create\",\"forget\"]", "")
                + "," + change("a.fc", "[\"forget\",\"create\"]", "")
                + "," + change("a.forget", "[\"forget\"]", "")
                + "," + change("a.import", "[\"no-op\"]", ",\"importing\":{\"id\":\"x\"}")
                + "," + change("a.noop", "[\"no-op\"]", "")
                + "," + change("a.read", "[\"read\"]", "")
                + "]}");
        assertThat(summary.changes()).extracting(Change::address, Change::action).containsExactly(
                Tuple.tuple("a.cbd", Action.REPLACE),
                Tuple.tuple("a.cf", Action.REPLACE),
                Tuple.tuple("a.fc", Action.REPLACE),
                Tuple.tuple("a.forget", Action.FORGET),
                Tuple.tuple("a.import", Action.IMPORT));
    }

    @Test
    void sensitivePathsStopAtTheSensitiveAttribute() throws IOException {
        String before = "{\"tags\":{\"Name\":\"a\",\"k.8s/x\":\"1\"},\"secret\":{\"key1\":\"v\"},\"list\":[{\"p\":\"x\"}],\"same\":\"s\"}";
        String after = "{\"tags\":{\"Name\":\"b\",\"k.8s/x\":\"2\"},\"secret\":{\"key2\":\"v\"},\"list\":[{\"p\":\"y\"},{\"p\":\"z\"}]"
                + ",\"same\":\"s\",\"new\":null}";
        PlanSummary summary = readJson("{\"format_version\":\"1.2\",\"resource_changes\":[{\"address\":\"t.x\",\"type\":\"t\","
                + "\"change\":{\"actions\":[\"update\"],\"before\":" + before + ",\"after\":" + after
                + ",\"after_unknown\":{\"computed\":true},\"before_sensitive\":{\"secret\":true},\"after_sensitive\":{\"secret\":{\"ke"
                        + "y2\":true}},"
                + "\"replace_paths\":[[\"secret\",\"key2\"],[\"list\",0,\"p\"]]}}]}");
        assertThat(summary.changes()).singleElement().satisfies(change -> assertThat(change.paths()).containsExactly(
                "computed", "list[0].p", "list[1]", "secret", "tags.Name", "tags[\"k.8s/x\"]"));
        assertThat(summary.replacePaths()).isEqualTo(Map.of("t.x", List.of("secret", "list[0].p")));
    }

    private static String change(final String address, final String actions, final String extra) {
        return "{\"address\":\"" + address + "\",\"type\":\"a\",\"change\":{\"actions\":" + actions + extra + "}}";
    }

    @Test
    void unknownActionsFailThePlanClosedWithTheReason() throws IOException {
        for (String actions : List.of("[\"teleport\"]", "[\"UPDATE\"]", "[]", "[\"create\",\"update\"]", "[\"update\",7]")) {
            PlanSummary summary = readJson("{\"format_version\":\"1.2\",\"resource_changes\":[" + change("a.ok", "[\"update\"]", "")
                    + "," + change("a.odd", actions, "") + "]}");
            assertThat(summary.failed()).as(actions).isTrue();
            assertThat(summary.failureReason()).as(actions).startsWith("resource_changes[1] has an unknown action [");
            assertThat(summary.changes()).isEmpty();
        }
        PlanSummary drift = readJson("{\"format_version\":\"1.2\",\"resource_drift\":[" + change("a.d", "[\"teleport\"]", "") + "]}");
        assertThat(drift.failureReason()).isEqualTo("resource_drift[0] has an unknown action [teleport] (this version reads no-op, "
                + "create, read, update, delete, forget and their replace pairs)");
        // the word is cut to safe characters: a hostile action never reaches a reason raw
        assertThat(readJson("{\"format_version\":\"1.2\",\"resource_changes\":[" + change("a.x", "[\"<b>x</b>\"]", "") + "]}")
                .failureReason()).contains("[?b?x??b?]");
    }
}
