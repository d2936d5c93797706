package io.jenkins.plugins.stackdrift.actions;

import java.util.Collection;
import java.util.List;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import hudson.model.Action;
import hudson.model.Job;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import jenkins.model.TransientActionFactory;

/**
 * Adds the drift picture to jobs that ever saved a Stack Drift run (their job history exists), or whose
 * last completed build has a record. Not only the latter: a last build without a record (a configuration
 * error, an abort, a build that only validated) must not take the job page and the badge's stable URL away.
 * Runs on every page render, so it only checks a directory and one build's small action.
 */
@Extension
@SuppressWarnings("rawtypes")
public final class StackDriftJobActionFactory extends TransientActionFactory<Job> {
    @Override
    public Class<Job> type() {
        return Job.class;
    }

    @Override
    public Class<? extends Action> actionType() {
        return StackDriftJobAction.class;
    }

    @NonNull
    @Override
    public Collection<? extends Action> createFor(@NonNull final Job target) {
        if (JobHistory.existsIn(target.getRootDir())) {
            return List.of(new StackDriftJobAction((Job<?, ?>) target));
        }
        Run<?, ?> last = target.getLastCompletedBuild();
        if (last == null || last.getActions(StackDriftRunAction.class).isEmpty()) {
            return List.of();
        }
        return List.of(new StackDriftJobAction((Job<?, ?>) target));
    }
}
