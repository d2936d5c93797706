package io.jenkins.plugins.stackdrift.actions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.clearInvocations;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.util.List;

import hudson.model.Job;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.stackdrift.TestRecords;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.RowState;
import io.stackdrift.record.RunKind;

/**
 * A job page view reads the trend's builds once; a build that completes, is finalized or is deleted makes the next view
 * read them again, and so does a newer last completed build even when no event said so.
 */
class TrendCacheTest {
    private final Job<?, ?> job = mock(Job.class);
    private final Run<?, ?> b2 = build(2, RowState.DRIFTED);
    private final Run<?, ?> b1 = build(1, RowState.IN_SYNC);

    TrendCacheTest() {
        doReturn(b2).when(job).getLastCompletedBuild();
        doReturn(b1).when(b2).getPreviousBuild();
        doReturn(job).when(b2).getParent();
        doReturn(job).when(b1).getParent();
    }

    private static Run<?, ?> build(final int number, final RowState state) {
        Run<?, ?> build = mock(Run.class);
        when(build.getNumber()).thenReturn(number);
        when(build.getActions(StackDriftRunAction.class)).thenReturn(List.of(new StackDriftRunAction("check",
                BuildSummary.of(TestRecords.record(RunKind.CHECK, TestRecords.row("net", state))))));
        return build;
    }

    /** Through Object: clearInvocations' varargs of a generic type would be an unchecked array. */
    private static void forgetCalls(final Object mock) {
        clearInvocations(mock);
    }

    private List<TrendPoint> view() {
        return new StackDriftJobAction(job).getTrend();
    }

    @Test
    void repeatedViewsReadTheBuildsOnce() {
        assertThat(view()).extracting(TrendPoint::getBuild).containsExactly(1, 2);
        view();
        new StackDriftJobAction(job).badgeCounts();

        verify(b1, times(1)).getActions(StackDriftRunAction.class);
        verify(b2, times(1)).getActions(StackDriftRunAction.class);
        assertThat(TrendCache.isKept(job)).isTrue();
    }

    @Test
    void aDeletedBuildMakesTheNextViewReadAgain() {
        view();
        when(b2.getPreviousBuild()).thenReturn(null);
        forgetCalls(b1);
        forgetCalls(b2);

        new TrendInvalidation().onDeleted(b1);

        assertThat(TrendCache.isKept(job)).isFalse();
        assertThat(view()).extracting(TrendPoint::getBuild).containsExactly(2);
        verify(b2, times(1)).getActions(StackDriftRunAction.class);
    }

    @Test
    void aCompletedOrFinalizedBuildForgetsTheTrend() {
        view();
        new TrendInvalidation().onCompleted(b2, mock(TaskListener.class));
        assertThat(TrendCache.isKept(job)).isFalse();
        view();
        new TrendInvalidation().onFinalized(b2);
        assertThat(TrendCache.isKept(job)).isFalse();
    }

    @Test
    void aNewerLastCompletedBuildIsSeenWithoutAnEvent() {
        view();
        Run<?, ?> b3 = build(3, RowState.FAILED);
        doReturn(b2).when(b3).getPreviousBuild();
        doReturn(b3).when(job).getLastCompletedBuild();

        assertThat(view()).extracting(TrendPoint::getBuild).containsExactly(1, 2, 3);
        assertThat(view().get(2).getSummary().getFailed()).isEqualTo(1);
        verify(b3, times(1)).getActions(StackDriftRunAction.class);
    }

    @Test
    void anotherJobsBuildLeavesTheTrendKept() {
        view();
        Run<?, ?> elsewhere = mock(Run.class);
        doReturn(mock(Job.class)).when(elsewhere).getParent();

        new TrendInvalidation().onDeleted(elsewhere);

        assertThat(TrendCache.isKept(job)).isTrue();
        forgetCalls(b1);
        view();
        verify(b1, never()).getActions(StackDriftRunAction.class);
    }
}
