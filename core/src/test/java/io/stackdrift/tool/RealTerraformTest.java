package io.stackdrift.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.DriftSettings;
import io.stackdrift.config.IgnoreRule;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.engine.EngineServices;
import io.stackdrift.engine.RunOutcome;
import io.stackdrift.engine.SavingHost;
import io.stackdrift.engine.StackDriftEngine;
import io.stackdrift.local.FileStackLocks;
import io.stackdrift.local.LocalProcessRunner;
import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.RunOrder;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Timing;
import io.stackdrift.model.Tool;
import io.stackdrift.ownership.FieldOwnership;
import io.stackdrift.ownership.IgnoreEligibility;
import io.stackdrift.ownership.OverrideFile;
import io.stackdrift.ownership.ProviderSchemas;
import io.stackdrift.ownership.Rejection;
import io.stackdrift.ownership.ResourceScanner;
import io.stackdrift.plan.PlanReaders;
import io.stackdrift.plan.PlanSummary;
import io.stackdrift.plan.TerraformPlanReader;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;
import io.stackdrift.spi.DeployJournal;
import io.stackdrift.spi.HistoryView;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessSpec;
import io.stackdrift.spi.ToolSettings;
import io.stackdrift.testing.RealTerraform;
import io.stackdrift.testing.Requests;

/**
 * Our Terraform adapter, plan readers and field ownership against a real Terraform binary, offline: the
 * root modules use only Terraform's built-in provider ({@code terraform_data}, {@code terraform_remote_state},
 * {@code terraform.io/builtin/terraform}), which needs no download. Runs only where a {@code terraform}
 * executable is installed (on PATH or at /usr/local/bin/terraform); elsewhere every test is skipped, since
 * these are not fixtures. docs/verified-with-real-terraform.md says what they showed.
 */
class RealTerraformTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Looked up once; every test is skipped (each with the message) when there is none. */
    private static final String terraform = RealTerraform.locate().orElse(null);

    @TempDir
    Path dir;

    private Path module;
    private Map<String, String> environment;
    private int workDirs;

    @BeforeEach
    void emptyCliConfiguration() throws IOException {
        Assumptions.assumeTrue(terraform != null,
                "no terraform executable on PATH or at /usr/local/bin/terraform: the real-Terraform checks are skipped");
        module = Files.createDirectories(dir.resolve("stack"));
        Path cliConfig = Files.writeString(dir.resolve("empty.tfrc"), "");
        // no user CLI configuration (credentials, mirrors, plugin cache) and no version check over the network
        environment = Map.of("TF_CLI_CONFIG_FILE", cliConfig.toString(), "CHECKPOINT_DISABLE", "1");
    }

    // ---------------------------------------------------------------------------------------------
    // preview, apply, in sync

    @Test
    void aNewStackIsPendingWithCreatesThenItsPlanAppliesThenItIsInSync() throws Exception {
        writeModule("one", "t1");
        TerraformAdapter adapter = adapter();
        StackConfig stack = stack("");

        StackPlan preview = adapter.plan(new StackCall(stack, module, work(), environment), PlanPurpose.PREVIEW, Set.of());

        assertThat(preview.row().state()).as(preview.row().reason()).isEqualTo(RowState.PENDING);
        assertThat(preview.row().changes()).filteredOn(c -> !c.isOutput()).extracting(Change::action, Change::address)
                .containsExactlyInAnyOrder(Tuple.tuple(Action.CREATE, "terraform_data.x"),
                        Tuple.tuple(Action.CREATE, "terraform_data.y"));
        assertThat(preview.row().changes()).filteredOn(c -> !c.isOutput()).allSatisfy(c -> assertThat(c.type())
                .isEqualTo("terraform_data"));
        // the two outputs are created too, the sensitive one named like the other
        assertThat(preview.row().changes()).filteredOn(Change::isOutput).flatExtracting(Change::paths)
                .containsExactly("plain", "secret");
        assertThat(preview.planFile()).get().satisfies(file -> assertThat(file).isRegularFile());
        assertThat(preview.toolVersion()).matches("\\d+\\.\\d+\\.\\d+.*");
        assertNoValueIn(preview.row());

        ApplyResult applied = adapter.apply(new StackCall(stack, module, work(), environment), preview);
        assertThat(applied.succeeded()).as(applied.reason()).isTrue();
        assertThat(module.resolve("terraform.tfstate")).isRegularFile();

        StackPlan again = adapter.plan(new StackCall(stack, module, work(), environment), PlanPurpose.PREVIEW, Set.of());
        assertThat(again.row().state()).as(again.row().reason()).isEqualTo(RowState.IN_SYNC);
        assertThat(again.row().changes()).isEmpty();
        // the same plan is never applied twice
        assertThat(adapter.apply(new StackCall(stack, module, work(), environment), preview).reason())
                .isEqualTo("no plan from this run; refusing to apply");
    }

    @Test
    void aFailedInitGivesTerraformsOwnDiagnosticAsTheReason() throws Exception {
        Files.writeString(module.resolve("bad.tf"), "resource \"x\" {\n");

        StackPlan preview = adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.PREVIEW, Set.of());

        assertThat(preview.row().state()).isEqualTo(RowState.FAILED);
        assertThat(preview.row().reason()).isEqualTo("terraform init failed: Unclosed configuration block (bad.tf:1)");
    }

    @Test
    void anInputChangeIsAnUpdateOfInputAndATriggerChangeIsAReplace() throws Exception {
        writeModule("one", "t1");
        deployed(stack(""));

        writeModule("two", "t1");
        StackPlan update = adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.PREVIEW, Set.of());
        assertThat(update.row().state()).isEqualTo(RowState.PENDING);
        assertThat(update.row().changes()).filteredOn(c -> !c.isOutput()).singleElement().satisfies(change -> {
            assertThat(change.action()).isEqualTo(Action.UPDATE);
            assertThat(change.address()).isEqualTo("terraform_data.x");
            // input changed in code; output follows it after apply (after_unknown), and Terraform lists both
            assertThat(change.paths()).containsExactly("input", "output");
        });
        // the output that reads x.output changes with it
        assertThat(update.row().changes()).filteredOn(Change::isOutput).containsExactly(Change.ofOutput(Action.UPDATE, "plain",
                Cause.CODE));
        assertNoValueIn(update.row());

        writeModule("one", "t2");
        StackPlan replace = adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.PREVIEW, Set.of());
        assertThat(replace.row().changes()).singleElement().satisfies(change -> {
            assertThat(change.action()).isEqualTo(Action.REPLACE);
            assertThat(change.address()).isEqualTo("terraform_data.y");
            // id and output become unknown with the new object, so they are listed too
            assertThat(change.paths()).containsExactly("id", "output", "triggers_replace[0]");
        });
        assertThat(replace.replacePaths()).containsEntry("terraform_data.y", List.of("triggers_replace"));
    }

    @Test
    void aSensitiveInputsPathStopsAtTheSensitiveAttribute() throws Exception {
        Files.writeString(module.resolve("main.tf"), secretModule("a"));
        deployed(stack(""));
        Files.writeString(module.resolve("main.tf"), secretModule("b"));

        StackPlan plan = adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.PREVIEW, Set.of());

        assertThat(plan.row().changes()).singleElement().satisfies(change -> {
            assertThat(change.action()).isEqualTo(Action.UPDATE);
            // the map's key may itself be the secret: no path goes inside a sensitive value
            assertThat(change.paths()).containsExactly("input", "output");
        });
        assertThat(plan.row().toString()).doesNotContain("hunter2");
    }

    private static String secretModule(final String value) {
        return """
                resource "terraform_data" "s" {
                  input = sensitive({ "hunter2-key" = "%s" })
                }
                """.formatted(value);
    }

    @Test
    void aDriftCheckOfAStackNeverDeployedIsNotDeployedAndAfterItsDeployInSync() throws Exception {
        writeModule("one", "t1");

        StackPlan never = adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.DRIFT_CHECK, Set.of());

        assertThat(never.row().state()).as(never.row().reason()).isEqualTo(RowState.NOT_DEPLOYED);
        assertThat(never.row().reason()).isEqualTo(PlansOfThisRun.NOT_DEPLOYED);
        deployed(stack(""));
        StackPlan after = adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.DRIFT_CHECK, Set.of());
        assertThat(after.row().state()).as(after.row().reason()).isEqualTo(RowState.IN_SYNC);
    }

    @Test
    void aStackOfOutputsOnlyIsNotDeployedUntilItsFirstApplyAndAnEmptyStackIsInSync() throws Exception {
        Files.writeString(module.resolve("main.tf"), "output \"o\" {\n  value = \"v\"\n}\n");
        StackPlan never = adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.DRIFT_CHECK, Set.of());
        assertThat(never.row().state()).as(never.row().reason()).isEqualTo(RowState.NOT_DEPLOYED);
        deployed(stack(""));
        StackPlan after = adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.DRIFT_CHECK, Set.of());
        assertThat(after.row().state()).as(after.row().reason()).isEqualTo(RowState.IN_SYNC);

        Path empty = Files.createDirectories(dir.resolve("empty"));
        Files.writeString(empty.resolve("main.tf"), "terraform {}\n");
        StackPlan nothing = adapter().plan(new StackCall(stack(""), empty, work(), environment), PlanPurpose.DRIFT_CHECK, Set.of());
        assertThat(nothing.row().state()).as(nothing.row().reason()).isEqualTo(RowState.IN_SYNC);
    }

    @Test
    void aCheckOfAStackNeverDeployedExitsTwoAndWritesNoOutputsFile() throws Exception {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        module = Files.createDirectories(repo.resolve("s"));
        writeModule("one", "t1");
        Path none = Files.createDirectories(repo.resolve("none"));
        Files.writeString(none.resolve("main.tf"), "resource \"terraform_data\" \"n\" {\n  input = \"n\"\n}\n");
        Files.writeString(repo.resolve("stacks.yaml"), """
                stacks:
                  - dir: s
                    outputs: out/s.json
                  - dir: none
                    outputs: out/none.json
                """);
        List<String> progress = Collections.synchronizedList(new ArrayList<>());

        RunOutcome check = engine(Clock.systemUTC(), progress).check(Requests.manual(repo.resolve("stacks.yaml"), "1"));

        assertThat(check.exitCode()).as(rows(check)).isEqualTo(RunOutcome.CHANGES);
        assertThat(check.run().orElseThrow().rows()).extracting(Row::state).containsOnly(RowState.NOT_DEPLOYED);
        assertThat(check.run().orElseThrow().counts().notDeployed()).isEqualTo(2);
        assertThat(repo.resolve("out")).doesNotExist();

        RunOutcome deploy = engine(Clock.systemUTC(), progress).deploy(Requests.manual(repo.resolve("stacks.yaml"), "2"));
        assertThat(deploy.exitCode()).as(rows(deploy)).isEqualTo(RunOutcome.OK);
        assertThat(repo.resolve("out/s.json")).isRegularFile();
        // a stack without outputs gets no file of no outputs
        assertThat(repo.resolve("out/none.json")).doesNotExist();
        assertThat(progress).contains("none: no outputs yet; out/none.json is written once the stack has some");
    }

    /**
     * A new repository's first check (before its first deploy): network has no state, dns and app read the state of the
     * stack before them. Both fail in the tool ("Unable to find remote state"), and both are counted not deployed, with
     * what to do: app (first in the file) only once dns is, so the rule holds along a chain.
     */
    @Test
    void aCheckOfStacksWhoseDependencyWasNeverDeployedCountsThemNotDeployedAndSaysToDeployItFirst() throws Exception {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        module = Files.createDirectories(repo.resolve("network"));
        writeModule("one", "t1");
        for (String[] reader : List.of(new String[] {"dns", "network"}, new String[] {"app", "dns"})) {
            Path stackDir = Files.createDirectories(repo.resolve(reader[0]));
            Files.writeString(stackDir.resolve("main.tf"), """
                    terraform {}
                    data "terraform_remote_state" "dependency" {
                      backend = "local"
                      config  = { path = "../%s/terraform.tfstate" }
                    }
                    resource "terraform_data" "zone" {
                      input = data.terraform_remote_state.dependency.outputs
                    }
                    """.formatted(reader[1]));
        }
        Files.writeString(repo.resolve("stacks.yaml"), """
                stacks:
                  - dir: app
                    dependsOn: [dns]
                  - dir: network
                    drift: { mode: correct }
                  - dir: dns
                    dependsOn: [network]
                """);
        List<String> progress = Collections.synchronizedList(new ArrayList<>());

        RunOutcome check = engine(Clock.systemUTC(), progress).check(Requests.manual(repo.resolve("stacks.yaml"), "1"));

        RunRecord record = check.run().orElseThrow();
        assertThat(record.rows()).as(rows(check)).allSatisfy(row -> assertThat(row.state()).isEqualTo(RowState.NOT_DEPLOYED));
        assertThat(record.counts().failed()).isZero();
        assertThat(record.counts().notDeployed()).isEqualTo(3);
        Row dns = record.rows().stream().filter(r -> r.id().toString().equals("dns")).findFirst().orElseThrow();
        assertThat(dns.reason()).startsWith("its dependency network is not deployed: deploy it first, then check dns again (its check: ");
        assertThat(progress).contains("dns: not deployed — its dependency network is not deployed: deploy it first, then check dns again",
                "app: not deployed — its dependency dns is not deployed: deploy it first, then check app again");
    }

    @Test
    void aDriftCheckOfTerraformDataIsInSyncBecauseItHasNoRemoteObject() throws Exception {
        writeModule("one", "t1");
        deployed(stack(""));

        StackPlan check = adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.DRIFT_CHECK, Set.of());

        assertThat(check.row().state()).as(check.row().reason()).isEqualTo(RowState.IN_SYNC);
        assertThat(check.row().drift()).isEmpty();
        assertThat(check.planFile()).isPresent();
    }

    @Test
    void aStalePlanFailsWithTerraformsOwnMessageAndNothingElseIsApplied() throws Exception {
        writeModule("one", "t1");
        deployed(stack(""));
        writeModule("two", "t1");
        TerraformAdapter first = adapter();
        StackPlan older = first.plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.PREVIEW, Set.of());
        assertThat(older.row().state()).isEqualTo(RowState.PENDING);

        // another run changes the state after the plan was made
        writeModule("three", "t1");
        deployed(stack(""));

        ApplyResult stale = first.apply(new StackCall(stack(""), module, work(), environment), older);

        assertThat(stale.succeeded()).isFalse();
        // apply -json: the diagnostic's summary
        assertThat(stale.reason()).isEqualTo("terraform apply failed: Saved plan is stale");
        // the state still holds what the other run applied
        assertThat(adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.PREVIEW, Set.of()).row().state())
                .isEqualTo(RowState.IN_SYNC);
    }

    @Test
    void aFailingPlanIsAFailedRowWithTheDiagnosticsSummaryAndWhere() throws Exception {
        Files.writeString(module.resolve("main.tf"), """
                resource "terraform_data" "x" {
                  input = terraform_data.missing.output
                }
                """);

        StackPlan failed = adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.PREVIEW, Set.of());

        assertThat(failed.row().state()).isEqualTo(RowState.FAILED);
        assertThat(failed.row().reason()).isEqualTo("terraform plan failed: Reference to undeclared resource (main.tf:2)");
        assertThat(failed.row().changes()).isEmpty();
        assertThat(failed.planFile()).isEmpty();
    }

    @Test
    void aValueInTheToolsErrorNeverReachesTheReason() throws Exception {
        // Terraform's detail says: cannot convert "s3cr3t-value" to number; its snippet shows the expression too
        Files.writeString(module.resolve("main.tf"), """
                variable "token" {
                  type    = string
                  default = "s3cr3t-value"
                }
                resource "terraform_data" "x" {
                  input = tonumber(var.token)
                }
                """);

        StackPlan failed = adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.PREVIEW, Set.of());

        assertThat(failed.row().state()).isEqualTo(RowState.FAILED);
        assertThat(failed.row().reason()).startsWith("terraform plan failed: ").contains("(main.tf:").doesNotContain("s3cr3t");
    }

    // ---------------------------------------------------------------------------------------------
    // outputs, workspaces, version

    @Test
    void outputsCarryNamesAndSensitiveMarksAndTheirValuesOnlyInsideStackOutput() throws Exception {
        writeModule("one", "t1");
        deployed(stack(""));

        OutputsResult outputs = adapter().outputs(new StackCall(stack(""), module, work(), environment));

        assertThat(outputs.succeeded()).as(outputs.reason()).isTrue();
        assertThat(outputs.outputs()).extracting(StackOutput::name, StackOutput::sensitive)
                .containsExactlyInAnyOrder(Tuple.tuple("plain", false),
                        Tuple.tuple("secret", true));
        StackOutput plain = named(outputs, "plain");
        StackOutput secret = named(outputs, "secret");
        assertThat(plain.value().asText()).isEqualTo("one");
        assertThat(secret.value().asText()).isEqualTo("hunter2-not-a-real-secret");
        assertThat(outputs.toString()).doesNotContain("one\"").doesNotContain("hunter2");
        assertThat(secret.toString()).doesNotContain("hunter2");
    }

    @Test
    void aNamedStackPreviewCreatesItsWorkspaceAndADriftCheckOfAMissingWorkspaceFails() throws Exception {
        writeModule("one", "t1");
        StackConfig staging = stack("staging");

        StackPlan preview = adapter().plan(new StackCall(staging, module, work(), environment), PlanPurpose.PREVIEW, Set.of());
        assertThat(preview.row().state()).as(preview.row().reason()).isEqualTo(RowState.PENDING);
        // nothing is selected in the directory: TF_WORKSPACE names the workspace of every process
        assertThat(module.resolve(".terraform/environment")).doesNotExist();
        TerraformAdapter adapter = adapter();
        deployed(adapter, staging);
        assertThat(module.resolve("terraform.tfstate.d/staging/terraform.tfstate")).isRegularFile();
        assertThat(module.resolve("terraform.tfstate")).doesNotExist();
        // an unnamed stack of the same directory plans default
        StackPlan unnamed = adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.PREVIEW,
                Set.of(stack("").id(), staging.id()));
        assertThat(unnamed.row().state()).as(unnamed.row().reason()).isEqualTo(RowState.PENDING);
        assertThat(unnamed.row().changes()).extracting(Change::action).containsOnly(Action.CREATE);

        StackPlan check = adapter().plan(new StackCall(stack("qa"), module, work(), environment), PlanPurpose.DRIFT_CHECK, Set.of());
        assertThat(check.row().state()).isEqualTo(RowState.FAILED);
        assertThat(check.row().reason()).isEqualTo("the terraform workspace qa does not exist; a preview creates it");
        assertThat(module.resolve("terraform.tfstate.d/qa")).doesNotExist();
    }

    @Test
    void aWorkspaceSelectedByHandDoesNotRedirectAnUnnamedStack() throws Exception {
        Files.writeString(module.resolve("main.tf"), "resource \"terraform_data\" \"w\" {\n  input = terraform.workspace\n}\n");
        // someone ran `terraform workspace new staging` in the directory: .terraform/environment says staging
        ProcessBuilder byHandBuilder = new ProcessBuilder(terraform, "workspace", "new", "staging").directory(module.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        byHandBuilder.environment().putAll(environment);
        Process byHand = byHandBuilder.start();
        assertThat(byHand.waitFor()).isZero();
        assertThat(Files.readString(module.resolve(".terraform/environment")).strip()).isEqualTo("staging");

        deployed(stack(""));

        assertThat(workspaceInput(module.resolve("terraform.tfstate"))).isEqualTo("default");
        assertThat(module.resolve("terraform.tfstate.d/staging/terraform.tfstate")).doesNotExist();
    }

    @Test
    void twoWorkspacesOfOneDirectoryDeployedInParallelEachLandInTheirOwnState() throws Exception {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        module = Files.createDirectories(repo.resolve("net"));
        Files.writeString(module.resolve("main.tf"), "resource \"terraform_data\" \"w\" {\n  input = terraform.workspace\n}\n");
        Files.writeString(repo.resolve("stacks.yaml"), """
                parallelism: 3
                stacks:
                  - dir: net
                    name: staging
                  - dir: net
                    name: prod
                  - dir: net
                    name: qa
                """);
        List<String> progress = Collections.synchronizedList(new ArrayList<>());

        RunOutcome deploy = engine(Clock.systemUTC(), progress).deploy(Requests.manual(repo.resolve("stacks.yaml"), "1"));

        assertThat(deploy.exitCode()).as(rows(deploy) + " " + progress).isEqualTo(RunOutcome.OK);
        for (String workspace : List.of("staging", "prod", "qa")) {
            assertThat(workspaceInput(module.resolve("terraform.tfstate.d/" + workspace + "/terraform.tfstate"))).isEqualTo(workspace);
        }
        assertThat(module.resolve("terraform.tfstate")).doesNotExist();
        // the three never overlapped: each began after the one before ended
        List<TrailEntry> trail = deploy.run().orElseThrow().trail().stream()
                .sorted(Comparator.comparingLong(TrailEntry::startedAt)).toList();
        assertThat(trail).hasSize(3);
        for (int i = 1; i < trail.size(); i++) {
            assertThat(trail.get(i).startedAt()).isGreaterThanOrEqualTo(trail.get(i - 1).finishedAt());
        }
    }

    /** The input of terraform_data.w in a state file: the workspace the apply ran in. */
    private static String workspaceInput(final Path state) throws IOException {
        JsonNode root = JSON.readTree(state.toFile());
        for (JsonNode resource : root.path("resources")) {
            if (resource.path("name").asText().equals("w")) {
                // terraform_data keeps a dynamic value: {"value": …, "type": …}
                return resource.path("instances").path(0).path("attributes").path("input").path("value").asText();
            }
        }
        return "";
    }

    @Test
    void theVersionIsReadFromVersionJson() throws Exception {
        writeModule("one", "t1");
        String version = adapter().version(new StackCall(stack(""), module, work(), environment));
        assertThat(version).matches("\\d+\\.\\d+\\.\\d+.*");
        // the plan JSON names the same version, so the digest does not change between the two sources
        StackPlan plan = adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.PREVIEW, Set.of());
        assertThat(plan.toolVersion()).isEqualTo(version);
    }

    // ---------------------------------------------------------------------------------------------
    // field ownership

    @Test
    void theBuiltinProvidersSchemaAcceptsInputAndRejectsIdAndAReplacingTrigger() throws Exception {
        writeModule("one", "t1");
        TerraformAdapter adapter = adapter();
        ToolRun schema = adapter.providersSchema(new StackCall(stack(""), module, work(), environment));
        assertThat(schema.succeeded()).as(schema.reason()).isTrue();
        ResourceScanner.Result declarations = ResourceScanner.scan(module, Tool.TERRAFORM);
        ProviderSchemas schemas;
        try (InputStream in = Files.newInputStream(schema.output().orElseThrow())) {
            schemas = ProviderSchemas.read(in, Set.of("terraform_data"));
        }
        assertThat(schemas.block("terraform_data")).isPresent();

        IgnoreEligibility.Verdict input = IgnoreEligibility.check(Tool.TERRAFORM, List.of("terraform_data.x.input"), declarations,
                schemas, Map.of());
        assertThat(input.allAccepted()).isTrue();
        assertThat(input.accepted()).extracting(p -> p.text()).containsExactly("terraform_data.x.input");

        IgnoreEligibility.Verdict id = IgnoreEligibility.check(Tool.TERRAFORM, List.of("terraform_data.x.id"), declarations,
                schemas, Map.of());
        assertThat(id.rejections()).extracting(Rejection::rule).containsExactly(2);

        IgnoreEligibility.Verdict unknown = IgnoreEligibility.check(Tool.TERRAFORM, List.of("terraform_data.x.nope"), declarations,
                schemas, Map.of());
        assertThat(unknown.rejections()).extracting(Rejection::rule).containsExactly(1);

        // the schema does not say triggers_replace forces replacement; a real plan's replace_paths does
        deployed(adapter, stack(""));
        writeModule("one", "t2");
        StackPlan replace = adapter.plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.PREVIEW, Set.of());
        IgnoreEligibility.Verdict trigger = IgnoreEligibility.check(Tool.TERRAFORM, List.of("terraform_data.y.triggers_replace"),
                ResourceScanner.scan(module, Tool.TERRAFORM), schemas, replace.replacePaths());
        assertThat(trigger.rejections()).extracting(Rejection::rule).containsExactly(2);
    }

    @Test
    void theOverrideFileMakesTheRealPlanLeaveAnOwnedInputAlone() throws Exception {
        writeModule("one", "t1");
        StackConfig owned = stackIgnoring("terraform_data.x.input");
        TerraformAdapter adapter = adapter();
        deployed(adapter, owned);

        writeModule("two", "t1");
        ToolRun schema = adapter.providersSchema(new StackCall(owned, module, work(), environment));
        FieldOwnership.Checked checked;
        try (InputStream in = Files.newInputStream(schema.output().orElseThrow())) {
            checked = FieldOwnership.check(owned, module, in, Map.of());
        }
        assertThat(checked.verdict().allAccepted()).as(checked.verdict().rejections().toString()).isTrue();
        StackPlan withOverride;
        try (OverrideFile override = OverrideFile.write(module, checked.verdict().accepted(), checked.declarations())) {
            assertThat(Files.readString(override.path())).contains("ignore_changes = [input]");
            withOverride = adapter.plan(new StackCall(owned, module, work(), environment), PlanPurpose.PREVIEW, Set.of());
        }
        assertThat(module.resolve(OverrideFile.FILE_NAME)).doesNotExist();

        assertThat(withOverride.row().state()).as(withOverride.row().reason()).isEqualTo(RowState.IN_SYNC);
        assertThat(withOverride.row().changes()).isEmpty();
        // without the override the same code is an update of input (and of the output that reads it)
        StackPlan without = adapter.plan(new StackCall(owned, module, work(), environment), PlanPurpose.PREVIEW, Set.of());
        assertThat(without.row().changes()).extracting(Change::action, Change::address)
                .containsExactly(Tuple.tuple(Action.UPDATE, "terraform_data.x"), Tuple.tuple(Action.UPDATE, Change.OUTPUT));
    }

    // ---------------------------------------------------------------------------------------------
    // plan readers on real output

    @Test
    void theJsonUiStreamOfARealPlanIsSniffedAndRead() throws Exception {
        writeModule("one", "t1");
        deployed(stack(""));
        writeModule("two", "t2");
        Path stream = work().resolve("plan-stream.jsonl");
        ProcessResult result = run(List.of(terraform, "plan", "-json", "-input=false", "-detailed-exitcode"), stream);
        assertThat(result.exitCode()).isEqualTo(2);

        PlanSummary summary = PlanReaders.sniffing().read(stream);

        assertThat(summary.failed()).as(summary.failureReason()).isFalse();
        // output "plain" follows terraform_data.x.output, which the new input changes: the outputs message says update
        assertThat(summary.changes()).extracting(Change::action, Change::address, Change::paths)
                .containsExactlyInAnyOrder(Tuple.tuple(Action.UPDATE, "terraform_data.x", List.of()),
                        Tuple.tuple(Action.REPLACE, "terraform_data.y", List.of()),
                        Tuple.tuple(Action.UPDATE, "output", List.of("plain")));
        assertThat(summary.drift()).isEmpty();
    }

    @Test
    void theJsonUiStreamOfAFailingPlanGivesTheDiagnosticsSummary() throws Exception {
        Files.writeString(module.resolve("main.tf"), """
                resource "terraform_data" "x" {
                  input = terraform_data.missing.output
                }
                """);
        Path stream = work().resolve("plan-stream.jsonl");
        ProcessResult result = run(List.of(terraform, "plan", "-json", "-input=false", "-detailed-exitcode"), stream);
        assertThat(result.exitCode()).isEqualTo(1);

        PlanSummary summary = PlanReaders.sniffing().read(stream);

        assertThat(summary.failed()).isTrue();
        assertThat(summary.failureReason()).isEqualTo("Reference to undeclared resource");
    }

    @Test
    void onlyAnOutputChangeIsPendingAndItsDeployWritesItToTheStateAndTheOutputsFile() throws Exception {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        module = Files.createDirectories(repo.resolve("s"));
        writeModule("one", "t1");
        Files.writeString(repo.resolve("stacks.yaml"), """
                stacks:
                  - dir: s
                    outputs: out/s.json
                """);
        List<String> progress = Collections.synchronizedList(new ArrayList<>());
        assertThat(engine(Clock.systemUTC(), progress).deploy(Requests.manual(repo.resolve("stacks.yaml"), "1")).exitCode())
                .isEqualTo(RunOutcome.OK);
        Files.writeString(module.resolve("extra.tf"), "output \"extra\" {\n  value = \"new-value\"\n}\n");

        // Terraform: "changes" (exit 2) for a new output alone; the row lists it by name, never its value
        StackPlan preview = adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.PREVIEW, Set.of());
        assertThat(preview.row().state()).as(preview.row().reason()).isEqualTo(RowState.PENDING);
        assertThat(preview.row().changes()).containsExactly(Change.ofOutput(Action.CREATE, "extra", Cause.CODE));
        assertThat(preview.row().toString()).doesNotContain("new-value");

        // the deploy applies it: not "nothing to deploy", and the output reaches the state and the outputs file
        RunOutcome deploy = engine(Clock.systemUTC(), progress).deploy(Requests.manual(repo.resolve("stacks.yaml"), "2"));
        assertThat(deploy.exitCode()).as(rows(deploy)).isEqualTo(RunOutcome.OK);
        assertThat(deploy.run().orElseThrow().trail()).extracting(TrailEntry::result).containsExactly(TrailResult.DEPLOYED);
        assertThat(JSON.readTree(repo.resolve("out/s.json").toFile()).path("extra").asText()).isEqualTo("new-value");
        assertThat(String.join("\n", progress)).doesNotContain("new-value");
        StackPlan after = adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.PREVIEW, Set.of());
        assertThat(after.row().state()).as(after.row().reason()).isEqualTo(RowState.IN_SYNC);
    }

    @Test
    void aDriftCheckCountsAnOutputChangedOutsideTheCodeAsDriftButNotAnOutputTheCodeAdded() throws Exception {
        Path net = Files.createDirectories(dir.resolve("net"));
        Path app = Files.createDirectories(dir.resolve("app"));
        Files.writeString(net.resolve("main.tf"), "output \"cidr\" {\n  value = \"10.0.0.0/16\"\n}\n");
        Files.writeString(app.resolve("main.tf"), """
                data "terraform_remote_state" "net" {
                  backend = "local"
                  config = {
                    path = "${path.module}/../net/terraform.tfstate"
                  }
                }
                output "net_cidr" {
                  value = data.terraform_remote_state.net.outputs.cidr
                }
                """);
        module = net;
        deployed(stack(""));
        module = app;
        deployed(stack(""));
        StackPlan clean = adapter().plan(new StackCall(stack(""), app, work(), environment), PlanPurpose.DRIFT_CHECK, Set.of());
        assertThat(clean.row().state()).as(clean.row().reason()).isEqualTo(RowState.IN_SYNC);

        // the code adds an output: a drift check does not call that drift (the next preview lists it as pending)
        Files.writeString(app.resolve("extra.tf"), "output \"extra\" {\n  value = \"x\"\n}\n");
        StackPlan added = adapter().plan(new StackCall(stack(""), app, work(), environment), PlanPurpose.DRIFT_CHECK, Set.of());
        assertThat(added.row().state()).as(added.row().reason()).isEqualTo(RowState.IN_SYNC);
        Files.delete(app.resolve("extra.tf"));

        // what the output reads changed outside the app's code
        Files.writeString(net.resolve("main.tf"), "output \"cidr\" {\n  value = \"10.9.0.0/16\"\n}\n");
        module = net;
        deployed(stack(""));
        StackPlan check = adapter().plan(new StackCall(stack(""), app, work(), environment), PlanPurpose.DRIFT_CHECK, Set.of());

        assertThat(check.row().state()).as(check.row().reason()).isEqualTo(RowState.DRIFTED);
        assertThat(check.row().drift()).containsExactly(Change.ofOutput(Action.UPDATE, "net_cidr", Cause.DRIFT));
        assertThat(check.row().toString()).doesNotContain("10.9.0.0", "10.0.0.0");
    }

    @Test
    void theShowJsonOfAStateIsRejectedAsNotAPlan() throws Exception {
        writeModule("one", "t1");
        deployed(stack(""));
        Path state = work().resolve("state.json");
        ProcessResult result = run(List.of(terraform, "show", "-json"), state);
        assertThat(result.exitCode()).isZero();

        PlanSummary sniffed = PlanReaders.sniffing().read(state);
        PlanSummary direct = new TerraformPlanReader().read(state);

        assertThat(sniffed.failed()).isTrue();
        assertThat(sniffed.failureReason()).isEqualTo("a state (show -json of a state), not a plan: show the saved plan file instead");
        assertThat(direct.failureReason()).isEqualTo(sniffed.failureReason());
    }

    // ---------------------------------------------------------------------------------------------
    // the engine over two stacks, one reading the other's state

    @Test
    void theEngineDeploysInDependencyOrderWritesOutputsAndThenFindsBothInSync() throws Exception {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        Files.createDirectories(repo.resolve("net"));
        Files.createDirectories(repo.resolve("app"));
        Files.writeString(repo.resolve("net/main.tf"), """
                resource "terraform_data" "vpc" {
                  input = "10.0.0.0/16"
                }
                output "cidr" {
                  value = terraform_data.vpc.output
                }
                output "token" {
                  value     = "hunter2-not-a-real-secret"
                  sensitive = true
                }
                """);
        Files.writeString(repo.resolve("app/main.tf"), """
                data "terraform_remote_state" "net" {
                  backend = "local"
                  config = {
                    path = "${path.module}/../net/terraform.tfstate"
                  }
                }
                resource "terraform_data" "server" {
                  input = data.terraform_remote_state.net.outputs.cidr
                }
                output "server_cidr" {
                  value = terraform_data.server.output
                }
                """);
        Files.writeString(repo.resolve("stacks.yaml"), """
                parallelism: 2
                stacks:
                  - dir: net
                    outputs: out/net.json
                  - dir: app
                    dependsOn: [net]
                    outputs: out/app.json
                """);
        List<String> progress = Collections.synchronizedList(new ArrayList<>());

        RunOutcome deploy = engine(Clock.systemUTC(), progress).deploy(Requests.manual(repo.resolve("stacks.yaml"), "1"));

        assertThat(deploy.exitCode()).as(rows(deploy) + " " + progress).isEqualTo(RunOutcome.OK);
        RunRecord deployed = deploy.run().orElseThrow();
        assertThat(deployed.trail()).extracting(e -> e.stack().value(), TrailEntry::result)
                .containsExactly(Tuple.tuple("net", TrailResult.DEPLOYED),
                        Tuple.tuple("app", TrailResult.DEPLOYED));
        assertThat(deployed.trail().get(1).startedAt()).isGreaterThanOrEqualTo(deployed.trail().get(0).finishedAt());
        assertThat(deployed.rows()).extracting(Row::state).containsOnly(RowState.IN_SYNC);
        JsonNode net = JSON.readTree(repo.resolve("out/net.json").toFile());
        assertThat(net.fieldNames()).toIterable().containsExactly("cidr");
        assertThat(net.path("cidr").asText()).isEqualTo("10.0.0.0/16");
        JsonNode app = JSON.readTree(repo.resolve("out/app.json").toFile());
        // the dependent read the dependency's freshly deployed state
        assertThat(app.path("server_cidr").asText()).isEqualTo("10.0.0.0/16");
        assertThat(String.join("\n", progress)).doesNotContain("10.0.0.0").doesNotContain("hunter2");

        // a deploy counts as a check: the next check is due a day later
        SavingHost engine = engine(Clock.offset(Clock.systemUTC(), Duration.ofHours(25)), progress);
        RunOutcome check = engine.check(Requests.manual(repo.resolve("stacks.yaml"), "2"));
        assertThat(check.exitCode()).as(rows(check)).isEqualTo(RunOutcome.OK);
        assertThat(check.run().orElseThrow().rows()).as(rows(check)).extracting(Row::state).containsOnly(RowState.IN_SYNC);

        Files.writeString(repo.resolve("net/main.tf"), Files.readString(repo.resolve("net/main.tf")).replace("10.0.0.0/16", "10.1.0.0/16"));
        RunOutcome preview = engine.preview(Requests.manual(repo.resolve("stacks.yaml"), "3"));
        assertThat(preview.exitCode()).isEqualTo(RunOutcome.CHANGES);
        Map<String, RowState> states = new HashMap<>();
        preview.run().orElseThrow().rows().forEach(r -> states.put(r.id().value(), r.state()));
        // app reads net's state as deployed, not net's code: only net is pending until net deploys
        assertThat(states).containsEntry("net", RowState.PENDING).containsEntry("app", RowState.IN_SYNC);

        // a deploy previews app only after net deployed, so app picks up net's new output in the same run
        RunOutcome second = engine.deploy(Requests.manual(repo.resolve("stacks.yaml"), "4"));
        assertThat(second.exitCode()).as(rows(second)).isEqualTo(RunOutcome.OK);
        assertThat(second.run().orElseThrow().trail()).extracting(e -> e.stack().value(), TrailEntry::result)
                .containsExactly(Tuple.tuple("net", TrailResult.DEPLOYED),
                        Tuple.tuple("app", TrailResult.DEPLOYED));
        assertThat(JSON.readTree(repo.resolve("out/app.json").toFile()).path("server_cidr").asText()).isEqualTo("10.1.0.0/16");
    }

    /**
     * {@code dependsOn: auto} on a Terraform stack: its {@code terraform_remote_state} (backend local, a literal path) names
     * network's state, so the graph orders network first, from the files alone, and a deploy with one stack at a time
     * runs them in that order. Without the edge, app (first by id) would plan before network's state exists and fail.
     */
    @Test
    void dependsOnAutoReadsTheLocalRemoteStateAndTheDeployRunsNetworkFirst() throws Exception {
        Path repo = networkAndApp("../network/terraform.tfstate");
        Files.writeString(repo.resolve("stacks.yaml"), """
                parallelism: 1
                stacks:
                  - dir: app
                    dependsOn: auto
                    outputs: out/app.json
                  - dir: network
                """);

        RunOrder order = StackDriftEngine.graph(repo.resolve("stacks.yaml"), repo, HistoryView.of(new HistoryStore(dir.resolve("record"))))
                .order().orElseThrow();
        assertThat(order.groups()).containsExactly(List.of(StackId.of("network")), List.of(StackId.of("app")));
        assertThat(order.edges()).containsExactly(new RunOrder.Edge(StackId.of("app"), StackId.of("network"), RunOrder.Origin.STATE));
        assertThat(order.notes()).isEmpty();

        List<String> progress = Collections.synchronizedList(new ArrayList<>());
        RunOutcome deploy = engine(Clock.systemUTC(), progress).deploy(Requests.manual(repo.resolve("stacks.yaml"), "1"));

        assertThat(deploy.exitCode()).as(rows(deploy) + " " + progress).isEqualTo(RunOutcome.OK);
        RunRecord deployed = deploy.run().orElseThrow();
        assertThat(deployed.trail()).extracting(e -> e.stack().value(), TrailEntry::result)
                .containsExactly(Tuple.tuple("network", TrailResult.DEPLOYED), Tuple.tuple("app", TrailResult.DEPLOYED));
        Row app = deployed.rows().stream().filter(r -> r.id().value().equals("app")).findFirst().orElseThrow();
        assertThat(app.dependsOn()).containsExactly(StackId.of("network"));
        assertThat(app.fileDependsOn()).isEmpty();
        // app read network's freshly written state
        assertThat(JSON.readTree(repo.resolve("out/app.json").toFile()).path("network_cidr").asText()).isEqualTo("10.0.0.0/16");
    }

    @Test
    void aDependentWhoseUpstreamOutputChangedSaysItFollowsTheUpstreamOutputsNotCodeChanges() throws Exception {
        Path repo = networkAndApp("${path.module}/../network/terraform.tfstate");
        Files.writeString(repo.resolve("stacks.yaml"), """
                stacks:
                  - dir: network
                  - dir: app
                    dependsOn: [network]
                    drift:
                      mode: correct
                """);
        List<String> progress = Collections.synchronizedList(new ArrayList<>());
        SavingHost engine = engine(Clock.systemUTC(), progress);
        RunOutcome first = engine.deploy(Requests.manual(repo.resolve("stacks.yaml"), "1"));
        assertThat(first.exitCode()).as(rows(first) + " " + progress).isEqualTo(RunOutcome.OK);
        // network's output changes and only network is deployed: app's code is as it was deployed
        Files.writeString(repo.resolve("network/main.tf"),
                Files.readString(repo.resolve("network/main.tf")).replace("10.0.0.0/16", "10.1.0.0/16"));
        RunOutcome network = engine.deploy(Requests.manual(repo.resolve("stacks.yaml"), "2").toBuilder()
                .stacks(List.of("network")).build());
        assertThat(network.exitCode()).as(rows(network)).isEqualTo(RunOutcome.OK);

        RunOutcome check = engine.check(Requests.manual(repo.resolve("stacks.yaml"), "3").withTiming(Timing.NOW));

        Row app = check.run().orElseThrow().rows().stream().filter(r -> r.id().value().equals("app")).findFirst().orElseThrow();
        assertThat(app.reason()).as(rows(check)).doesNotContain("code changes")
                .contains("follows network's new outputs");
        assertThat(app.state()).as(rows(check)).isEqualTo(RowState.PENDING_DRIFTED);
        assertThat(String.join("\n", progress) + app).doesNotContain("10.1.0.0", "10.0.0.0");
    }

    @Test
    void theEngineEnforcesAnIgnorePathWithTheRealToolAndRejectsId() throws Exception {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        module = Files.createDirectories(repo.resolve("owned"));
        writeModule("one", "t1");
        Files.writeString(repo.resolve("stacks.yaml"), """
                stacks:
                  - dir: owned
                    drift:
                      ignore:
                        - paths: [terraform_data.x.input]
                          reason: another team owns it
                """);
        List<String> progress = Collections.synchronizedList(new ArrayList<>());
        RunOutcome first = engine(Clock.systemUTC(), progress).deploy(Requests.manual(repo.resolve("stacks.yaml"), "1"));
        assertThat(first.exitCode()).as(rows(first)).isEqualTo(RunOutcome.OK);

        writeModule("two", "t1");
        RunOutcome preview = engine(Clock.systemUTC(), progress).preview(Requests.manual(repo.resolve("stacks.yaml"), "2"));

        assertThat(preview.exitCode()).as(rows(preview)).isEqualTo(RunOutcome.OK);
        assertThat(preview.run().orElseThrow().rows()).singleElement()
                .satisfies(row -> assertThat(row.state()).isEqualTo(RowState.IN_SYNC));
        assertThat(module.resolve(OverrideFile.FILE_NAME)).doesNotExist();

        Files.writeString(repo.resolve("stacks.yaml"), Files.readString(repo.resolve("stacks.yaml"))
                .replace("terraform_data.x.input", "terraform_data.x.id"));
        RunOutcome rejected = engine(Clock.systemUTC(), progress).preview(Requests.manual(repo.resolve("stacks.yaml"), "3"));
        Row row = rejected.run().orElseThrow().rows().get(0);
        assertThat(row.state()).isEqualTo(RowState.FAILED);
        assertThat(row.reason()).contains("terraform_data.x.id").contains("identifies the object");
    }

    @Test
    void anIgnorePathWhoseChangeForcesReplacementIsRejectedFromAPlanWithoutTheOverride() throws Exception {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        module = Files.createDirectories(repo.resolve("owned"));
        writeModule("one", "t1");
        Files.writeString(repo.resolve("stacks.yaml"), """
                stacks:
                  - dir: owned
                """);
        List<String> progress = Collections.synchronizedList(new ArrayList<>());
        assertThat(engine(Clock.systemUTC(), progress).deploy(Requests.manual(repo.resolve("stacks.yaml"), "1")).exitCode())
                .isEqualTo(RunOutcome.OK);
        Files.writeString(repo.resolve("stacks.yaml"), """
                stacks:
                  - dir: owned
                    drift:
                      ignore:
                        - paths: [terraform_data.y.triggers_replace]
                          reason: another team owns it
                """);
        // the code changes triggers_replace: with the override in place the plan would show nothing at all
        writeModule("one", "t2");

        RunOutcome preview = engine(Clock.systemUTC(), progress).preview(Requests.manual(repo.resolve("stacks.yaml"), "2"));
        // a deploy counts as a check: a day later the check is due
        RunOutcome check = engine(Clock.offset(Clock.systemUTC(), Duration.ofHours(25)), progress)
                .check(Requests.manual(repo.resolve("stacks.yaml"), "3"));
        RunOutcome deploy = engine(Clock.systemUTC(), progress).deploy(Requests.manual(repo.resolve("stacks.yaml"), "4"));

        for (RunOutcome outcome : List.of(preview, check, deploy)) {
            Row row = outcome.run().orElseThrow().rows().get(0);
            assertThat(row.state()).as(rows(outcome)).isEqualTo(RowState.FAILED);
            assertThat(row.reason()).isEqualTo("ignore path 'terraform_data.y.triggers_replace' rejected (rule 2): a change of "
                    + "triggers_replace forces replacement of terraform_data.y (the plan's replace_paths); ignoring it would "
                    + "re-address the object; let the code own this field, or change the resource so the field can be updated "
                    + "in place");
        }
        // nothing was applied: the state still has the old trigger, and no override file is left
        assertThat(deploy.run().orElseThrow().trail()).extracting(TrailEntry::result).containsExactly(TrailResult.FAILED);
        assertThat(module.resolve(OverrideFile.FILE_NAME)).doesNotExist();
        StackPlan after = adapter().plan(new StackCall(stack(""), module, work(), environment), PlanPurpose.PREVIEW, Set.of());
        assertThat(after.replacePaths()).containsEntry("terraform_data.y", List.of("triggers_replace"));
    }

    // ---------------------------------------------------------------------------------------------

    /** network writes a cidr output to its local state; app reads it through terraform_remote_state at {@code statePath}. */
    private Path networkAndApp(final String statePath) throws IOException {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        Files.createDirectories(repo.resolve("network"));
        Files.createDirectories(repo.resolve("app"));
        Files.writeString(repo.resolve("network/main.tf"), """
                resource "terraform_data" "vpc" {
                  input = "10.0.0.0/16"
                }
                output "cidr" {
                  value = terraform_data.vpc.output
                }
                """);
        Files.writeString(repo.resolve("app/main.tf"), """
                data "terraform_remote_state" "network" {
                  backend = "local"
                  config = {
                    path = "%s"
                  }
                }
                resource "terraform_data" "server" {
                  input = data.terraform_remote_state.network.outputs.cidr
                }
                output "network_cidr" {
                  value = data.terraform_remote_state.network.outputs.cidr
                }
                """.formatted(statePath));
        return repo;
    }

    private SavingHost engine(final Clock clock, final List<String> progress) {
        // the engine's own adapters (its PlanReading wiring); the stacks' environment stands in for credentials
        HistoryStore history = new HistoryStore(dir.resolve("record"));
        return new SavingHost(new StackDriftEngine(new EngineServices(new LocalProcessRunner(),
                ToolSettings.defaults().withExecutable(Tool.TERRAFORM, terraform).withTimeout(Duration.ofMinutes(2)),
                HistoryView.of(history), DeployJournal.of(history, HistoryStore::isRunningHere),
                new FileStackLocks(dir.resolve("record/locks"), Duration.ofSeconds(5), line -> { }),
                (stack, ids) -> environment, dir.resolve("engine-work"), clock, progress::add)), history);
    }


    /** Two terraform_data resources (input, triggers_replace), a plain and a sensitive output, the local backend. */
    private void writeModule(final String input, final String trigger) throws IOException {
        Files.writeString(module.resolve("main.tf"), """
                resource "terraform_data" "x" {
                  input = "%s"
                }

                resource "terraform_data" "y" {
                  input            = "fixed"
                  triggers_replace = ["%s"]
                }

                output "plain" {
                  value = terraform_data.x.output
                }

                output "secret" {
                  value     = "hunter2-not-a-real-secret"
                  sensitive = true
                }
                """.formatted(input, trigger));
    }

    private TerraformAdapter adapter() {
        ToolSettings settings = ToolSettings.defaults().withExecutable(Tool.TERRAFORM, terraform).withTimeout(Duration.ofMinutes(2));
        // the engine's wiring for Terraform/OpenTofu
        return new TerraformAdapter(Tool.TERRAFORM, settings, new LocalProcessRunner(), ToolAdapters.planReading());
    }

    private void deployed(final StackConfig stack) throws InterruptedException, IOException {
        deployed(adapter(), stack);
    }

    private void deployed(final TerraformAdapter adapter, final StackConfig stack) throws InterruptedException, IOException {
        StackPlan plan = adapter.plan(new StackCall(stack, module, work(), environment), PlanPurpose.PREVIEW, Set.of());
        assertThat(plan.row().state()).as(plan.row().reason()).isIn(RowState.PENDING, RowState.IN_SYNC);
        if (plan.row().state() == RowState.PENDING) {
            ApplyResult applied = adapter.apply(new StackCall(stack, module, work(), environment), plan);
            assertThat(applied.succeeded()).as(applied.reason()).isTrue();
        }
    }

    private Path work() throws IOException {
        return Files.createDirectories(dir.resolve("work-" + ++workDirs));
    }

    private static StackConfig stack(final String workspace) {
        return new StackConfig(StackId.terraform(".", workspace), Tool.TERRAFORM, ".", workspace, List.of(), false,
                DriftSettings.defaults(), Duration.ZERO, Policy.ON_CHANGE, Map.of(), Optional.empty());
    }

    private static StackConfig stackIgnoring(final String path) {
        DriftSettings drift = new DriftSettings(true, DriftMode.REPORT, DriftSettings.DEFAULT_EVERY,
                List.of(new IgnoreRule(List.of(path), "owned by a test")));
        return new StackConfig(StackId.terraform(".", ""), Tool.TERRAFORM, ".", "", List.of(), false, drift, Duration.ZERO,
                Policy.ON_CHANGE, Map.of(), Optional.empty());
    }

    /** Runs the real tool directly (for formats the adapter does not ask for), stdout to {@code stdout}. */
    private ProcessResult run(final List<String> command, final Path stdout) throws IOException, InterruptedException {
        Map<String, String> env = new HashMap<>(environment);
        env.put("TF_IN_AUTOMATION", "1");
        return new LocalProcessRunner().run(new ProcessSpec(command, module, env, Duration.ofMinutes(1), stdout));
    }

    private static StackOutput named(final OutputsResult outputs, final String name) {
        return outputs.outputs().stream().filter(o -> o.name().equals(name)).findFirst().orElseThrow();
    }

    private static void assertNoValueIn(final Row row) {
        assertThat(row.toString()).doesNotContain("hunter2").doesNotContain("\"one\"").doesNotContain("\"two\"");
    }

    private static String rows(final RunOutcome outcome) {
        return outcome.run().map(r -> r.rows().stream().map(row -> row.id() + " " + row.state() + " " + row.reason()).toList().toString())
                .orElse(outcome.problems().toString());
    }
}
