package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockConstruction;
import static org.mockito.Mockito.mockStatic;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.mockito.MockedConstruction;
import org.mockito.MockedStatic;

import hudson.model.Action;
import hudson.model.Cause;
import hudson.model.CauseAction;
import hudson.model.Job;
import hudson.model.Run;
import io.stackdrift.model.RowState;
import io.stackdrift.record.RunKind;
import jenkins.model.ParameterizedJobMixIn;

class ApproveDeployActionTest {
    @Test
    void approvingQueuesOneBuildWithTheApprovalCauseAndSavesTheRun() throws Exception {
        Run<?, ?> run = mock(Run.class);
        Job<?, ?> job = mock(Job.class);
        when(run.getNumber()).thenReturn(12);
        when(run.getAction(StackDriftRunAction.class)).thenReturn(new StackDriftRunAction(RunSummary.of(TestRecords.record(
                RunKind.CHECK, TestRecords.row("a", RowState.AWAITING_APPROVAL), TestRecords.row("b", RowState.AWAITING_APPROVAL)))));
        ApproveDeployAction action = new ApproveDeployAction();
        action.onAttached(run);
        try (MockedStatic<ParameterizedJobMixIn> mixIn = mockStatic(ParameterizedJobMixIn.class);
                MockedConstruction<CauseAction> causeActions = mockConstruction(CauseAction.class, (mocked, context) ->
                        assertThat(List.of((Object[]) context.arguments().get(0)))
                                .hasSize(2)
                                .anySatisfy(c -> assertThat(c).isInstanceOf(Cause.UserIdCause.class))
                                .contains(new ApprovalCause(12, 2)))) {
            action.approve(job);
            action.approve(job);
            assertThat(causeActions.constructed()).hasSize(1);
            mixIn.verify(() -> ParameterizedJobMixIn.scheduleBuild2(any(), anyInt(), any(Action[].class)), times(1));
        }
        assertThat(action.isApproved()).isTrue();
        assertThat(action.getIconFileName()).isNull();
        verify(run, times(1)).save();
    }
}
