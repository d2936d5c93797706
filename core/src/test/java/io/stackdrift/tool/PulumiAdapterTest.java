package io.stackdrift.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.assertj.core.api.InstanceOfAssertFactories;
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
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.plan.FailureReasons;
import io.stackdrift.plan.PlanSummary;
import io.stackdrift.spi.ToolSettings;
import io.stackdrift.testing.FakeTool;
import io.stackdrift.testing.Fixtures;
import io.stackdrift.testing.PosixOnly;

@PosixOnly
class PulumiAdapterTest {
    private static final StackId APP = StackId.of("shop-app:prod");
    private static final StackId PLATFORM = StackId.of("platform:prod");
    private static final Change BUCKET_TAGS = new Change(Action.UPDATE, "aws:s3/bucket:Bucket", "assets", List.of("tags.CostCenter"),
            Cause.CODE);

    @TempDir
    Path temp;

    private Path repo;
    private Path work;
    private FakeTool pulumi;
    private final CannedPlanReading reading = new CannedPlanReading();
    private final List<List<String>> resolved = new ArrayList<>();
    private PulumiAdapter adapter;

    @BeforeEach
    void setUp() throws IOException {
        repo = Files.createDirectories(temp.resolve("repo"));
        Files.createDirectories(repo.resolve("app"));
        work = temp.resolve("work/app");
        pulumi = FakeTool.create(temp, "pulumi");
        pulumi.on("preview").stdoutFrom(Fixtures.fixture("pulumi/stratify-preview-update.preview.json"));
        pulumi.on("refresh").stdoutFrom(Fixtures.fixture("pulumi/stratify-preview-update.preview.json"));
        adapter = adapter(ToolSettings.defaults().withExecutable(Tool.PULUMI, pulumi.executable().toString()));
    }

    private PulumiAdapter adapter(final ToolSettings settings) {
        // resolves "acme/platform/prod" to platform:prod and the program's own name to itself, as the plan package will
        StackReferenceResolver resolver = (names, project, stackName, known) -> {
            resolved.add(names);
            StackId self = StackId.pulumi(project, stackName);
            List<StackId> ids = new ArrayList<>();
            for (String name : names) {
                if (name.endsWith("platform/prod")) {
                    ids.add(PLATFORM);
                }
                if (name.endsWith("shop-app/prod")) {
                    ids.add(self);
                }
            }
            return ids;
        };
        return new PulumiAdapter(settings, new LocalProcessRunner(), reading, resolver);
    }

    private static StackConfig app() {
        return new StackConfig(APP, Tool.PULUMI, "app", "prod", List.of(), true, DriftSettings.defaults(), Duration.ZERO,
                Policy.ON_CHANGE, Map.of(), Optional.empty());
    }

    private StackPlan plan(final PlanPurpose purpose) throws InterruptedException {
        return adapter.plan(new StackCall(app(), repo, work, pulumi.environment()), purpose, Set.of(APP, PLATFORM));
    }

    @Test
    void previewRefreshesNamesTheStackAndResolvesStackReferences() throws Exception {
        reading.answer(CannedPlanReading.summary(List.of(BUCKET_TAGS), List.of(),
                List.of("acme/platform/prod", "acme/shop-app/prod", "acme/platform/prod", "someone/elsewhere/prod")));

        StackPlan plan = plan(PlanPurpose.PREVIEW);

        Path updatePlan = work.toAbsolutePath().resolve("prod.pulumi-plan.json");
        assertThat(pulumi.arguments()).containsExactly(
                List.of("preview", "--json", "--refresh", "--stack", "prod", "--save-plan", updatePlan.toString()));
        assertThat(pulumi.calls()).singleElement().satisfies(call -> assertThat(call.directory()).isEqualTo(repo.resolve("app")
                .toRealPath()));
        assertThat(plan.row().state()).isEqualTo(RowState.PENDING);
        assertThat(plan.row().changes()).containsExactly(BUCKET_TAGS);
        assertThat(plan.row().dependsOn()).containsExactly(PLATFORM);
        assertThat(plan.planFile()).contains(updatePlan);
        assertThat(updatePlan).isRegularFile();
        assertThat(resolved).singleElement(InstanceOfAssertFactories.LIST).hasSize(4);
        assertThat(reading.requests()).singleElement().satisfies(request -> {
            assertThat(request.tool()).isEqualTo(Tool.PULUMI);
            assertThat(request.purpose()).isEqualTo(PlanPurpose.PREVIEW);
        });
    }

    @Test
    void withoutStackReferencesNothingIsResolved() throws Exception {
        StackPlan plan = plan(PlanPurpose.PREVIEW);

        assertThat(plan.row().state()).isEqualTo(RowState.IN_SYNC);
        assertThat(plan.row().dependsOn()).isEmpty();
        assertThat(resolved).isEmpty();
    }

    @Test
    void driftCheckIsAPreviewOnlyRefresh() throws Exception {
        reading.answer(CannedPlanReading.summary(List.of(), List.of(BUCKET_TAGS.withPaths(List.of("tags.Owner"))), List.of()));

        StackPlan plan = plan(PlanPurpose.DRIFT_CHECK);

        assertThat(pulumi.arguments()).containsExactly(List.of("refresh", "--preview-only", "--json", "--stack", "prod"));
        assertThat(plan.row().state()).isEqualTo(RowState.DRIFTED);
        assertThat(reading.requests()).singleElement().extracting(CannedPlanReading.Request::purpose).isEqualTo(PlanPurpose.DRIFT_CHECK);
    }

    @Test
    void aFailureNeverTakesAStderrLine() throws Exception {
        // Pulumi prints a program's errors on stderr as they are, values unquoted
        pulumi.on("preview").exitCode(255).stderr("error: invalid value s3cr3t for x\nError: invalid value \"s3cr3t\" for x\n");

        StackPlan plan = plan(PlanPurpose.PREVIEW);

        assertThat(plan.row().state()).isEqualTo(RowState.FAILED);
        assertThat(plan.row().reason())
                .isEqualTo("pulumi preview failed for stack prod with exit code 255 (an internal error; see the console log)");
        assertThat(plan.row().toString()).doesNotContain("s3cr3t");
        assertThat(plan.row().dependsOn()).isEmpty();
    }

    @Test
    void aFailureTakesTheDigestsErrorDiagnosticByItsResourceOnly() throws Exception {
        pulumi.on("preview").exitCode(1);
        reading.answer(PlanSummary.failure(FailureReasons.pulumiDiagnostic("urn:pulumi:prod::shop-app::aws:s3/bucket:Bucket::logs")));

        StackPlan plan = plan(PlanPurpose.PREVIEW);

        assertThat(plan.row().reason()).isEqualTo("pulumi preview failed: an error diagnostic for aws:s3/bucket:Bucket logs; "
                + "its message is in the tool's output");

        // a read that failed for another reason says nothing about the tool's error: the exit code is the reason
        reading.answer(PlanSummary.failure("the file is not valid JSON (line 1, column 2)"));
        assertThat(plan(PlanPurpose.PREVIEW).row().reason())
                .isEqualTo("pulumi preview failed for stack prod with exit code 1 (an error; see the console log)");
    }

    @Test
    void aTypedExitCodeWithNothingElseSaysWhatItMeans() throws Exception {
        pulumi.on("refresh").exitCode(6);
        Files.delete(pulumi.scenario().resolve("refresh.stdout-from"));

        StackPlan plan = plan(PlanPurpose.DRIFT_CHECK);

        assertThat(plan.row().reason())
                .isEqualTo("pulumi refresh --preview-only failed for stack prod with exit code 6 (stack not found; see the console log)");
    }

    @Test
    void exitSevenIsAFailureWithoutExpectNoChanges() throws Exception {
        pulumi.on("preview").exitCode(PulumiCommands.EXIT_CHANGES_PROPOSED);
        Files.delete(pulumi.scenario().resolve("preview.stdout-from"));

        assertThat(plan(PlanPurpose.PREVIEW).row().reason())
                .isEqualTo("pulumi preview failed for stack prod with exit code 7 (changes were proposed; see the console log)");
    }

    @Test
    void truncatedDigestIsAFailedRow() throws Exception {
        Path truncated = temp.resolve("truncated.json");
        Files.writeString(truncated, "{\n    \"steps\": [\n        {\n            \"op\": \"upd");
        pulumi.on("preview").stdoutFrom(truncated);

        StackPlan plan = plan(PlanPurpose.PREVIEW);

        assertThat(plan.row().state()).isEqualTo(RowState.FAILED);
        assertThat(plan.row().reason()).isEqualTo("the file is truncated or not JSON");
    }

    @Test
    void aTimeoutIsAFailedRow() throws Exception {
        pulumi.on("preview").sleepSeconds(60);
        adapter = adapter(ToolSettings.defaults().withExecutable(Tool.PULUMI, pulumi.executable().toString())
                .withTimeout(Duration.ofSeconds(1)));

        assertThat(plan(PlanPurpose.PREVIEW).row().reason()).isEqualTo("pulumi preview timed out after 1s");
    }

    @Test
    void upAppliesOnlyTheUpdatePlanOfAPreviewOfThisRunOnce() throws Exception {
        StackConfig app = app();
        ApplyResult withoutPreview = adapter.apply(new StackCall(app, repo, work, pulumi.environment()),
                new StackPlan(Row.of(APP, Tool.PULUMI, "app", RowState.PENDING, ""), PlanPurpose.PREVIEW,
                        Optional.empty(), "", Map.of()));
        assertThat(withoutPreview.reason()).isEqualTo("no plan from this run; refusing to apply");
        assertThat(pulumi.calls()).isEmpty();

        StackPlan plan = plan(PlanPurpose.PREVIEW);
        assertThat(adapter.apply(new StackCall(app, repo, work, pulumi.environment()), plan).succeeded()).isTrue();
        assertThat(adapter.apply(new StackCall(app, repo, work, pulumi.environment()), plan).reason())
                .isEqualTo("no plan from this run; refusing to apply");

        String updatePlan = work.toAbsolutePath().resolve("prod.pulumi-plan.json").toString();
        assertThat(pulumi.arguments()).containsExactly(
                List.of("preview", "--json", "--refresh", "--stack", "prod", "--save-plan", updatePlan),
                List.of("up", "--yes", "--skip-preview", "--refresh", "--json", "--plan", updatePlan, "--stack", "prod"));
    }

    @Test
    void destroyRunsOnlyAfterItsPreviewOfThisRunAndOnce() throws Exception {
        Change gone = new Change(Action.DELETE, "aws:s3/bucket:Bucket", "assets", List.of(), Cause.CODE);
        StackConfig app = app();
        StackPlan notMade = new StackPlan(Row.of(APP, Tool.PULUMI, "app", RowState.PENDING, ""),
                PlanPurpose.DESTROY, Optional.empty(), "", Map.of());
        assertThat(adapter.apply(new StackCall(app, repo, work, pulumi.environment()), notMade).reason())
                .isEqualTo("no plan from this run; refusing to apply");
        assertThat(pulumi.calls()).isEmpty();
        reading.answer(CannedPlanReading.summary(List.of(gone), List.of(), List.of()));

        StackPlan plan = plan(PlanPurpose.DESTROY);
        ApplyResult first = adapter.apply(new StackCall(app, repo, work, pulumi.environment()), plan);
        ApplyResult second = adapter.apply(new StackCall(app, repo, work, pulumi.environment()), plan);

        assertThat(pulumi.arguments()).containsExactly(
                List.of("destroy", "--preview-only", "--json", "--stack", "prod"),
                List.of("destroy", "--yes", "--skip-preview", "--json", "--stack", "prod"));
        assertThat(plan.row().state()).isEqualTo(RowState.PENDING);
        assertThat(plan.row().changes()).containsExactly(gone);
        assertThat(plan.planFile()).isEmpty();
        assertThat(first.succeeded()).isTrue();
        assertThat(second.reason()).isEqualTo("no plan from this run; refusing to apply");
        assertThat(work.resolve("destroy.json")).exists();
        assertThat(reading.requests()).singleElement().extracting(CannedPlanReading.Request::purpose).isEqualTo(PlanPurpose.DESTROY);
    }

    @Test
    void aFailedDestroyPreviewIsNeverDestroyedAndAFailedDestroySaysWhy() throws Exception {
        pulumi.on("destroy-preview-only").exitCode(3);
        StackPlan failed = plan(PlanPurpose.DESTROY);
        assertThat(failed.row().state()).isEqualTo(RowState.FAILED);
        assertThat(failed.row().reason())
                .isEqualTo("pulumi destroy --preview-only failed for stack prod with exit code 3 (an authentication error; "
                        + "see the console log)");
        assertThat(adapter.apply(new StackCall(app(), repo, work, pulumi.environment()), failed).reason())
                .isEqualTo("no plan from this run; refusing to apply");

        pulumi.on("destroy-preview-only").exitCode(0);
        pulumi.on("destroy").exitCode(4).stderr("error: resource \"assets\" is protected\n");
        StackPlan plan = plan(PlanPurpose.DESTROY);
        assertThat(adapter.apply(new StackCall(app(), repo, work, pulumi.environment()), plan).reason())
                .isEqualTo("pulumi destroy failed for stack prod with exit code 4 (a resource error; see the console log)");
        assertThat(pulumi.arguments()).filteredOn(arguments -> arguments.contains("--yes")).hasSize(1);
    }

    @Test
    void anUpdatePlanThatIsGoneIsNeverReplacedByAPlainUp() throws Exception {
        StackPlan plan = plan(PlanPurpose.PREVIEW);
        Files.delete(plan.planFile().orElseThrow());

        assertThat(adapter.apply(new StackCall(app(), repo, work, pulumi.environment()), plan).reason())
                .isEqualTo("no plan from this run; refusing to apply");
        assertThat(pulumi.arguments()).noneMatch(arguments -> arguments.get(0).equals("up"));
    }

    @Test
    void aPreviewThatSavesNoUpdatePlanCannotBeDeployed() throws Exception {
        pulumi.on("preview").noPlan();

        StackPlan plan = plan(PlanPurpose.PREVIEW);

        assertThat(plan.row().state()).isEqualTo(RowState.FAILED);
        assertThat(plan.row().reason())
                .isEqualTo("pulumi preview exited with 0 but saved no update plan (--save-plan needs Pulumi v3.24.1 or later)");
        assertThat(adapter.apply(new StackCall(app(), repo, work, pulumi.environment()), plan).reason())
                .isEqualTo("no plan from this run; refusing to apply");
    }

    @Test
    void anUpdateThatLeavesThePlanFailsWithTheResourceOfPulumisDiagnostic() throws Exception {
        pulumi.on("up").exitCode(1).stderr("error: resource urn:pulumi:prod::shop-app::aws:s3/bucket:Bucket::assets violates plan: "
                + "properties changed: ~~tags[{\"CostCenter\":\"cc-300\"}!={\"CostCenter\":cc-200}]\n");
        StackPlan plan = plan(PlanPurpose.PREVIEW);
        pulumi.on("up").stdout("{\"sequence\":3,\"timestamp\":0,\"diagnosticEvent\":{\"urn\":"
                + "\"urn:pulumi:prod::shop-app::aws:s3/bucket:Bucket::assets\",\"message\":\"violates plan: cc-200\","
                + "\"color\":\"raw\",\"severity\":\"error\"}}\n");
        reading.answer(PlanSummary.failure(FailureReasons.pulumiDiagnostic("urn:pulumi:prod::shop-app::aws:s3/bucket:Bucket::assets")));

        ApplyResult result = adapter.apply(new StackCall(app(), repo, work, pulumi.environment()), plan);

        assertThat(result.reason())
                .isEqualTo("pulumi up failed: an error diagnostic for aws:s3/bucket:Bucket assets; its message is in the tool's output")
                .doesNotContain("cc-300", "cc-200");
    }

    @Test
    void thePreviewAndTheUpGetTheUpdatePlanSwitchTheDriftCheckDoesNot() throws Exception {
        Path script = temp.resolve("bin/env-pulumi");
        Files.createDirectories(script.getParent());
        Files.writeString(script, "#!/usr/bin/env bash\nprintf '%s %s\\n' \"$1\" \"${PULUMI_EXPERIMENTAL:-unset}\" >> \"$OUT\"\n"
                + "prev=''; for a in \"$@\"; do [ \"$prev\" = --save-plan ] && echo '{}' > \"$a\"; prev=\"$a\"; done\n"
                + "[ \"$1\" = version ] || cat \"$DIGEST\"\n");
        script.toFile().setExecutable(true);
        Path out = temp.resolve("env.txt");
        PulumiAdapter envAdapter = adapter(ToolSettings.defaults().withExecutable(Tool.PULUMI, script.toString()));
        Map<String, String> environment = Map.of("OUT", out.toString(),
                "DIGEST", Fixtures.fixture("pulumi/stratify-preview-update.preview.json").toString());

        StackPlan plan = envAdapter.plan(new StackCall(app(), repo, work, environment), PlanPurpose.PREVIEW, Set.of(APP));
        envAdapter.apply(new StackCall(app(), repo, work, environment), plan);
        envAdapter.plan(new StackCall(app(), repo, work, environment), PlanPurpose.DRIFT_CHECK, Set.of(APP));
        envAdapter.plan(new StackCall(app(), repo, work, Map.of("OUT", out.toString(), "PULUMI_EXPERIMENTAL", "false",
                "DIGEST", environment.get("DIGEST"))), PlanPurpose.PREVIEW, Set.of(APP));

        assertThat(Files.readAllLines(out)).containsExactly("preview true", "up true", "refresh unset", "preview false");
    }

    @Test
    void aDriftCheckIsNotDeployed() throws Exception {
        StackPlan check = plan(PlanPurpose.DRIFT_CHECK);

        assertThat(adapter.apply(new StackCall(app(), repo, work, pulumi.environment()), check).reason())
                .startsWith("a drift check's plan is never applied");
        assertThat(pulumi.arguments()).noneMatch(arguments -> arguments.get(0).equals("up"));
    }

    @Test
    void aFailedUpSaysWhy() throws Exception {
        pulumi.on("up").exitCode(255).stderr("Updating (prod):\nerror: update failed\n");
        StackPlan plan = plan(PlanPurpose.PREVIEW);

        assertThat(adapter.apply(new StackCall(app(), repo, work, pulumi.environment()), plan))
                .isEqualTo(ApplyResult.failure("pulumi up failed for stack prod with exit code 255 (an internal error; "
                        + "see the console log)"));
    }

    @Test
    void secretOutputsAreMarkedAndCarryNoValue() throws Exception {
        pulumi.on("stack-output").stdout("{\n  \"bucketName\": \"assets-1234\",\n  \"dbPassword\": \"[secret]\"\n}\n");

        OutputsResult outputs = adapter.outputs(new StackCall(app(), repo, work, pulumi.environment()));

        assertThat(pulumi.arguments()).containsExactly(List.of("stack", "output", "--json", "--show-secrets=false", "--stack", "prod"));
        assertThat(outputs.outputs()).extracting(StackOutput::name).containsExactly("bucketName", "dbPassword");
        assertThat(outputs.outputs().get(0).sensitive()).isFalse();
        assertThat(outputs.outputs().get(0).value().asText()).isEqualTo("assets-1234");
        assertThat(outputs.outputs().get(1).sensitive()).isTrue();
        assertThat(outputs.outputs().get(1).value().isNull()).isTrue();
    }

    @Test
    void brokenOutputsFail() throws Exception {
        pulumi.on("stack-output").stdout("{\"bucketName\": \"assets");

        assertThat(adapter.outputs(new StackCall(app(), repo, work, pulumi.environment())).reason())
                .isEqualTo("pulumi stack output --json printed truncated or non-JSON output");
    }

    @Test
    void versionDropsTheLeadingV() throws Exception {
        pulumi.on("version").stdout("v3.230.0\n");

        assertThat(adapter.version(new StackCall(app(), repo, work, pulumi.environment()))).isEqualTo("3.230.0");
    }

    @Test
    void thereIsNoProviderSchema() throws Exception {
        ToolRun run = adapter.providersSchema(new StackCall(app(), repo, work, pulumi.environment()));

        assertThat(run.succeeded()).isFalse();
        assertThat(run.reason()).contains("ignoreChanges");
        assertThat(pulumi.calls()).isEmpty();
    }

    @Test
    void theResolverIsToldTheProjectAndStackOfTheProgram() throws Exception {
        List<String> seen = new ArrayList<>();
        adapter = new PulumiAdapter(ToolSettings.defaults().withExecutable(Tool.PULUMI, pulumi.executable().toString()),
                new LocalProcessRunner(), reading, (names, project, stackName, known) -> {
                    seen.add(project + " " + stackName + " " + known);
                    return List.of();
                });
        reading.answer(CannedPlanReading.summary(List.of(), List.of(), List.of("prod")));

        plan(PlanPurpose.PREVIEW);

        assertThat(seen).containsExactly("shop-app prod " + Set.of(APP, PLATFORM));
    }

    @Test
    void theStackNameFallsBackToTheId() {
        StackConfig unnamed = new StackConfig(APP, Tool.PULUMI, "app", "", List.of(), false, DriftSettings.defaults(), Duration.ZERO,
                Policy.ON_CHANGE, Map.of(), Optional.empty());

        assertThat(PulumiAdapter.stackName(unnamed)).isEqualTo("prod");
        assertThat(PulumiAdapter.stackName(app())).isEqualTo("prod");
        assertThat(PulumiAdapter.projectOf(app())).isEqualTo("shop-app");
    }
}
