package io.jenkins.plugins.stackdrift;

import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.List;

import hudson.model.Action;
import hudson.model.Job;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.actions.ApproveDeployAction;
import io.jenkins.plugins.stackdrift.actions.BuildSummary;
import io.jenkins.plugins.stackdrift.actions.CredentialsWithheldAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftInterruptedAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftJobAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftTabFactory;
import io.jenkins.plugins.stackdrift.steps.BuildShardsAction;
import io.jenkins.plugins.stackdrift.trigger.ApprovalQueueAction;

import io.stackdrift.model.RowState;
import io.stackdrift.record.RunKind;

/**
 * One instance of every action the plugin puts on a build or a job, for the checks that go over all of them
 * (ExportedApiTest makes sure the list is complete).
 */
public final class TestActions {
    private TestActions() {
    }

    /** A step with id {@code check} that found one stack drifted, one failed and one in sync. */
    public static StackDriftRunAction step() {
        return new StackDriftRunAction("check", BuildSummary.of(TestRecords.record(RunKind.CHECK,
                TestRecords.row("net", RowState.DRIFTED), TestRecords.row("dns", RowState.FAILED),
                TestRecords.row("app", RowState.IN_SYNC))));
    }

    /** The job action of a job whose last completed build, #7, has {@link #step()}. */
    public static StackDriftJobAction jobAction() {
        Job<?, ?> job = mock(Job.class);
        Run<?, ?> build = mock(Run.class);
        doReturn(build).when(job).getLastCompletedBuild();
        when(build.getNumber()).thenReturn(7);
        when(build.getActions(StackDriftRunAction.class)).thenReturn(List.of(step()));
        return new StackDriftJobAction(job);
    }

    /** The build's tab, on a build (#7) with {@link #step()}. */
    public static Action tab() {
        Run<?, ?> build = mock(Run.class);
        when(build.getActions(StackDriftRunAction.class)).thenReturn(List.of(step()));
        return new StackDriftTabFactory().createFor(build).iterator().next();
    }

    public static List<Action> every() {
        return List.of(step(), new ApproveDeployAction(List.of("net"), false),
                new StackDriftInterruptedAction("deploy", "deploy-eu", List.of("net")), new ApprovalQueueAction(4), jobAction(), tab(),
                new BuildShardsAction(List.of(List.of("net"), List.of("dns"))),
                new CredentialsWithheldAction("preview", "this change request comes from a source the job does not trust"));
    }
}
