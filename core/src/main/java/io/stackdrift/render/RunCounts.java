package io.stackdrift.render;

import java.util.Objects;

import io.stackdrift.model.Counts;
import io.stackdrift.record.RunRecord;

/** One point of the drift picture: a run and its counts. */
public record RunCounts(String runId, Counts counts) {
    public RunCounts {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(counts, "counts");
    }

    public static RunCounts of(final RunRecord run) {
        return new RunCounts(run.runId(), run.counts());
    }

    /** Rows both pending and drifted (Counts counts them in both). */
    int both() {
        Counts c = counts;
        return Math.max(0, c.inSync() + c.drifted() + c.pending() + c.failed() + c.skipped() + c.awaitingApproval() + c.repaired()
                + c.notDeployed() + c.destroyed() - c.total());
    }

    /** Pending rows without drift, so the stacked bar adds up to the total. */
    int pendingOnly() {
        return Math.max(0, counts.pending() - both());
    }

    /** Skipped, awaiting approval and destroyed rows: no drift to draw, but a destroy's bar must not look empty or in sync. */
    int other() {
        return counts.skipped() + counts.awaitingApproval() + counts.destroyed();
    }
}
