package io.jenkins.plugins.stackdrift.trigger;

import hudson.model.Cause;

/**
 * The cause of a build started by {@code driftSchedule}: {@code checkDrift} in that build checks only
 * the stacks due by their own {@code every}. All such causes are equal, so the queue folds a second
 * tick into a build that is still waiting.
 */
public final class ScheduledDriftCheckCause extends Cause {
    @Override
    public String getShortDescription() {
        return Messages.ScheduledDriftCheckCause_shortDescription();
    }

    @Override
    public boolean equals(final Object o) {
        return o instanceof ScheduledDriftCheckCause;
    }

    @Override
    public int hashCode() {
        return ScheduledDriftCheckCause.class.getName().hashCode();
    }
}
