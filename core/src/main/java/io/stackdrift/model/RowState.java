package io.stackdrift.model;

import java.util.Optional;

/** The state of one stack in one run (docs/concepts.md, "Rows and their states"). */
public enum RowState {
    IN_SYNC("in sync"),
    PENDING("pending"),
    DRIFTED("drifted"),
    PENDING_DRIFTED("pending+drifted"),
    FAILED("failed"),
    SKIPPED("skipped"),
    AWAITING_APPROVAL("awaiting approval"),
    /** Drift found and put back by a deploy in this same run (drift mode correct): nothing is left to do. */
    REPAIRED("repaired"),
    /**
     * Checked, and the tool's state holds nothing: the stack was never deployed (or was destroyed). Nothing to compare
     * with the code, so neither in sync nor drifted; a check exits 2 for it, as the next deploy has work to do.
     */
    NOT_DEPLOYED("not deployed"),
    /**
     * Destroyed by this run's destroy: the stack's resources are gone. Never in sync, so a destroy cannot read as a
     * healthy run in any output; a destroy exits 0 for it all the same (it did what it was asked).
     */
    DESTROYED("destroyed");

    private final String word;

    RowState(final String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    /** True for drifted and pending+drifted; a repaired row no longer has drift. */
    public boolean hasDrift() {
        return this == DRIFTED || this == PENDING_DRIFTED;
    }

    /** True for pending and pending+drifted. */
    public boolean hasPendingChanges() {
        return this == PENDING || this == PENDING_DRIFTED;
    }

    /** The state for a successful plan with or without code changes and drift. */
    public static RowState of(final boolean pending, final boolean drifted) {
        if (pending && drifted) {
            return PENDING_DRIFTED;
        }
        if (pending) {
            return PENDING;
        }
        return drifted ? DRIFTED : IN_SYNC;
    }

    public static Optional<RowState> fromWord(final String word) {
        for (RowState state : values()) {
            if (state.word.equals(word)) {
                return Optional.of(state);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return word;
    }
}
