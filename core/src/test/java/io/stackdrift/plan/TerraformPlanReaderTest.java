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
import io.stackdrift.model.ChangeList;
import io.stackdrift.testing.Fixtures;

class TerraformPlanReaderTest {
    private final TerraformPlanReader reader = new TerraformPlanReader();

    @TempDir
    Path dir;

    /** A genuine third-party fixture in ../shared (tfcoremock plans, OpenTofu, older formats). */
    private PlanSummary read(final String fixture) {
        return reader.read(Fixtures.fixture(fixture));
    }

    /** The project's own Terraform 1.11.4 output (core/src/test/terraform-fixtures). */
    private PlanSummary own(final String file) {
        return reader.read(Fixtures.terraform(file));
    }

    private PlanSummary readJson(final String json) throws IOException {
        Path file = dir.resolve("plan.json");
        Files.writeString(file, json);
        return reader.read(file);
    }

    private static Change code(final Action action, final String address, final String... paths) {
        return new Change(action, "terraform_data", address, List.of(paths), Cause.CODE);
    }

    private static Change output(final Action action, final String name, final Cause cause) {
        return new Change(action, TerraformPlanReader.OUTPUT, TerraformPlanReader.OUTPUT, List.of(name), cause);
    }

    // ------------------------------------------------------------------ the project's own Terraform 1.11.4 plans

    @Test
    void aPlanOfANewStackStartsFromAnEmptyStateAndOneOfADeployedStackDoesNot() {
        assertThat(own("new-stack/plan.json").priorState()).isEqualTo(PriorState.EMPTY);
        assertThat(own("new-stack/refresh-only-in-sync.json").priorState()).isEqualTo(PriorState.HELD);
        assertThat(own("lifecycle/1-baseline.plan.json").priorState()).isEqualTo(PriorState.HELD);
    }

    @Test
    void aRefreshOnlyPlanWithoutPriorStateIsEmptyOnlyWhenTheCodeDeclaresSomethingAndNoOutputExisted() throws IOException {
        TerraformPlanReader refresh = new TerraformPlanReader(TerraformPlanKind.REFRESH_ONLY);
        String config = ",\"configuration\":{\"root_module\":{\"resources\":[{\"address\":\"terraform_data.a\"}]}}";
        Path never = dir.resolve("never.json");
        // what Terraform 1.11.4 prints for a refresh-only plan of a stack never applied: no prior_state at all
        Files.writeString(never, "{\"format_version\":\"1.2\",\"planned_values\":{\"root_module\":{}},\"output_changes\":"
                + "{\"o\":{\"actions\":[\"create\"]}}" + config + "}");
        assertThat(refresh.read(never).priorState()).isEqualTo(PriorState.EMPTY);
        Path outputBefore = dir.resolve("output-before.json");
        Files.writeString(outputBefore, "{\"format_version\":\"1.2\",\"planned_values\":{\"root_module\":{}},\"output_changes\":"
                + "{\"o\":{\"actions\":[\"no-op\"]}}" + config + "}");
        assertThat(refresh.read(outputBefore).priorState()).isEqualTo(PriorState.HELD);
        Path nothing = dir.resolve("nothing.json");
        Files.writeString(nothing, "{\"format_version\":\"1.2\",\"planned_values\":{\"root_module\":{}},"
                + "\"configuration\":{\"root_module\":{\"resources\":[]}}}");
        assertThat(refresh.read(nothing).priorState()).isEqualTo(PriorState.HELD);
        Path child = dir.resolve("child.json");
        Files.writeString(child, "{\"format_version\":\"1.2\",\"planned_values\":{\"root_module\":{}},\"prior_state\":{\"values\":"
                + "{\"root_module\":{\"child_modules\":[{\"address\":\"module.m\",\"resources\":[{}]}]}}}" + config + "}");
        assertThat(refresh.read(child).priorState()).isEqualTo(PriorState.HELD);
    }

    @Test
    void everyKindOfChangeOfOnePlanWithItsPathsAndNoValue() {
        PlanSummary summary = own("lifecycle/2-changes.plan.json");

        assertThat(summary.failed()).isFalse();
        assertThat(summary.toolVersion()).isEqualTo("1.11.4");
        // sorted by address as Terraform lists them; the move of terraform_data.m to .m2 and the unchanged n[0] are
        // no changes; outputs after resources, by name
        assertThat(summary.changes()).containsExactly(
                code(Action.CREATE, "terraform_data.c"),
                code(Action.FORGET, "terraform_data.f"),
                code(Action.DELETE, "terraform_data.n[1]"),
                code(Action.UPDATE, "terraform_data.s", "input", "output"),
                code(Action.REPLACE, "terraform_data.w", "id", "triggers_replace"),
                code(Action.UPDATE, "terraform_data.x", "input", "output"),
                code(Action.REPLACE, "terraform_data.y", "id", "triggers_replace"),
                code(Action.DELETE, "terraform_data.z"),
                output(Action.CREATE, "added", Cause.CODE),
                output(Action.DELETE, "gone", Cause.CODE),
                output(Action.UPDATE, "plain", Cause.CODE),
                output(Action.UPDATE, "secret", Cause.CODE));
        assertThat(summary.drift()).isEmpty();
        // terraform_data.s's input is sensitive(map): its paths stop at the attribute, never name the map's key; the plan
        // holds the fake secrets in variables, before/after and the outputs: none reaches the summary
        assertThat(summary.toString()).doesNotContain("fake-", "key", "two");
    }

    @Test
    void replaceInBothOrdersAndItsReplacePaths() {
        // .y is replaced delete-then-create, .w create-then-delete (create_before_destroy): both are a replace
        PlanSummary summary = own("lifecycle/2-changes.plan.json");

        assertThat(summary.changes()).filteredOn(c -> c.action() == Action.REPLACE).extracting(Change::address)
                .containsExactly("terraform_data.w", "terraform_data.y");
        assertThat(summary.replacePaths()).isEqualTo(Map.of("terraform_data.w", List.of("triggers_replace"),
                "terraform_data.y", List.of("triggers_replace")));
    }

    @Test
    void openTofuReplaceAndItsReplacePaths() {
        for (String fixture : List.of("terraform/equiv-simple_object_replace.plan.json",
                "opentofu/equiv-simple_object_replace.plan.json")) {
            PlanSummary summary = read(fixture);
            assertThat(summary.changes()).as(fixture).containsExactly(
                    new Change(Action.REPLACE, "tfcoremock_object", "tfcoremock_object.object", List.of("id"), Cause.CODE));
            assertThat(summary.replacePaths()).as(fixture).isEqualTo(Map.of("tfcoremock_object.object", List.of("id")));
        }
    }

    @Test
    void deletesWithoutConfigurationAndByCountNameNoPaths() {
        assertThat(own("lifecycle/2-changes.plan.json").changes()).filteredOn(c -> c.action() == Action.DELETE)
                .containsExactly(code(Action.DELETE, "terraform_data.n[1]"), code(Action.DELETE, "terraform_data.z"),
                        output(Action.DELETE, "gone", Cause.CODE));
    }

    @Test
    void aDestroyPlanDeletesEveryObjectAndOutput() {
        PlanSummary summary = own("lifecycle/4-destroy.plan.json");

        assertThat(summary.changes()).filteredOn(c -> !c.isOutput()).extracting(Change::address).containsExactly("terraform_data.c",
                "terraform_data.m2", "terraform_data.n[0]", "terraform_data.s", "terraform_data.w", "terraform_data.x", "terraform_data.y");
        assertThat(summary.changes()).filteredOn(Change::isOutput).flatExtracting(Change::paths)
                .containsExactly("added", "plain", "same", "secret");
        assertThat(summary.changes()).allSatisfy(c -> assertThat(c.action()).isEqualTo(Action.DELETE));
        assertThat(summary.changes()).filteredOn(c -> !c.isOutput()).allSatisfy(c -> assertThat(c.paths()).isEmpty());
    }

    @Test
    void createsOfANewStackNameNoPathsAndItsOutputsByName() {
        PlanSummary summary = own("new-stack/plan.json");

        assertThat(summary.changes()).containsExactly(code(Action.CREATE, "terraform_data.x"), code(Action.CREATE, "terraform_data.y"),
                output(Action.CREATE, "plain", Cause.CODE), output(Action.CREATE, "secret", Cause.CODE));
        assertThat(summary.toString()).doesNotContain("fake-token");
        assertThat(own("workspace/plan.json").changes()).containsExactly(code(Action.CREATE, "terraform_data.x"),
                output(Action.CREATE, "workspace", Cause.CODE));
    }

    @Test
    void importsWithoutChangesAreImportsAndWithChangesUpdates() {
        PlanSummary summary = own("lifecycle/1-baseline.plan.json");

        assertThat(summary.changes()).filteredOn(c -> !c.isOutput()).extracting(Change::action, Change::address).containsExactly(
                Tuple.tuple(Action.UPDATE, "terraform_data.f"), Tuple.tuple(Action.UPDATE, "terraform_data.m"),
                Tuple.tuple(Action.UPDATE, "terraform_data.n[0]"), Tuple.tuple(Action.UPDATE, "terraform_data.n[1]"),
                Tuple.tuple(Action.UPDATE, "terraform_data.s"), Tuple.tuple(Action.IMPORT, "terraform_data.w"),
                Tuple.tuple(Action.UPDATE, "terraform_data.x"), Tuple.tuple(Action.IMPORT, "terraform_data.y"),
                Tuple.tuple(Action.UPDATE, "terraform_data.z"));
    }

    @Test
    void aPlanWithoutChangesIsInSyncWhateverItsNoOps() {
        for (String file : List.of("new-stack/plan-in-sync.json", "new-stack/refresh-only-in-sync.json")) {
            for (TerraformPlanKind mode : TerraformPlanKind.values()) {
                PlanSummary summary = new TerraformPlanReader(mode).read(Fixtures.terraform(file));
                assertThat(summary.failed()).as(file).isFalse();
                assertThat(summary.changes()).as(file).isEmpty();
                assertThat(summary.drift()).as(file).isEmpty();
            }
        }
    }

    @Test
    void nestedUpdateNamesEveryChangedLeafPath() {
        PlanSummary summary = own("nested-update/plan.json");

        // a changed leaf, a grown list, a removed map key, a changed set element (by index of the set's order)
        assertThat(summary.changes()).singleElement().satisfies(change -> assertThat(change.paths()).containsExactly(
                "input.items[1].size", "input.list[1]", "input.list[3]", "input.name", "input.object.flag", "input.object.inner.number",
                "input.set[1]", "input.tags.Name", "input.tags[\"k.8s/x\"]", "input.tags.keep", "output"));
    }

    @Test
    void outputsThatReadAnotherStacksStateAreDriftInARefreshOnlyPlanAndCodeChangesInAPlan() {
        Path refreshOnly = Fixtures.terraform("remote-state/app.refresh-only.plan.json");

        PlanSummary check = new TerraformPlanReader(TerraformPlanKind.REFRESH_ONLY).read(refreshOnly);
        PlanSummary asPlan = new TerraformPlanReader(TerraformPlanKind.PLAN).read(refreshOnly);
        PlanSummary preview = own("remote-state/app.plan.json");

        // no resource drifts (terraform_data.app never does); the outputs follow data.terraform_remote_state.net
        assertThat(check.failed()).isFalse();
        assertThat(check.changes()).isEmpty();
        assertThat(check.drift()).containsExactly(output(Action.UPDATE, "net_cidr", Cause.DRIFT),
                output(Action.UPDATE, "net_token", Cause.DRIFT));
        assertThat(asPlan.drift()).isEmpty();
        assertThat(asPlan.changes()).containsExactly(output(Action.UPDATE, "net_cidr", Cause.CODE),
                output(Action.UPDATE, "net_token", Cause.CODE));
        assertThat(preview.changes()).isEqualTo(asPlan.changes());
        assertThat(check + " " + preview).doesNotContain("10.", "fake-network-token");
    }

    @Test
    void failingChecksAloneAreNotAFailure() {
        PlanSummary summary = new TerraformPlanReader(TerraformPlanKind.REFRESH_ONLY).read(Fixtures.terraform(
                "checks/refresh-only.plan.json"));
        assertThat(summary.failed()).isFalse();
        assertThat(summary.changes()).isEmpty();
        assertThat(summary.drift()).isEmpty();
        assertThat(summary.toolVersion()).isEqualTo("1.11.4");
    }

    @Test
    void anErroredPlanFailsWithoutTheChangesItStillLists() {
        // Terraform wrote the plan file of a failed precondition with terraform_data.ok's create in it
        PlanSummary summary = own("errored/plan.json");
        assertThat(summary.failed()).isTrue();
        assertThat(summary.failureReason()).contains("errored: true");
        assertThat(summary.changes()).isEmpty();
    }

    @Test
    void aKeyTwiceInOneObjectIsRefusedAsMalformedWithTheReasonByTheByteParserAndByJackson() throws IOException {
        // errored true, then false: the last one would win and a failed plan would read as a good one
        String errored = Files.readString(Fixtures.terraform("errored/plan.json"));
        assertThat(errored).contains("\"errored\":true");
        Path twiceErrored = dir.resolve("errored-twice.json");
        Files.writeString(twiceErrored, errored.replace("\"errored\":true", "\"errored\":true,\"errored\":false"));
        // a second after equal to before: the last one would win and hide the change of input
        String changes = Files.readString(Fixtures.terraform("lifecycle/2-changes.plan.json"));
        String after = "\"after\":{\"id\":\"fixture-x\",\"input\":\"two\",\"triggers_replace\":null}";
        assertThat(changes).contains(after);
        Path twiceAfter = dir.resolve("after-twice.json");
        Files.writeString(twiceAfter, changes.replace(after, after + ",\"after\":{\"id\":\"fixture-x\",\"input\":\"one\","
                + "\"triggers_replace\":null}"));

        for (Path file : List.of(twiceErrored, twiceAfter)) {
            for (PlanSummary summary : List.of(reader.read(file), jacksonOnly(file))) {
                assertThat(summary.failed()).as(file.getFileName().toString()).isTrue();
                assertThat(summary.failureReason()).startsWith("the JSON holds one key twice in an object (line 1, column ")
                        .endsWith("): the tool never writes that, so the file is malformed or was edited; refused, as either "
                                + "value could hide a change")
                        .doesNotContain("two", "one", "errored", "after");
                assertThat(summary.changes()).isEmpty();
            }
        }
    }

    /** A read with Jackson's parser alone, the byte parser's fallback. */
    private PlanSummary jacksonOnly(final Path file) {
        CollectingSink sink = new CollectingSink(ChangeList.SpillTarget.temporary());
        return sink.summary(reader.read(file, sink, PlanJson::open));
    }

    @Test
    void aGeneratedStateIsNotAPlan() {
        assertThat(own("new-stack/state.json").failureReason())
                .isEqualTo("a state (show -json of a state), not a plan: show the saved plan file instead");
    }

    // ------------------------------------------------------------------ genuine third-party plans (../shared)

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
    void theGoldenConditionsPlanWithFailingChecksIsNotAFailure() {
        // a refresh-only plan: its output foo_id is one the code creates, not drift
        PlanSummary summary = new TerraformPlanReader(TerraformPlanKind.REFRESH_ONLY)
                .read(Fixtures.fixture("terraform/showjson-conditions.refresh-only.plan.json"));
        assertThat(summary.failed()).isFalse();
        assertThat(summary.changes()).isEmpty();
        assertThat(summary.drift()).isEmpty();
        assertThat(summary.toolVersion()).isEqualTo("1.8.0-dev");
    }

    // ------------------------------------------------------------------ written here

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
