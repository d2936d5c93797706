package io.stackdrift.model;

/**
 * How a stack ended in its shard, as the shards of one run tell each other (docs/concepts.md, "Shards"). Only the
 * words of the outcome cross between shards, never a reason a tool gave.
 */
public enum ShardOutcome {
    /** It applied changes: a dependent in another shard is previewed after it, never left as unchanged. */
    DEPLOYED("deployed"),
    /** Nothing to apply, or its policy left it alone: dependents go on. */
    UNCHANGED("was unchanged"),
    FAILED("failed"),
    AWAITING_APPROVAL("awaits approval"),
    /** It never started: a dependency of its own failed, or its run stopped first. */
    SKIPPED("was skipped"),
    INTERRUPTED("was interrupted");

    private final String words;

    ShardOutcome(final String words) {
        this.words = words;
    }

    /** What a dependent's skip reason says of it: "failed", "was skipped". */
    public String words() {
        return words;
    }

    /** True when a stack that depends on it may go on. */
    public boolean letsDependentsGo() {
        return this == DEPLOYED || this == UNCHANGED;
    }
}
