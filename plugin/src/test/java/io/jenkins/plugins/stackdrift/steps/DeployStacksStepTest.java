package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;

import io.jenkins.plugins.stackdrift.agent.Operation;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.Timing;

class DeployStacksStepTest {
    @Test
    void destroyRehearsalAndApprovalReachTheStepSettings() {
        DeployStacksStep step = new DeployStacksStep();
        assertThat(step.isDestroy()).isFalse();
        assertThat(step.settings().kind()).isEqualTo(DeployKind.DEPLOY);

        step.setDestroy(true);
        step.setApproved(true);
        step.setStacks(List.of("dns", "network"));

        assertThat(step.isDestroy()).isTrue();
        StepSettings settings = step.settings();
        assertThat(settings.kind()).isEqualTo(DeployKind.DESTROY);
        assertThat(settings.approval()).isEqualTo(Approval.GIVEN);
        assertThat(settings.mode()).isEqualTo(DeployMode.APPLY);
        assertThat(settings.stacks()).containsExactly("dns", "network");
    }

    @Test
    void toolTimeoutIsKeptInItsShortestWordsAndBlankOrZeroLeavesTheDefaults() {
        CheckDriftStep step = new CheckDriftStep();
        step.setToolTimeout(" 90m ");
        assertThat(step.getToolTimeout()).isEqualTo("1h30m");
        assertThat(step.settings().toolTimeoutOr(Duration.ofMinutes(5))).isEqualTo(Duration.ofMinutes(90));
        step.setToolTimeout("0");
        assertThat(step.getToolTimeout()).isNull();
        assertThat(step.settings().toolTimeoutOr(Duration.ofMinutes(5))).isEqualTo(Duration.ofMinutes(5));
        step.setToolTimeout("");
        assertThat(step.settings().toolTimeoutOr(Duration.ZERO)).isZero();
        assertThatThrownBy(() -> step.setToolTimeout("two hours")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("toolTimeout 'two hours' is not a duration: use for example 30m, 2h or 1h30m (blank: 10m for a plan, 1h"
                        + " for an apply)");
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
        assertThat(deploy.settings().withId("other").withLocking(null, Duration.ZERO).timing()).isEqualTo(Timing.NOW);
        assertThat(new PreviewStacksStep().settings().timing()).isEqualTo(Timing.WHEN_DUE);
    }

    @Test
    void skipPublishingChecksReachesTheSettingsOfAPreviewAndACheck() {
        PreviewStacksStep preview = new PreviewStacksStep();
        CheckDriftStep check = new CheckDriftStep();
        assertThat(preview.settings().publishesChecks(Operation.PREVIEW)).isTrue();
        assertThat(check.settings().publishesChecks(Operation.CHECK)).isTrue();
        preview.setSkipPublishingChecks(true);
        check.setSkipPublishingChecks(true);
        assertThat(preview.isSkipPublishingChecks()).isTrue();
        assertThat(preview.settings().publishesChecks(Operation.PREVIEW)).isFalse();
        assertThat(check.settings().withId("other").publishesChecks(Operation.CHECK)).isFalse();
        assertThat(new DeployStacksStep().settings().publishesChecks(Operation.DEPLOY)).isFalse();
    }

    @Test
    void otherStepsNeverDestroy() {
        assertThat(new PreviewStacksStep().settings().kind()).isEqualTo(DeployKind.DEPLOY);
        assertThat(new CheckDriftStep().settings().kind()).isEqualTo(DeployKind.DEPLOY);
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
