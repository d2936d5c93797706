package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.ArrayList;
import java.util.List;

import hudson.AbortException;
import hudson.model.Action;
import hudson.model.Job;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.TestActions;
import io.jenkins.plugins.stackdrift.TestRecords;
import io.jenkins.plugins.stackdrift.actions.BuildSummary;
import io.jenkins.plugins.stackdrift.actions.PageUrls;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.RowState;
import io.stackdrift.record.RunKind;

class StepIdsTest {
    private final Run<?, ?> run = mock(Run.class);
    private final List<StackDriftRunAction> actions = new ArrayList<>();

    StepIdsTest() {
        Job<?, ?> job = mock(Job.class);
        when(job.getFullName()).thenReturn("ids/" + System.nanoTime());
        doReturn(job).when(run).getParent();
        when(run.getId()).thenReturn("3");
        when(run.getActions(StackDriftRunAction.class)).thenAnswer(i -> List.copyOf(actions));
    }

    @Test
    void anIdIsOneUrlSegmentOfLowercaseLettersDigitsAndDashes() {
        assertThat(StepIds.checked(" deploy-eu_1.b ")).isEqualTo("deploy-eu_1.b");
        assertThat(StepIds.checked("  ")).isNull();
        assertThat(StepIds.checked(null)).isNull();
        for (String bad : new String[] {"Deploy", "a/b", "..", "-x", "a b", "x(1)", "é", "a".repeat(65)}) {
            assertThatThrownBy(() -> StepIds.checked(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("cannot be a step id").hasMessageContaining("lowercase letters");
        }
        assertThat(StepIds.checked("a".repeat(64))).hasSize(64);
    }

    /** The shards' steps of one build run in parallel branches: each has an id of its own without naming one. */
    @Test
    void theStepsOfTwoShardsHaveTwoDefaultIds() {
        DeployStacksStep first = new DeployStacksStep();
        first.setShard(1);
        first.setOf(2);
        DeployStacksStep second = new DeployStacksStep();
        second.setShard(2);
        second.setOf(2);
        CheckDriftStep check = new CheckDriftStep();
        check.setShard(2);
        check.setOf(2);

        assertThat(first.settings().id()).isEqualTo("deploy-shard-1");
        assertThat(second.settings().id()).isEqualTo("deploy-shard-2");
        assertThat(check.settings().id()).isEqualTo("check-shard-2");
        assertThat(new DeployStacksStep().settings().id()).isEqualTo("deploy");
        assertThat(StepIds.checked(second.settings().id())).isEqualTo("deploy-shard-2");
    }

    @Test
    void aShardWithoutItsCountOrOutsideItIsRefused() {
        DeployStacksStep step = new DeployStacksStep();
        step.setShard(3);
        step.setOf(2);
        assertThatThrownBy(step::settings).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("shard 3 of 2");
        DeployStacksStep alone = new DeployStacksStep();
        alone.setShard(1);
        assertThatThrownBy(alone::settings).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("give shard: and of: together");
    }

    /** An id whose page URL would be another page of the plugin's (the approval's) is refused, saying why. */
    @Test
    void anIdThatWouldTakeAnotherPagesUrlIsRefused() {
        assertThatThrownBy(() -> StepIds.checked("approval")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'approval' cannot be a step id").hasMessageContaining("stack-drift-approval/")
                .hasMessageContaining("approval-check");
        assertThat(StepIds.checked("approval-check")).isEqualTo("approval-check");
        assertThatThrownBy(() -> new DeployStacksStep().setId("approval")).isInstanceOf(IllegalArgumentException.class);
    }

    /** The URLs of the plugin's pages under a build that a step id could make, and the id that would make each. */
    static List<String> takeableBySomeId(final List<Action> actions) {
        List<String> takeable = new ArrayList<>();
        for (Action action : actions) {
            String url = action.getUrlName();
            if (action instanceof StackDriftRunAction || url == null || !url.startsWith(PageUrls.STEP_PREFIX)) {
                continue;
            }
            try {
                StepIds.checked(url.substring(PageUrls.STEP_PREFIX.length()));
                takeable.add(url);
            } catch (IllegalArgumentException refused) {
                // reserved: fine
            }
        }
        return takeable;
    }

    @Test
    void noPageOfThePluginCanBeTakenByAStepId() {
        assertThat(takeableBySomeId(TestActions.every())).isEmpty();
    }

    @Test
    void aPlantedPageWhoseUrlAnIdCouldMakeIsFound() {
        Action planted = mock(Action.class);
        when(planted.getUrlName()).thenReturn(PageUrls.STEP_PREFIX + "planted");
        assertThat(takeableBySomeId(List.of(planted))).containsExactly("stack-drift-planted");
    }

    @Test
    void eachStepHasItsWordAsDefault() {
        CheckDriftStep check = new CheckDriftStep();
        DeployStacksStep deploy = new DeployStacksStep();
        assertThat(check.settings().id()).isEqualTo("check");
        assertThat(deploy.settings().id()).isEqualTo("deploy");
        deploy.setDestroy(true);
        assertThat(deploy.settings().id()).isEqualTo("destroy");
        assertThat(new PreviewStacksStep().settings().id()).isEqualTo("preview");
        assertThat(new ValidateStacksStep().settings().id()).isEqualTo("validate");
        check.setId("shard-eu");
        assertThat(check.getId()).isEqualTo("shard-eu");
        assertThat(check.settings().id()).isEqualTo("shard-eu");
        assertThat(new CheckDriftStep().getId()).as("unset: the Snippet Generator leaves it out").isNull();
    }

    @Test
    void aSecondStepWithTheIdOfARunningStepFailsAndTheIdIsFreeWhenItEnds() throws Exception {
        StepIds.Claim first = StepIds.claim(run, "deploy");
        assertThatThrownBy(() -> StepIds.claim(run, "deploy")).isInstanceOf(AbortException.class)
                .hasMessageContaining("another step of this build already has the id 'deploy'");
        StepIds.claim(run, "check").close();
        first.close();
        StepIds.claim(run, "deploy").close();
    }

    @Test
    void aResumedStepTakesItsIdAgainEvenWhereTheOldClaimIsLeftAndANewStepCannotTakeIt() throws Exception {
        StepIds.Claim beforeTheRestart = StepIds.claim(run, "deploy");
        StepIds.Claim resumed = StepIds.reclaim(run, "deploy");
        assertThatThrownBy(() -> StepIds.claim(run, "deploy")).isInstanceOf(AbortException.class);
        resumed.close();
        beforeTheRestart.close();
        StepIds.reclaim(run, "check");
        assertThatThrownBy(() -> StepIds.claim(run, "check")).as("a restart's resumed step holds its id")
                .isInstanceOf(AbortException.class);
        StepIds.reclaim(run, "check").close();
        StepIds.claim(run, "deploy").close();
    }

    @Test
    void aSecondStepWithTheIdOfAFinishedStepFails() throws Exception {
        actions.add(new StackDriftRunAction("check", BuildSummary.of(TestRecords.record(RunKind.CHECK,
                TestRecords.row("net", RowState.IN_SYNC)))));
        assertThatThrownBy(() -> StepIds.claim(run, "check")).isInstanceOf(AbortException.class);
        StepIds.claim(run, "deploy").close();
    }
}
