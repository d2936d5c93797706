package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Timing;

class DeployStacksStepTest {
    @Test
    void destroyRehearsalAndApprovalReachTheStepSettings() {
        DeployStacksStep step = new DeployStacksStep();
        assertThat(step.isDestroy()).isFalse();
        assertThat(step.settings().destroy()).isFalse();

        step.setDestroy(true);
        step.setApproved(true);
        step.setStacks(List.of("dns", "network"));

        assertThat(step.isDestroy()).isTrue();
        StepSettings settings = step.settings();
        assertThat(settings.destroy()).isTrue();
        assertThat(settings.approved()).isTrue();
        assertThat(settings.rehearsal()).isFalse();
        assertThat(settings.stacks()).containsExactly("dns", "network");
    }

    @Test
    void nowReachesTheStepSettingsOfACheckAndADeployOnly() {
        CheckDriftStep check = new CheckDriftStep();
        assertThat(check.settings().timing()).isEqualTo(Timing.WHEN_DUE);
        check.setNow(true);
        assertThat(check.isNow()).isTrue();
        assertThat(check.settings().timing()).isEqualTo(Timing.NOW);
        DeployStacksStep deploy = new DeployStacksStep();
        deploy.setNow(true);
        assertThat(deploy.settings().timing()).isEqualTo(Timing.NOW);
        assertThat(deploy.settings().withId("other").timing()).isEqualTo(Timing.NOW);
        assertThat(new PreviewStacksStep().settings().timing()).isEqualTo(Timing.WHEN_DUE);
    }

    @Test
    void otherStepsNeverDestroy() {
        assertThat(new PreviewStacksStep().settings().destroy()).isFalse();
        assertThat(new CheckDriftStep().settings().destroy()).isFalse();
    }

    @Test
    void theSnippetGeneratorsTextAreaBecomesOneSelectorPerLine() {
        CheckDriftStep step = new CheckDriftStep();
        step.setStacks(List.of("network\n  envs/*\r\n\nbilling:prod "));
        assertThat(step.getStacks()).containsExactly("network", "envs/*", "billing:prod");
        step.setStacks(List.of("network", "dns"));
        assertThat(step.getStacks()).containsExactly("network", "dns");
        step.setStacks(null);
        assertThat(step.getStacks()).isEmpty();
    }

    @Test
    void theTextAreaShowsTheSelectionOnePerLineAndBindsBackToTheSameList() {
        CheckDriftStep step = new CheckDriftStep();
        step.setStacks(List.of("network", "envs/*", "billing:prod"));
        assertThat(step.getStacks()).hasToString("network\nenvs/*\nbilling:prod");
        CheckDriftStep back = new CheckDriftStep();
        back.setStacks(List.of(step.getStacks().toString()));
        assertThat(back.getStacks()).isEqualTo(step.getStacks()).isEqualTo(List.of("network", "envs/*", "billing:prod"));
        assertThat(new CheckDriftStep().getStacks()).hasToString("");
    }
}
