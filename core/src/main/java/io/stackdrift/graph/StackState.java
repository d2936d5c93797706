package io.stackdrift.graph;

/** How one stack ended in a scheduled run; every stack ends in exactly one of these. */
public enum StackState {
    SUCCEEDED("succeeded"),
    NOTHING_TO_DO("nothing to deploy"),
    AWAITING_APPROVAL("awaiting approval"),
    FAILED("failed"),
    /** Not run: a dependency did not succeed, the task chose not to run it, or the run was interrupted first. */
    SKIPPED("skipped"),
    /** Killed while it ran, or its task answered an interrupt. */
    INTERRUPTED("interrupted");

    private final String word;

    StackState(final String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    @Override
    public String toString() {
        return word;
    }
}
