package io.jenkins.plugins.stackdrift.actions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockConstruction;
import static org.mockito.Mockito.mockStatic;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.util.List;

import hudson.AbortException;
import hudson.model.Action;
import hudson.model.Cause;
import hudson.model.CauseAction;
import hudson.model.Item;
import hudson.model.Job;
import hudson.model.Queue;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.TestRecords;
import io.jenkins.plugins.stackdrift.trigger.ApprovalCause;
import jenkins.model.ParameterizedJobMixIn;
import org.junit.jupiter.api.Test;
import org.mockito.MockedConstruction;
import org.mockito.MockedStatic;

import io.stackdrift.model.RowState;
import io.stackdrift.record.RunKind;

class ApproveDeployActionTest {
    @Test
    void approvingQueuesOneBuildWithTheApprovalCauseAndSavesTheRun() throws Exception {
        Run<?, ?> run = mock(Run.class);
        Job<?, ?> job = mock(Job.class);
        when(run.getNumber()).thenReturn(12);
        when(run.getAction(StackDriftRunAction.class)).thenReturn(new StackDriftRunAction("check", BuildSummary.of(TestRecords.record(
                RunKind.CHECK, TestRecords.row("a", RowState.AWAITING_APPROVAL), TestRecords.row("b", RowState.AWAITING_APPROVAL)))));
        ApproveDeployAction action = new ApproveDeployAction(List.of("a", "b"), false);
        action.onAttached(run);
        try (MockedStatic<?> mixIn = mockStatic(ParameterizedJobMixIn.class);
                MockedConstruction<CauseAction> causeActions = mockConstruction(CauseAction.class, (mocked, context) ->
                        assertThat(List.of((Object[]) context.arguments().get(0)))
                                .hasSize(2)
                                .anySatisfy(c -> assertThat(c).isInstanceOf(Cause.UserIdCause.class))
                                .contains(new ApprovalCause(12, List.of("a", "b"), false)))) {
            mixIn.when(() -> ParameterizedJobMixIn.scheduleBuild2(any(), anyInt(), any(Action[].class)))
                    .thenReturn(mock(Queue.Item.class));
            action.approve(job);
            action.approve(job);
            assertThat(causeActions.constructed()).hasSize(1);
            // the approval never folds into a build already waiting: a vetoing queue action rides along
            mixIn.verify(() -> ParameterizedJobMixIn.scheduleBuild2(eq(job), eq(0), any(CauseAction.class),
                    argThat(a -> a instanceof Queue.QueueAction q && q.shouldSchedule(List.of()))), times(1));
        }
        assertThat(action.isApproved()).isTrue();
        assertThat(action.getIconFileName()).isNull();
        verify(run, times(1)).save();
    }

    @Test
    void theApprovalCarriesTheIdsFixedWhenTheStepLeftThemAwaitingNotTheBuildPageOfNow() throws Exception {
        Run<?, ?> run = mock(Run.class);
        Job<?, ?> job = mock(Job.class);
        when(run.getNumber()).thenReturn(12);
        // a later step replaced the run action with rows of other stacks
        when(run.getAction(StackDriftRunAction.class)).thenReturn(new StackDriftRunAction("check", BuildSummary.of(TestRecords.record(
                RunKind.CHECK, TestRecords.row("other", RowState.AWAITING_APPROVAL)))));
        ApproveDeployAction action = new ApproveDeployAction(List.of("net"), true);
        action.onAttached(run);
        try (MockedStatic<?> mixIn = mockStatic(ParameterizedJobMixIn.class);
                MockedConstruction<CauseAction> causeActions = mockConstruction(CauseAction.class, (mocked, context) ->
                        assertThat(List.of((Object[]) context.arguments().get(0)))
                                .contains(new ApprovalCause(12, List.of("net"), true)))) {
            mixIn.when(() -> ParameterizedJobMixIn.scheduleBuild2(any(), anyInt(), any(Action[].class)))
                    .thenReturn(mock(Queue.Item.class));
            action.approve(job);
            assertThat(causeActions.constructed()).hasSize(1);
        }
        assertThat(action.getDisplayName()).isEqualTo("Approve destroy");
    }

    @Test
    void nothingToApproveIsRefusedAndQueuesNoBuild() {
        Run<?, ?> run = mock(Run.class);
        when(run.getNumber()).thenReturn(3);
        ApproveDeployAction action = new ApproveDeployAction(List.of(), false);
        action.onAttached(run);
        try (MockedStatic<?> mixIn = mockStatic(ParameterizedJobMixIn.class)) {
            assertThatThrownBy(() -> action.approve(mock(Job.class))).isInstanceOf(AbortException.class)
                    .hasMessageContaining("no stack awaits approval in build #3");
            mixIn.verifyNoInteractions();
        }
        assertThat(action.isApproved()).isFalse();
    }

    @Test
    void theLinkShowsOnlyToUsersWhoMayBuildTheJob() {
        Run<?, ?> run = mock(Run.class);
        Job<?, ?> job = mock(Job.class);
        doReturn(job).when(run).getParent();
        ApproveDeployAction action = new ApproveDeployAction(List.of("a"), false);
        action.onAttached(run);

        when(job.hasPermission(Item.BUILD)).thenReturn(false);
        assertThat(action.getIconFileName()).isNull();
        assertThat(action.isCanApprove()).isFalse();

        when(job.hasPermission(Item.BUILD)).thenReturn(true);
        assertThat(action.getIconFileName()).isEqualTo("symbol-status-yellow");
        assertThat(action.isCanApprove()).isTrue();
    }

    @Test
    @SuppressWarnings("try") // the static mock is in force while the try holds it: every static call returns null
    void anApprovalTheQueueDidNotTakeIsNotGiven() throws Exception {
        Run<?, ?> run = mock(Run.class);
        Job<?, ?> job = mock(Job.class);
        when(run.getNumber()).thenReturn(7);
        when(job.getFullName()).thenReturn("infra");
        ApproveDeployAction action = new ApproveDeployAction(List.of("net"), false);
        action.onAttached(run);
        try (MockedStatic<?> mixIn = mockStatic(ParameterizedJobMixIn.class)) {
            // scheduleBuild2 returns null: a disabled job
            assertThatThrownBy(() -> action.approve(job)).isInstanceOf(AbortException.class)
                    .hasMessageContaining("did not queue the approval build");
        }
        assertThat(action.isApproved()).isFalse();
        verify(run, never()).save();
    }
}
