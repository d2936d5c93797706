package io.jenkins.plugins.stackdrift.actions;

import java.util.Collection;
import java.util.List;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import hudson.model.Action;
import hudson.model.Run;
import jenkins.model.TransientActionFactory;

/**
 * Adds the {@link StackDriftTab} to a build with Stack Drift steps. Not to a build recorded before steps had ids: its
 * one step's page has the tab's URL, {@code stack-drift/}, and its own side-panel link. Runs on every page render, so
 * it only looks at the build's own actions.
 */
@Extension
@SuppressWarnings("rawtypes")
public final class StackDriftTabFactory extends TransientActionFactory<Run> {
    @Override
    public Class<Run> type() {
        return Run.class;
    }

    @Override
    public Class<? extends Action> actionType() {
        return StackDriftTab.class;
    }

    @NonNull
    @Override
    public Collection<? extends Action> createFor(@NonNull final Run target) {
        List<StackDriftRunAction> steps = ((Run<?, ?>) target).getActions(StackDriftRunAction.class);
        if (steps.isEmpty() || steps.stream().anyMatch(step -> step.getId().isEmpty())) {
            return List.of();
        }
        return List.of(new StackDriftTab((Run<?, ?>) target));
    }
}
