package io.stackdrift.model;

import java.time.Instant;
import java.util.Objects;

/**
 * What the history knew of a stack that a run skipped (not due, awaiting approval from an earlier run, a policy skip):
 * the state of its last row that was not skipped, since when it has been in that state, and when it was last checked.
 * A skip says nothing new about a stack, and must not hide what is known: the run's row carries it, the counts and the
 * exit code count it, and the news lists its drift as still there. {@link #NONE} on every other row, and on a stack
 * never seen.
 *
 * @param state     the state of the stack's last row that was not skipped; {@link RowState#SKIPPED} for none
 * @param since     epoch ms of the first run of the stack's unbroken series of rows in that state; 0 unknown
 * @param checkedAt epoch ms of the last run that checked or previewed the stack; 0 never
 */
public record KnownState(RowState state, long since, long checkedAt) {
    public static final KnownState NONE = new KnownState(RowState.SKIPPED, 0, 0);

    public KnownState {
        Objects.requireNonNull(state, "state");
        if (since < 0 || checkedAt < 0) {
            throw new IllegalArgumentException("times of a known state are epoch milliseconds");
        }
    }

    public boolean isPresent() {
        return state != RowState.SKIPPED;
    }

    /** Known drifted (also pending+drifted, and awaiting approval of a repair when {@code drift} is known). */
    public boolean hasDrift(final DriftAge driftAge) {
        return state.hasDrift() || (state == RowState.AWAITING_APPROVAL && driftAge.isPresent());
    }

    /**
     * The words a skipped row's reason ends with: {@code last known: drifted since … (2 checks), last checked …};
     * empty for {@link #NONE}.
     */
    public String words(final DriftAge driftAge) {
        if (!isPresent()) {
            return "";
        }
        StringBuilder out = new StringBuilder("last known: ");
        if (state == RowState.AWAITING_APPROVAL) {
            out.append("awaiting approval").append(since > 0 ? " since " + Instant.ofEpochMilli(since) : "");
            if (driftAge.isPresent()) {
                out.append(", ");
            }
        }
        if (driftAge.isPresent()) {
            out.append(state == RowState.PENDING_DRIFTED ? "pending and drifted" : "drifted").append(" since ")
                    .append(Instant.ofEpochMilli(driftAge.since())).append(" (").append(driftAge.checks())
                    .append(driftAge.checks() == 1 ? " check)" : " checks)");
        } else if (state != RowState.AWAITING_APPROVAL) {
            out.append(state.word()).append(since > 0 ? " since " + Instant.ofEpochMilli(since) : "");
        }
        if (checkedAt > 0) {
            out.append(", last checked ").append(Instant.ofEpochMilli(checkedAt));
        }
        return out.toString();
    }
}
