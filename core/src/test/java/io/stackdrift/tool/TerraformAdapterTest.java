package io.stackdrift.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.config.DriftSettings;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.local.LocalProcessRunner;
import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.spi.ToolSettings;
import io.stackdrift.testing.FakeTool;
import io.stackdrift.testing.Fixtures;
import io.stackdrift.testing.PosixOnly;

@PosixOnly
class TerraformAdapterTest {
    /** What the stand-in tool's show prints: the project's own Terraform 1.11.4 plan. */
    private static final String SHOWN = "lifecycle/2-changes.plan.json";
    private static final Change VPC_TAG = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags.Owner"), Cause.CODE);
    private static final Change VPC_DRIFT = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags.Owner"), Cause.DRIFT);

    @TempDir
    Path temp;

    private Path repo;
    private Path work;
    private FakeTool tofu;
    private final CannedPlanReading reading = new CannedPlanReading();
    private TerraformAdapter adapter;

    @BeforeEach
    void setUp() throws IOException {
        repo = Files.createDirectories(temp.resolve("repo"));
        Files.createDirectories(repo.resolve("network"));
        work = temp.resolve("work/network");
        tofu = FakeTool.create(temp, "tofu");
        // the reading is canned: show's output only has to reach it whole, and any genuine plan JSON serves
        tofu.on("show").stdoutFrom(Fixtures.terraform(SHOWN));
        tofu.on("workspace-list").stdout("  default\n* prod\n");
        adapter = adapter(ToolSettings.defaults().withExecutable(Tool.TOFU, tofu.executable().toString()));
    }

    private TerraformAdapter adapter(final ToolSettings settings) {
        return new TerraformAdapter(Tool.TOFU, settings, new LocalProcessRunner(), reading);
    }

    private static StackConfig stack(final String dir, final String workspace) {
        return new StackConfig(StackId.terraform(dir, workspace), Tool.TOFU, dir, workspace, List.of(), false,
                DriftSettings.defaults(), Duration.ZERO, Policy.ON_CHANGE, Map.of("AWS_ACCESS_KEY_ID", "aws-key"), Optional.empty());
    }

    private StackPlan plan(final StackConfig stack, final PlanPurpose purpose) throws InterruptedException {
        return adapter.plan(new StackCall(stack, repo, work, tofu.environment()), purpose, Set.of(stack.id()));
    }

    @Test
    void previewRunsInitPlanAndShowInTheStackDirectory() throws Exception {
        tofu.on("plan").exitCode(2);
        reading.answer(CannedPlanReading.summary(List.of(VPC_TAG), List.of(VPC_DRIFT), List.of()));

        StackPlan plan = plan(stack("network", ""), PlanPurpose.PREVIEW);

        Path planFile = work.toAbsolutePath().resolve("preview.tfplan");
        assertThat(tofu.arguments()).containsExactly(
                List.of("init", "-input=false"),
                List.of("plan", "-input=false", "-json", "-out=" + planFile, "-detailed-exitcode"),
                List.of("show", "-json", planFile.toString()));
        assertThat(tofu.calls()).allSatisfy(call -> assertThat(call.directory()).isEqualTo(repo.resolve("network").toRealPath()));
        // the plan's only change puts the drift back: marked as drift, the stack is drifted, not pending
        assertThat(plan.row().state()).isEqualTo(RowState.DRIFTED);
        assertThat(plan.row().changes()).containsExactly(VPC_TAG.withCause(Cause.DRIFT));
        assertThat(plan.row().drift()).containsExactly(VPC_DRIFT);
        assertThat(plan.row().reason()).isEmpty();
        assertThat(plan.row().dir()).isEqualTo("network");
        assertThat(plan.planFile()).contains(planFile);
        assertThat(plan.toolVersion()).isEqualTo("1.9.5");
        assertThat(reading.requests()).singleElement().satisfies(request -> {
            assertThat(request.tool()).isEqualTo(Tool.TOFU);
            assertThat(request.purpose()).isEqualTo(PlanPurpose.PREVIEW);
            assertThat(Files.readString(request.file()))
                    .isEqualTo(Files.readString(Fixtures.terraform(SHOWN)));
        });
    }

    @Test
    void anEmptyPlanIsInSync() throws Exception {
        tofu.on("plan").exitCode(0);

        StackPlan plan = plan(stack("network", ""), PlanPurpose.PREVIEW);

        assertThat(plan.row().state()).isEqualTo(RowState.IN_SYNC);
        assertThat(plan.row().changeCount()).isZero();
    }

    @Test
    void driftCheckIsRefreshOnlyAndFindsAnExistingWorkspaceWithoutCreatingIt() throws Exception {
        tofu.on("plan-refresh-only").exitCode(2);
        reading.answer(CannedPlanReading.summary(List.of(), List.of(VPC_DRIFT), List.of()));

        StackPlan plan = plan(stack("network", "prod"), PlanPurpose.DRIFT_CHECK);

        Path planFile = work.toAbsolutePath().resolve("drift.tfplan");
        assertThat(tofu.arguments()).containsExactly(
                List.of("workspace", "list"),
                List.of("init", "-input=false"),
                List.of("plan", "-refresh-only", "-input=false", "-json", "-out=" + planFile, "-detailed-exitcode"),
                List.of("show", "-json", planFile.toString()));
        assertThat(plan.stack()).isEqualTo(StackId.of("network:prod"));
        assertThat(plan.row().state()).isEqualTo(RowState.DRIFTED);
        assertThat(plan.purpose()).isEqualTo(PlanPurpose.DRIFT_CHECK);
        assertThat(reading.requests()).singleElement().extracting(CannedPlanReading.Request::purpose).isEqualTo(PlanPurpose.DRIFT_CHECK);
    }

    @Test
    void previewCreatesAMissingWorkspaceADriftCheckFailsOnIt() throws Exception {
        plan(stack("network", "staging"), PlanPurpose.PREVIEW);

        assertThat(tofu.arguments()).contains(List.of("workspace", "new", "staging"))
                .noneMatch(arguments -> arguments.contains("select"));

        StackPlan check = plan(stack("network", "staging"), PlanPurpose.DRIFT_CHECK);
        assertThat(check.row().state()).isEqualTo(RowState.FAILED);
        assertThat(check.row().reason()).isEqualTo("the tofu workspace staging does not exist; a preview creates it");
    }

    /** One {@code diagnostic} line of the machine-readable UI, as {@code plan -json} and {@code apply -json} print it. */
    private static String diagnostic(final String summary, final String detail, final String where) {
        return "{\"@level\":\"error\",\"@message\":\"Error: " + summary + "\",\"@module\":\"tofu.ui\",\"type\":\"diagnostic\","
                + "\"diagnostic\":{\"severity\":\"error\",\"summary\":\"" + summary + "\",\"detail\":\"" + detail + "\"" + where
                + "}}\n";
    }

    @Test
    void aFailingPlanIsAFailedRowWithTheDiagnosticsSummaryAndNoShow() throws Exception {
        tofu.on("plan").exitCode(1)
                .stdout("{\"@level\":\"info\",\"type\":\"version\",\"tofu\":\"1.9.0\",\"ui\":\"1.2\"}\n"
                        + diagnostic("Unsupported argument", "An argument named s3cr3t is not expected here.",
                                ",\"range\":{\"filename\":\"main.tf\",\"start\":{\"line\":3,\"column\":3}}"))
                .stderr("\u2502 Error: Unsupported argument s3cr3t\n");

        StackPlan plan = plan(stack("network", ""), PlanPurpose.PREVIEW);

        assertThat(plan.row().state()).isEqualTo(RowState.FAILED);
        assertThat(plan.row().reason()).isEqualTo("tofu plan failed: Unsupported argument (main.tf:3)");
        assertThat(plan.row().changes()).isEmpty();
        assertThat(plan.planFile()).isEmpty();
        assertThat(tofu.arguments()).extracting(arguments -> arguments.get(0)).containsExactly("init", "plan");
        assertThat(tofu.arguments().get(1)).contains("-json");
    }

    @Test
    void aFailingInitStopsBeforeThePlanWithItsExitCodeNotItsStderr() throws Exception {
        // a tool whose init has no JSON view: its stderr is never read for the reason
        tofu.on("init").exitCode(1).stderr("Error: Failed to query provider packages for token s3cr3t\n");

        StackPlan plan = plan(stack("network", ""), PlanPurpose.DRIFT_CHECK);

        assertThat(plan.row().reason()).isEqualTo("tofu init failed with exit code 1 (see the console log)");
        assertThat(tofu.arguments()).containsExactly(List.of("init", "-input=false"), List.of("init", "-input=false", "-json"));
    }

    @Test
    void aFailingInitIsRunOnceMoreWithJsonAndItsDiagnosticIsTheReason() throws Exception {
        tofu.on("init").exitCode(1).stdout(diagnostic("Unclosed configuration block", "no closing brace for s3cr3t",
                ",\"range\":{\"filename\":\"bad.tf\",\"start\":{\"line\":1}}"));

        StackPlan plan = plan(stack("network", ""), PlanPurpose.PREVIEW);

        assertThat(plan.row().reason()).isEqualTo("tofu init failed: Unclosed configuration block (bad.tf:1)");
        assertThat(plan.row().reason()).doesNotContain("s3cr3t");
        assertThat(tofu.arguments()).extracting(arguments -> arguments.get(0)).containsExactly("init", "init");
    }

    @Test
    void aCrashWithoutStderrNamesTheExitCode() throws Exception {
        tofu.on("plan").exitCode(139);

        assertThat(plan(stack("network", ""), PlanPurpose.PREVIEW).row().reason())
                .isEqualTo("tofu plan failed with exit code 139 (see the console log)");
    }

    @Test
    void aSecretOnStderrOrInADiagnosticsDetailNeverReachesTheRow() throws Exception {
        tofu.on("plan").exitCode(11).stderr("panic: runtime error\nTF_VAR_db_password=s3cr3t\n");
        tofu.on("init").stderr("[DEBUG] provider: token=s3cr3t\n");
        StackPlan crashed = plan(stack("network", ""), PlanPurpose.PREVIEW);

        // an error line with the value unquoted, and one with it quoted: neither is read
        tofu.on("plan").exitCode(1).stderr("[TRACE] body={\"password\":\"s3cr3t\"}\nError: invalid value s3cr3t for x\n"
                + "\u2502 Error: invalid value \"s3cr3t\" for x\n");
        StackPlan unquoted = plan(stack("network", ""), PlanPurpose.PREVIEW);

        // the tool's diagnostic: its summary is the reason, its detail (which quotes the value) never
        tofu.on("plan").exitCode(1).stdout(diagnostic("Invalid value for variable",
                "The value s3cr3t is not allowed for var.x: \\\"s3cr3t\\\" is too short.", ",\"address\":\"var.x\""));
        StackPlan diagnosed = plan(stack("network", ""), PlanPurpose.PREVIEW);

        assertThat(crashed.row().reason()).isEqualTo("tofu plan failed with exit code 11 (see the console log)");
        assertThat(unquoted.row().reason()).isEqualTo("tofu plan failed with exit code 1 (see the console log)");
        assertThat(diagnosed.row().reason()).isEqualTo("tofu plan failed: Invalid value for variable (var.x)");
        assertThat(List.of(crashed.row(), unquoted.row(), diagnosed.row()))
                .allSatisfy(row -> assertThat(row.toString()).doesNotContain("s3cr3t"));
    }

    @Test
    void truncatedShowOutputIsAFailedRow() throws Exception {
        String whole = Files.readString(Fixtures.terraform(SHOWN));
        Path truncated = temp.resolve("truncated.json");
        Files.writeString(truncated, whole.substring(0, whole.length() / 2));
        tofu.on("plan").exitCode(2);
        tofu.on("show").stdoutFrom(truncated);

        StackPlan plan = plan(stack("network", ""), PlanPurpose.PREVIEW);

        assertThat(plan.row().state()).isEqualTo(RowState.FAILED);
        assertThat(plan.row().reason()).isEqualTo("the file is truncated or not JSON");
        assertThat(plan.planFile()).isEmpty();
    }

    @Test
    void aPlanThatTimesOutIsAFailedRow() throws Exception {
        tofu.on("plan").sleepSeconds(60);
        adapter = adapter(ToolSettings.defaults().withExecutable(Tool.TOFU, tofu.executable().toString())
                .withTimeout(Duration.ofSeconds(1)));

        StackPlan plan = plan(stack("network", ""), PlanPurpose.PREVIEW);

        assertThat(plan.row().state()).isEqualTo(RowState.FAILED);
        assertThat(plan.row().reason()).isEqualTo("tofu plan timed out after 1s");
    }

    @Test
    void theTimeoutCountsForTheWholePlanNotForEachProcess() throws Exception {
        tofu.on("init").sleepSeconds(2);
        tofu.on("plan").sleepSeconds(2);
        adapter = adapter(ToolSettings.defaults().withExecutable(Tool.TOFU, tofu.executable().toString())
                .withTimeout(Duration.ofSeconds(3)));

        StackPlan plan = plan(stack("network", ""), PlanPurpose.PREVIEW);

        assertThat(plan.row().reason()).isEqualTo("tofu plan timed out after 3s");
    }

    @Test
    void anApplyHasItsOwnLongerTimeoutAndTheMessageSaysHowToRaiseIt() throws Exception {
        tofu.on("plan").exitCode(2);
        tofu.on("apply").sleepSeconds(3);
        ToolSettings settings = new ToolSettings(Map.of(Tool.TOFU, tofu.executable().toString()), Duration.ofSeconds(2),
                Duration.ofSeconds(1), "raise toolTimeout");
        adapter = adapter(settings);
        StackConfig network = stack("network", "");
        StackPlan plan = plan(network, PlanPurpose.PREVIEW);

        ApplyResult result = adapter.apply(new StackCall(network, repo, work, tofu.environment()), plan);

        assertThat(result).isEqualTo(ApplyResult.failure("tofu apply timed out after 1s (raise toolTimeout)"));
        assertThat(ToolSettings.defaults().applyTimeout()).isGreaterThan(ToolSettings.defaults().timeout());
        assertThat(ToolSettings.defaults().withTimeout(Duration.ofHours(2)).applyTimeout()).isEqualTo(Duration.ofHours(2));
    }

    @Test
    void aMissingExecutableOnPathSaysHowToFixIt() throws Exception {
        ProcessRunner nothingStarts = spec -> new ProcessResult(-1, spec.stdoutFile(), "", false, true);
        TerraformAdapter terraform = new TerraformAdapter(Tool.TERRAFORM, ToolSettings.defaults(), nothingStarts, reading);

        StackPlan plan = terraform.plan(new StackCall(stack("network", ""), repo, work, Map.of()), PlanPurpose.PREVIEW, Set.of());

        assertThat(plan.row().reason()).isEqualTo("terraform not found on PATH; install it or set the tool path");
    }

    @Test
    void aMissingConfiguredExecutableNamesItsPath() throws Exception {
        Path missing = temp.resolve("opt/tofu");
        adapter = adapter(ToolSettings.defaults().withExecutable(Tool.TOFU, missing.toString()));

        StackPlan plan = plan(stack("network", ""), PlanPurpose.PREVIEW);

        assertThat(plan.row().reason()).isEqualTo("tofu not found at " + missing + "; install it there or correct the tool path");
    }

    @Test
    void appliesExactlyThePlanOfThisRunOnce() throws Exception {
        tofu.on("plan").exitCode(2);
        StackConfig network = stack("network", "");
        StackPlan plan = plan(network, PlanPurpose.PREVIEW);

        ApplyResult first = adapter.apply(new StackCall(network, repo, work, tofu.environment()), plan);
        ApplyResult second = adapter.apply(new StackCall(network, repo, work, tofu.environment()), plan);

        assertThat(first).isEqualTo(ApplyResult.success());
        assertThat(second).isEqualTo(ApplyResult.failure("no plan from this run; refusing to apply"));
        assertThat(tofu.arguments()).filteredOn(arguments -> arguments.get(0).equals("apply"))
                .containsExactly(List.of("apply", "-input=false", "-json", work.toAbsolutePath().resolve("preview.tfplan").toString()));
    }

    @Test
    void aPlanThatOnlyChangesAnOutputIsPendingAndApplied() throws Exception {
        // the engine's own plan reading: output_changes are changes, named by the output, never by its value
        TerraformAdapter real = new TerraformAdapter(Tool.TOFU,
                ToolSettings.defaults().withExecutable(Tool.TOFU, tofu.executable().toString()), new LocalProcessRunner(),
                ToolAdapters.planReading());
        tofu.on("plan").exitCode(2);
        Path outputsOnly = temp.resolve("outputs-only.plan.json");
        Files.writeString(outputsOnly, "{\"format_version\":\"1.2\",\"terraform_version\":\"1.9.0\",\"planned_values\":{\"outputs\":"
                + "{\"extra\":{\"sensitive\":false,\"value\":\"v-new\"}},\"root_module\":{}},\"resource_changes\":[{\"address\":"
                + "\"aws_vpc.main\",\"type\":\"aws_vpc\",\"change\":{\"actions\":[\"no-op\"],\"before\":{},\"after\":{}}}],"
                + "\"output_changes\":{\"extra\":{\"actions\":[\"create\"],\"before\":null,\"after\":\"v-new\"}},\"errored\":false}\n");
        tofu.on("show").stdoutFrom(outputsOnly);
        StackConfig network = stack("network", "");

        StackPlan plan = real.plan(new StackCall(network, repo, work, tofu.environment()), PlanPurpose.PREVIEW, Set.of(network.id()));

        assertThat(plan.row().state()).isEqualTo(RowState.PENDING);
        assertThat(plan.row().changes()).containsExactly(Change.ofOutput(Action.CREATE, "extra", Cause.CODE));
        assertThat(plan.row().toString()).doesNotContain("v-new");
        assertThat(real.apply(new StackCall(network, repo, work, tofu.environment()), plan).succeeded()).isTrue();
    }

    @Test
    void destroyPlansWithDestroyInAnExistingWorkspaceAndAppliesThatPlanOnce() throws Exception {
        tofu.on("plan-destroy").exitCode(2);
        Change gone = new Change(Action.DELETE, "aws_vpc", "aws_vpc.main", List.of(), Cause.CODE);
        reading.answer(CannedPlanReading.summary(List.of(gone), List.of(), List.of()));
        StackConfig network = stack("network", "prod");

        StackPlan plan = plan(network, PlanPurpose.DESTROY);
        ApplyResult first = adapter.apply(new StackCall(network, repo, work, tofu.environment()), plan);
        ApplyResult second = adapter.apply(new StackCall(network, repo, work, tofu.environment()), plan);

        Path planFile = work.toAbsolutePath().resolve("destroy.tfplan");
        assertThat(tofu.arguments()).containsExactly(
                List.of("workspace", "list"),
                List.of("init", "-input=false"),
                List.of("plan", "-destroy", "-input=false", "-json", "-out=" + planFile, "-detailed-exitcode"),
                List.of("show", "-json", planFile.toString()),
                List.of("apply", "-input=false", "-json", planFile.toString()));
        assertThat(plan.purpose()).isEqualTo(PlanPurpose.DESTROY);
        assertThat(plan.row().state()).isEqualTo(RowState.PENDING);
        assertThat(plan.row().changes()).containsExactly(gone);
        assertThat(first).isEqualTo(ApplyResult.success());
        assertThat(second).isEqualTo(ApplyResult.failure("no plan from this run; refusing to apply"));
        assertThat(work.resolve("destroy-apply.log")).exists();
        assertThat(reading.requests()).singleElement().extracting(CannedPlanReading.Request::purpose).isEqualTo(PlanPurpose.DESTROY);
    }

    @Test
    void aPreviewAfterADestroyPlanReplacesIt() throws Exception {
        tofu.on("plan").exitCode(2);
        StackConfig network = stack("network", "");
        StackPlan destroy = plan(network, PlanPurpose.DESTROY);
        plan(network, PlanPurpose.PREVIEW);

        assertThat(adapter.apply(new StackCall(network, repo, work, tofu.environment()), destroy).reason())
                .isEqualTo("no plan from this run; refusing to apply");
        assertThat(tofu.arguments()).noneMatch(arguments -> arguments.get(0).equals("apply"));
    }

    @Test
    void refusesAPlanThisAdapterDidNotMake() throws Exception {
        StackConfig network = stack("network", "");
        StackPlan plan = plan(network, PlanPurpose.PREVIEW);
        TerraformAdapter nextRun = adapter(ToolSettings.defaults().withExecutable(Tool.TOFU, tofu.executable().toString()));

        ApplyResult result = nextRun.apply(new StackCall(network, repo, work, tofu.environment()), plan);

        assertThat(result.succeeded()).isFalse();
        assertThat(result.reason()).isEqualTo("no plan from this run; refusing to apply");
        assertThat(tofu.arguments()).noneMatch(arguments -> arguments.get(0).equals("apply"));
    }

    @Test
    void refusesAFailedPlanAndAPlanWhoseFileIsGone() throws Exception {
        StackConfig network = stack("network", "");
        tofu.on("plan").exitCode(1);
        StackPlan failed = plan(network, PlanPurpose.PREVIEW);
        assertThat(adapter.apply(new StackCall(network, repo, work, tofu.environment()), failed).reason())
                .isEqualTo("no plan from this run; refusing to apply");

        tofu.on("plan").exitCode(2);
        StackPlan plan = plan(network, PlanPurpose.PREVIEW);
        Files.delete(plan.planFile().orElseThrow());
        assertThat(adapter.apply(new StackCall(network, repo, work, tofu.environment()), plan).reason())
                .isEqualTo("no plan from this run; refusing to apply");
        assertThat(tofu.arguments()).noneMatch(arguments -> arguments.get(0).equals("apply"));
    }

    @Test
    void refusesToApplyADriftCheck() throws Exception {
        StackConfig network = stack("network", "");
        tofu.on("plan").exitCode(2);
        StackPlan check = plan(network, PlanPurpose.DRIFT_CHECK);

        ApplyResult result = adapter.apply(new StackCall(network, repo, work, tofu.environment()), check);

        assertThat(result.reason()).startsWith("a drift check's plan is never applied");
        assertThat(tofu.arguments()).noneMatch(arguments -> arguments.get(0).equals("apply"));
    }

    @Test
    void aPlanAlteredAfterThePreviewIsNotThePlanOfThisRun() throws Exception {
        StackConfig network = stack("network", "");
        StackPlan made = plan(network, PlanPurpose.PREVIEW);
        assertThat(made.row().state()).isEqualTo(RowState.IN_SYNC);
        StackPlan altered = new StackPlan(made.row().withState(RowState.PENDING, ""), made.purpose(), made.planFile(),
                made.toolVersion(), made.replacePaths());

        assertThat(adapter.apply(new StackCall(network, repo, work, tofu.environment()), altered).reason())
                .isEqualTo("no plan from this run; refusing to apply");
    }

    @Test
    void aPlanOfAnotherStackIsRefused() throws Exception {
        StackPlan network = plan(stack("network", ""), PlanPurpose.PREVIEW);

        assertThat(adapter.apply(new StackCall(stack("network", "prod"), repo, work, tofu.environment()), network).reason())
                .isEqualTo("no plan from this run; refusing to apply");
    }

    @Test
    void aStalePlanFailsWithTheToolsDiagnostic() throws Exception {
        StackConfig network = stack("network", "prod");
        tofu.on("plan").exitCode(2);
        tofu.on("apply").exitCode(1)
                .stdout(diagnostic("Saved plan is stale", "The given plan file can no longer be applied because the state was changed",
                        ""))
                .stderr("\u2577\n\u2502 Error: Saved plan is stale\n\u2575\n");
        StackPlan plan = plan(network, PlanPurpose.PREVIEW);

        ApplyResult result = adapter.apply(new StackCall(network, repo, work, tofu.environment()), plan);

        assertThat(result).isEqualTo(ApplyResult.failure("tofu apply failed: Saved plan is stale"));
        assertThat(tofu.arguments()).filteredOn(arguments -> arguments.get(0).equals("workspace"))
                .containsExactly(List.of("workspace", "list"));
    }

    @Test
    void readsOutputsWithTheirSensitiveMarks() throws Exception {
        tofu.on("output").stdout("{\"db_password\":{\"sensitive\":true,\"type\":\"string\",\"value\":\"hunter2\"},"
                + "\"vpc_id\":{\"sensitive\":false,\"type\":\"string\",\"value\":\"vpc-1\"}}\n");

        OutputsResult outputs = adapter.outputs(new StackCall(stack("network", ""), repo, work, tofu.environment()));

        assertThat(outputs.succeeded()).isTrue();
        assertThat(outputs.outputs()).extracting(StackOutput::name, StackOutput::sensitive)
                .containsExactly(Tuple.tuple("db_password", true), Tuple.tuple("vpc_id", false));
        assertThat(outputs.outputs().get(1).value().asText()).isEqualTo("vpc-1");
        assertThat(tofu.arguments()).endsWith(List.of("output", "-json"));
    }

    @Test
    void nonJsonOutputsFailWithoutQuotingThem() throws Exception {
        tofu.on("output").stdout("{\"db_password\":{\"sensitive\":true,\"value\":\"hunter2");

        OutputsResult outputs = adapter.outputs(new StackCall(stack("network", ""), repo, work, tofu.environment()));

        assertThat(outputs.succeeded()).isFalse();
        assertThat(outputs.reason()).isEqualTo("tofu output -json printed truncated or non-JSON output").doesNotContain("hunter2");
    }

    @Test
    void providersSchemaIsKeptInAFile() throws Exception {
        Path fixture = Fixtures.terraform("providers-schema.json");
        tofu.on("providers-schema").stdoutFrom(fixture);

        ToolRun run = adapter.providersSchema(new StackCall(stack("network", ""), repo, work, tofu.environment()));

        assertThat(run.succeeded()).isTrue();
        assertThat(run.output()).hasValueSatisfying(file -> assertThat(file).hasSameTextualContentAs(fixture));
        assertThat(tofu.arguments()).containsExactly(List.of("init", "-input=false"), List.of("providers", "schema", "-json"));
    }

    @Test
    void versionComesFromVersionJson() throws Exception {
        tofu.on("version").stdout("{\"terraform_version\":\"1.8.3\",\"platform\":\"linux_amd64\",\"provider_selections\":{}}\n");
        assertThat(adapter.version(new StackCall(stack("network", ""), repo, work, tofu.environment()))).isEqualTo("1.8.3");

        tofu.on("version").stdout("OpenTofu v1.8.3\n");
        assertThat(adapter.version(new StackCall(stack("network", ""), repo, work, tofu.environment()))).isEmpty();
    }

    @Test
    void theStacksEnvironmentReachesTheToolNextToTheAutomationSwitch() throws Exception {
        Path script = temp.resolve("bin/env-tofu");
        Files.writeString(script, "#!/usr/bin/env bash\nprintf '%s %s' \"$TF_IN_AUTOMATION\" \"$AWS_ACCESS_KEY_ID\" > \"$OUT\"\n");
        script.toFile().setExecutable(true);
        Path out = temp.resolve("env.txt");
        TerraformAdapter envAdapter = adapter(ToolSettings.defaults().withExecutable(Tool.TOFU, script.toString()));

        envAdapter.plan(new StackCall(stack("network", ""), repo, work, Map.of("AWS_ACCESS_KEY_ID", "AKIA", "OUT", out.toString())),
                PlanPurpose.PREVIEW, Set.of());

        assertThat(Files.readString(out)).isEqualTo("1 AKIA");
    }

    @Test
    void everyProcessNamesItsWorkspaceInTfWorkspace() throws Exception {
        // Terraform 1.11.4 works in whatever workspace .terraform/environment names: the one the last
        // `workspace select` in the directory chose (another stack of it, or someone by hand)
        Path log = temp.resolve("workspaces.log");
        Path script = temp.resolve("bin/ws-tofu");
        Files.writeString(script, "#!/usr/bin/env bash\nprintf '%s=%s\\n' \"$1\" \"${TF_WORKSPACE-unset}\" >> \"$WS_LOG\"\nexec \""
                + tofu.executable() + "\" \"$@\"\n");
        script.toFile().setExecutable(true);
        TerraformAdapter wsAdapter = adapter(ToolSettings.defaults().withExecutable(Tool.TOFU, script.toString()));
        Map<String, String> env = new HashMap<>(tofu.environment());
        env.put("WS_LOG", log.toString());
        StackConfig unnamed = stack("network", "");
        Set<StackId> alone = Set.of(StackId.of("network"));

        StackPlan plan = wsAdapter.plan(new StackCall(unnamed, repo, work, env), PlanPurpose.PREVIEW, alone);
        wsAdapter.apply(new StackCall(unnamed, repo, work, env), plan);
        wsAdapter.outputs(new StackCall(unnamed, repo, work, env));
        wsAdapter.providersSchema(new StackCall(unnamed, repo, work, env));
        assertThat(Files.readAllLines(log)).extracting(line -> line.substring(0, line.indexOf('=')))
                .contains("init", "plan", "show", "apply", "output", "providers");
        assertThat(Files.readAllLines(log)).allSatisfy(line -> assertThat(line).endsWith("=default"));

        Files.delete(log);
        StackConfig prod = stack("network", "prod");
        StackPlan prodPlan = wsAdapter.plan(new StackCall(prod, repo, work, env), PlanPurpose.PREVIEW, alone);
        wsAdapter.apply(new StackCall(prod, repo, work, env), prodPlan);
        wsAdapter.outputs(new StackCall(prod, repo, work, env));
        assertThat(Files.readAllLines(log)).isNotEmpty().allSatisfy(line -> assertThat(line).endsWith("=prod"));

        // the stack's own value wins
        Files.delete(log);
        env.put("TF_WORKSPACE", "mine");
        wsAdapter.plan(new StackCall(unnamed, repo, work, env), PlanPurpose.PREVIEW, alone);
        assertThat(Files.readAllLines(log)).isNotEmpty().allSatisfy(line -> assertThat(line).endsWith("=mine"));
    }

    @Test
    void anUnnamedStackWithACloudBlockKeepsTheWorkspaceTheBlockPicks() throws Exception {
        // a cloud block has no default workspace: TF_WORKSPACE=default would fail every command
        Files.writeString(repo.resolve("network/main.tf"), "terraform {\n  cloud {\n    organization = \"o\"\n  }\n}\n");
        Path log = temp.resolve("workspaces.log");
        Path script = temp.resolve("bin/ws-tofu");
        Files.writeString(script, "#!/usr/bin/env bash\nprintf '%s=%s\\n' \"$1\" \"${TF_WORKSPACE-unset}\" >> \"$WS_LOG\"\nexec \""
                + tofu.executable() + "\" \"$@\"\n");
        script.toFile().setExecutable(true);
        TerraformAdapter wsAdapter = adapter(ToolSettings.defaults().withExecutable(Tool.TOFU, script.toString()));
        Map<String, String> env = new HashMap<>(tofu.environment());
        env.put("WS_LOG", log.toString());

        wsAdapter.plan(new StackCall(stack("network", ""), repo, work, env), PlanPurpose.PREVIEW, Set.of());
        assertThat(Files.readAllLines(log)).isNotEmpty().allSatisfy(line -> assertThat(line).endsWith("=unset"));

        Files.delete(log);
        wsAdapter.plan(new StackCall(stack("network", "prod"), repo, work, env), PlanPurpose.PREVIEW, Set.of());
        assertThat(Files.readAllLines(log)).isNotEmpty().allSatisfy(line -> assertThat(line).endsWith("=prod"));
    }
}
