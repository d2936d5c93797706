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
        assertThat(summary.changes().toList().get(0).paths()).containsExactly("number", "string");
        assertThat(summary.changes().toList().get(1).paths()).containsExactly("string");
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
                "null_resource.baz[2]", "null_resource.foo", "output", "output", "output", "output", "output", "output", "output",
                "output");
        assertThat(summary.changes()).allSatisfy(c -> assertThat(c.action()).isEqualTo(Action.CREATE));
        // the outputs the plan creates, each named by its name (never its value)
        assertThat(summary.changes()).filteredOn(c -> c.type().equals(TerraformPlanReader.OUTPUT)).flatExtracting(Change::paths)
                .containsExactly("foo", "interpolated", "interpolated_deep", "list", "map", "referenced", "referenced_deep", "string");
    }

    @Test
    void failingChecksAloneAreNotAFailure() {
        // a refresh-only plan: its output foo_id is one the code creates, not drift
        PlanSummary summary = new TerraformPlanReader(TerraformPlanKind.REFRESH_ONLY)
                .read(Fixtures.fixture("terraform/showjson-conditions.refresh-only.plan.json"));
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

    // ------------------------------------------------------------------------------ output changes

    private static final String OUTPUTS_PLAN = "{\"format_version\":\"1.2\",\"planned_values\":{\"root_module\":{}},"
            + "\"output_changes\":{"
            + "\"same\":{\"actions\":[\"no-op\"],\"before\":\"v-same\",\"after\":\"v-same\"},"
            + "\"added\":{\"actions\":[\"create\"],\"before\":null,\"after\":\"v-added\",\"after_unknown\":false},"
            + "\"changed\":{\"actions\":[\"update\"],\"before\":\"v-old\",\"after\":\"v-new\"},"
            + "\"secret\":{\"actions\":[\"update\"],\"before\":\"s3cr3t-1\",\"after\":\"s3cr3t-2\",\"before_sensitive\":true,"
            + "\"after_sensitive\":true},"
            + "\"gone\":{\"actions\":[\"delete\"],\"before\":{\"k\":\"v-gone\"},\"after\":null}}}";

    @Test
    void outputChangesArePendingChangesNamedByTheOutputNeverItsValue() throws IOException {
        // by name, whatever the order of the keys
        PlanSummary summary = readJson(OUTPUTS_PLAN);

        assertThat(summary.failed()).isFalse();
        assertThat(summary.changes()).containsExactly(
                new Change(Action.CREATE, "output", "output", List.of("added"), Cause.CODE),
                new Change(Action.UPDATE, "output", "output", List.of("changed"), Cause.CODE),
                new Change(Action.DELETE, "output", "output", List.of("gone"), Cause.CODE),
                new Change(Action.UPDATE, "output", "output", List.of("secret"), Cause.CODE));
        assertThat(summary.drift()).isEmpty();
        assertThat(summary.toString()).doesNotContain("v-", "s3cr3t");
    }

    @Test
    void anUnknownOutputActionFailsThePlanClosed() throws IOException {
        for (String actions : List.of("[\"teleport\"]", "[]", "[\"create\",\"delete\"]", "[7]")) {
            PlanSummary summary = readJson("{\"format_version\":\"1.2\",\"output_changes\":{\"o\":{\"actions\":" + actions
                    + ",\"after\":\"v\"}}}");
            assertThat(summary.failed()).as(actions).isTrue();
            assertThat(summary.failureReason()).as(actions).isEqualTo(
                    "output_changes has an unknown action for an output (this version reads no-op, create, update and delete)");
        }
        assertThat(readJson("{\"format_version\":\"1.2\",\"output_changes\":{\"o\":{\"after\":\"v\"}}}").failed()).isTrue();
    }

    @Test
    void inARefreshOnlyPlanOnlyOutputsThatFollowDriftAreDrift() throws IOException {
        String plan = "{\"format_version\":\"1.2\",\"planned_values\":{\"root_module\":{}},"
                + "\"resource_drift\":[{\"address\":\"aws_x.a[0]\",\"type\":\"aws_x\",\"change\":{\"actions\":[\"update\"],"
                + "\"before\":{\"n\":\"1\"},\"after\":{\"n\":\"2\"}}},"
                + "{\"address\":\"module.m.aws_y.b\",\"type\":\"aws_y\",\"change\":{\"actions\":[\"delete\"],\"before\":{},"
                + "\"after\":null}}],"
                + "\"output_changes\":{"
                + "\"from_a\":{\"actions\":[\"update\"],\"before\":\"1\",\"after\":\"2\"},"
                + "\"from_module\":{\"actions\":[\"update\"],\"before\":\"1\",\"after\":\"2\"},"
                + "\"from_data\":{\"actions\":[\"update\"],\"before\":\"1\",\"after\":\"2\"},"
                + "\"from_var\":{\"actions\":[\"update\"],\"before\":\"1\",\"after\":\"2\"},"
                + "\"from_other\":{\"actions\":[\"update\"],\"before\":\"1\",\"after\":\"2\"},"
                + "\"added_in_code\":{\"actions\":[\"create\"],\"before\":null,\"after\":\"x\"}},"
                + "\"configuration\":{\"provider_config\":{\"p\":{\"name\":\"p\"}},\"root_module\":{"
                + "\"resources\":[{\"address\":\"aws_x.a\",\"expressions\":{\"n\":{\"references\":[\"var.v\"]}}}],"
                + "\"outputs\":{"
                + "\"from_a\":{\"expression\":{\"references\":[\"aws_x.a[0].n\",\"aws_x.a[0]\",\"aws_x.a\"]}},"
                + "\"from_module\":{\"expression\":{\"references\":[\"module.m.out\",\"module.m\"]}},"
                + "\"from_data\":{\"expression\":{\"references\":[\"data.terraform_remote_state.net.outputs\"]}},"
                + "\"from_var\":{\"expression\":{\"references\":[\"var.v\"]}},"
                + "\"from_other\":{\"expression\":{\"references\":[\"aws_x.ab.n\"]}},"
                + "\"added_in_code\":{\"expression\":{\"constant_value\":\"x\"}}}}}}";

        PlanSummary check = new TerraformPlanReader(TerraformPlanKind.REFRESH_ONLY).read(write(plan));
        PlanSummary preview = new TerraformPlanReader(TerraformPlanKind.PLAN).read(write(plan));

        assertThat(check.failed()).isFalse();
        assertThat(check.changes()).isEmpty();
        assertThat(check.drift()).filteredOn(c -> c.type().equals("output")).flatExtracting(Change::paths)
                .containsExactly("from_a", "from_data", "from_module");
        assertThat(check.drift()).filteredOn(c -> c.type().equals("output")).allSatisfy(c -> assertThat(c.cause())
                .isEqualTo(Cause.DRIFT));
        // the same file as a normal plan: every output change is a code change
        assertThat(preview.changes()).flatExtracting(Change::paths)
                .containsExactly("added_in_code", "from_a", "from_data", "from_module", "from_other", "from_var");
    }

    @Test
    void aRefreshOnlyPlanWithoutTheOutputsExpressionCountsAnUpdateAsDriftOnlyWhenThereIsDrift() throws IOException {
        String outputs = "\"output_changes\":{\"o\":{\"actions\":[\"update\"],\"before\":\"1\",\"after\":\"2\"}}";
        TerraformPlanReader check = new TerraformPlanReader(TerraformPlanKind.REFRESH_ONLY);
        assertThat(check.read(write("{\"format_version\":\"1.2\"," + outputs + "}")).drift()).isEmpty();
        assertThat(check.read(write("{\"format_version\":\"1.2\",\"resource_drift\":[{\"address\":\"aws_x.a\",\"type\":\"aws_x\","
                + "\"change\":{\"actions\":[\"delete\"],\"before\":{},\"after\":null}}]," + outputs + "}")).drift())
                .extracting(Change::type).containsExactly("aws_x", "output");
    }

    @Test
    void pastTheDriftedAddressesItKeepsAnOutputUpdateOfARefreshOnlyPlanFollowsTheDrift() throws IOException {
        // the reader keeps at most MOST_DRIFTED_KEPT drifted addresses to relate outputs to (memory must not grow with
        // the drift); past them an output update counts as drift, as one whose expression it cannot see does
        String outputs = "\"output_changes\":{\"o\":{\"actions\":[\"update\"],\"before\":\"1\",\"after\":\"2\"}},"
                + "\"configuration\":{\"root_module\":{\"outputs\":{\"o\":{\"expression\":{\"references\":[\"aws_other.x\"]}}}}}";
        TerraformPlanReader check = new TerraformPlanReader(TerraformPlanKind.REFRESH_ONLY);

        assertThat(check.read(write(refreshOnly(TerraformOutputChanges.MOST_DRIFTED_KEPT, outputs))).drift())
                .noneMatch(Change::isOutput);
        assertThat(check.read(write(refreshOnly(TerraformOutputChanges.MOST_DRIFTED_KEPT + 1, outputs))).drift())
                .filteredOn(Change::isOutput).singleElement().extracting(Change::paths).isEqualTo(List.of("o"));
    }

    private static String refreshOnly(final int drifted, final String rest) {
        StringBuilder json = new StringBuilder("{\"format_version\":\"1.2\",\"resource_drift\":[");
        for (int i = 0; i < drifted; i++) {
            json.append(i == 0 ? "" : ",").append("{\"address\":\"aws_x.r").append(i)
                    .append("\",\"type\":\"aws_x\",\"change\":{\"actions\":[\"delete\"],\"before\":{},\"after\":null}}");
        }
        return json.append("],").append(rest).append('}').toString();
    }

    private Path write(final String json) throws IOException {
        Path file = Files.createTempFile(dir, "plan", ".json");
        Files.writeString(file, json);
        return file;
    }
}
