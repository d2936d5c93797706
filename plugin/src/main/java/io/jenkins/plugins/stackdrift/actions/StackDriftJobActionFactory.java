package io.jenkins.plugins.stackdrift.actions;

import java.util.Collection;
import java.util.List;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import hudson.model.Action;
import hudson.model.Job;
import hudson.model.Run;
import jenkins.model.TransientActionFactory;

/**
 * Adds the drift picture to jobs whose last completed build recorded a Stack Drift run. Runs on every
 * page render, so it looks at one build's small action only.
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
        Run<?, ?> last = target.getLastCompletedBuild();
        if (last == null || last.getAction(StackDriftRunAction.class) == null) {
            return List.of();
        }
        return List.of(new StackDriftJobAction((Job<?, ?>) target));
    }
}
