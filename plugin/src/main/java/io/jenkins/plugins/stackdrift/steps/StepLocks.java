package io.jenkins.plugins.stackdrift.steps;

import java.io.PrintStream;
import java.util.Objects;
import java.util.Set;

import hudson.AbortException;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.agent.ControllerLife;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.history.JobStackLocks;
import io.jenkins.plugins.stackdrift.history.LockOwner;
import io.jenkins.plugins.stackdrift.history.LockScope;

/**
 * One step's stack locks: held in its lock scope, in the name of the step of its build (so the same step, after a
 * restart of the controller, takes back what it held), taken as its operation needs them.
 */
final class StepLocks {
    private final Run<?, ?> run;
    private final StepSettings settings;
    private final Operation operation;
    private final StackDriftGlobalConfiguration.Defaults defaults;
    private final String stepId;
    private final ControllerLife life;

    StepLocks(final Run<?, ?> run, final StepSettings settings, final Operation operation,
            final StackDriftGlobalConfiguration.Defaults defaults, final String stepId, final ControllerLife life) {
        this.run = run;
        this.settings = settings;
        this.operation = operation;
        this.defaults = defaults;
        this.stepId = stepId;
        this.life = life;
    }

    /** Where the locks are held; a scope outside the job's folders fails the step. */
    String scope() throws AbortException {
        return LockScope.of(run.getParent(), settings.lockScope(), defaults.sharedLockScopes());
    }

    /**
     * A deploy waits for the locks of all its stacks; a drift check takes those that are free (its {@code correct} mode
     * deploys) and leaves the others to the deploy that holds them; a preview applies nothing and takes none.
     */
    JobStackLocks.Held take(final Set<String> stacks, final boolean rehearsal, final PrintStream log)
            throws InterruptedException, AbortException {
        String scope = scope();
        // the build's name and page, so a waiting build says exactly which build (of which branch job) it waits for
        LockOwner owner = new LockOwner("the " + operation.word() + " (id " + stepId + ") of " + run.getFullDisplayName()
                + " (" + run.getUrl() + ")", build(), stepId);
        switch (operation) {
            case DEPLOY:
                // a rehearsal plans and applies nothing: it keeps no real deploy waiting; a wait whose controller shut
                // down takes nothing (the step waits again after the restart)
                return rehearsal ? JobStackLocks.Held.none()
                        : JobStackLocks.acquireAll(scope, stacks, owner, settings.lockTimeout(), log,
                                () -> life.stayIfEnded(log, "the step waits again after the restart"));
            case CHECK:
                return JobStackLocks.acquireFree(scope, stacks, owner);
            default:
                return JobStackLocks.Held.none();
        }
    }

    /** The locks this step held when the controller stopped, its own again (see {@link JobStackLocks#reclaim}). */
    JobStackLocks.Held reclaim() throws AbortException {
        return JobStackLocks.reclaim(scope(), build(), stepId);
    }

    /** The build as a restart finds it again ({@code job#number}): whose locks a restart restores. */
    private String build() {
        return Objects.toString(run.getExternalizableId(), "");
    }
}
