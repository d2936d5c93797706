package io.jenkins.plugins.stackdrift.checks;

import hudson.model.Result;

/** How a step's check ends, read from the build result the step asked for (docs/jenkins.md, build results). */
public enum CheckConclusion {
    SUCCESS,
    /** UNSTABLE: drift, or stacks awaiting approval, where {@code driftResult} says so; not a failure of the change. */
    NEUTRAL,
    FAILURE,
    CANCELED,
    SKIPPED;

    public static CheckConclusion of(final Result result) {
        if (result == Result.SUCCESS) {
            return SUCCESS;
        }
        if (result == Result.UNSTABLE) {
            return NEUTRAL;
        }
        if (result == Result.FAILURE) {
            return FAILURE;
        }
        return result == Result.ABORTED ? CANCELED : SKIPPED;
    }
}
