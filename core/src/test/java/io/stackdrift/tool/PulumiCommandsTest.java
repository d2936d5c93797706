package io.stackdrift.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

class PulumiCommandsTest {
    private final PulumiCommands pulumi = new PulumiCommands("pulumi");

    @Test
    void previewNamesItsStackAndRefreshesWhenAsked() {
        assertThat(pulumi.preview("prod", false)).containsExactly("pulumi", "preview", "--json", "--stack", "prod");
        assertThat(pulumi.preview("prod", true)).containsExactly("pulumi", "preview", "--json", "--refresh", "--stack", "prod");
    }

    @Test
    void aPreviewForADeploySavesItsUpdatePlan() {
        assertThat(pulumi.preview("prod", true, Path.of("/work/app/prod.pulumi-plan.json"))).containsExactly("pulumi", "preview", "--json",
                "--refresh", "--stack", "prod", "--save-plan", "/work/app/prod.pulumi-plan.json");
    }

    @Test
    void driftCheckIsAPreviewOnlyRefresh() {
        assertThat(pulumi.driftCheck("acme/prod")).containsExactly("pulumi", "refresh", "--preview-only", "--json", "--stack", "acme/prod");
    }

    @Test
    void upIsHeldToTheUpdatePlanSkipsItsOwnPreviewAndRefreshesLikeTheReviewedPreview() {
        assertThat(pulumi.up("prod", Path.of("/work/app/prod.pulumi-plan.json"))).containsExactly("pulumi", "up", "--yes", "--skip-preview",
                "--refresh", "--json", "--plan", "/work/app/prod.pulumi-plan.json", "--stack", "prod");
        assertThat(PulumiCommands.UPDATE_PLANS).containsExactly(Map.entry("PULUMI_EXPERIMENTAL", "true"));
    }

    @Test
    void destroyIsPreviewedAsJsonThenRunWithoutItsOwnPreview() {
        assertThat(pulumi.destroyPreview("acme/prod")).containsExactly("pulumi", "destroy", "--preview-only", "--json", "--stack",
                "acme/prod");
        assertThat(pulumi.destroy("acme/prod")).containsExactly("pulumi", "destroy", "--yes", "--skip-preview", "--json", "--stack",
                "acme/prod");
    }

    @Test
    void outputsNeverShowSecrets() {
        assertThat(pulumi.outputs("prod")).containsExactly("pulumi", "stack", "output", "--json", "--show-secrets=false", "--stack",
                "prod");
    }

    @Test
    void version() {
        assertThat(pulumi.version()).containsExactly("pulumi", "version");
    }

    @Test
    void typedExitCodesHaveAMeaning() {
        assertThat(PulumiCommands.meaning(6)).isEqualTo("stack not found");
        assertThat(PulumiCommands.meaning(PulumiCommands.EXIT_CHANGES_PROPOSED)).isEqualTo("changes were proposed");
        assertThat(PulumiCommands.meaning(3)).isEqualTo("an authentication error");
        assertThat(PulumiCommands.meaning(1)).isEqualTo("an error");
    }
}
