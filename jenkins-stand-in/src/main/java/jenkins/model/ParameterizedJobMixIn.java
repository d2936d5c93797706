package jenkins.model;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.model.Action;
import hudson.model.BuildableItem;
import hudson.model.Job;
import hudson.model.Queue;
import hudson.model.Run;
import jenkins.triggers.TriggeredItem;

public abstract class ParameterizedJobMixIn<JobT extends Job<JobT, RunT> & ParameterizedJobMixIn.ParameterizedJob<JobT, RunT> & Queue.Task,
        RunT extends Run<JobT, RunT> & Queue.Executable> {
    protected abstract JobT asJob();

    public static @CheckForNull Queue.Item scheduleBuild2(final Job<?, ?> job, int quietPeriod, Action... actions) {
        throw new UnsupportedOperationException();
    }

    public interface ParameterizedJob<JobT extends Job<JobT, RunT> & ParameterizedJobMixIn.ParameterizedJob<JobT, RunT> & Queue.Task,
            RunT extends Run<JobT, RunT> & Queue.Executable> extends BuildableItem, TriggeredItem {
    }
}
