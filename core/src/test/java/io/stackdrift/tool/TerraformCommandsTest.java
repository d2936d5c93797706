package io.stackdrift.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class TerraformCommandsTest {
    private final TerraformCommands tofu = new TerraformCommands("/opt/tofu/bin/tofu");
    private final Path planFile = Path.of("/work/run/preview.tfplan");

    @Test
    void initNeverPrompts() {
        assertThat(tofu.init()).containsExactly("/opt/tofu/bin/tofu", "init", "-input=false");
    }

    @Test
    void previewIsASavedPlanWithDetailedExitCode() {
        assertThat(tofu.plan(PlanPurpose.PREVIEW, planFile)).containsExactly(
                "/opt/tofu/bin/tofu", "plan", "-input=false", "-json", "-out=/work/run/preview.tfplan", "-detailed-exitcode");
    }

    @Test
    void driftCheckIsARefreshOnlyPlan() {
        assertThat(tofu.plan(PlanPurpose.DRIFT_CHECK, planFile)).containsExactly(
                "/opt/tofu/bin/tofu", "plan", "-refresh-only", "-input=false", "-json", "-out=/work/run/preview.tfplan",
                "-detailed-exitcode");
    }

    @Test
    void destroyIsASavedDestroyPlanWithDetailedExitCode() {
        assertThat(tofu.plan(PlanPurpose.DESTROY, Path.of("/work/run/destroy.tfplan"))).containsExactly(
                "/opt/tofu/bin/tofu", "plan", "-destroy", "-input=false", "-json", "-out=/work/run/destroy.tfplan", "-detailed-exitcode");
    }

    @Test
    void showPrintsTheSavedPlanAsJson() {
        assertThat(tofu.show(planFile)).containsExactly("/opt/tofu/bin/tofu", "show", "-json", "/work/run/preview.tfplan");
    }

    @Test
    void applyTakesOnlyTheSavedPlan() {
        assertThat(tofu.apply(planFile)).containsExactly("/opt/tofu/bin/tofu", "apply", "-input=false", "-json",
                "/work/run/preview.tfplan");
    }

    @Test
    void workspacesAreListedAndCreatedNeverSelected() {
        assertThat(tofu.listWorkspaces()).containsExactly("/opt/tofu/bin/tofu", "workspace", "list");
        assertThat(tofu.newWorkspace("prod")).containsExactly("/opt/tofu/bin/tofu", "workspace", "new", "prod");
    }

    @Test
    void readingCommandsAskForJson() {
        assertThat(tofu.output()).containsExactly("/opt/tofu/bin/tofu", "output", "-json");
        assertThat(tofu.providersSchema()).containsExactly("/opt/tofu/bin/tofu", "providers", "schema", "-json");
        assertThat(tofu.version()).containsExactly("/opt/tofu/bin/tofu", "version", "-json");
    }

    @Test
    void aNameWithSpacesStaysOneArgument() {
        assertThat(new TerraformCommands("terraform").show(Path.of("/tmp/my runs/p.tfplan")))
                .containsExactly("terraform", "show", "-json", "/tmp/my runs/p.tfplan");
    }
}
