package io.stackdrift.model;

import java.util.Collection;
import java.util.EnumMap;
import java.util.Map;

/**
 * How many rows of a run are in each state; what the counts line shows. A repaired row counts only as repaired:
 * neither drifted nor in sync.
 */
public record Counts(int total, int inSync, int drifted, int pending, int failed, int skipped, int awaitingApproval,
        int repaired) {
    /** Counts without repaired rows, as records written before the state existed hold them. */
    public Counts(final int total, final int inSync, final int drifted, final int pending, final int failed, final int skipped,
            final int awaitingApproval) {
        this(total, inSync, drifted, pending, failed, skipped, awaitingApproval, 0);
    }

    /**
     * Counts the rows; pending+drifted counts as drifted and as pending. A skipped row counts as skipped, and also by
     * what the history knew of its stack ({@link Row#known()}): known drift as drifted, known pending changes as
     * pending, known to await approval as awaiting approval — a skip does not make them go away.
     */
    public static Counts of(final Collection<Row> rows) {
        Map<RowState, Integer> byState = new EnumMap<>(RowState.class);
        int knownDrifted = 0;
        int knownPending = 0;
        int knownAwaiting = 0;
        for (Row row : rows) {
            byState.merge(row.state(), 1, Integer::sum);
            if (row.state() == RowState.SKIPPED && row.known().isPresent()) {
                knownDrifted += row.countsAsDrifted() ? 1 : 0;
                knownPending += row.known().state().hasPendingChanges() ? 1 : 0;
                knownAwaiting += row.known().state() == RowState.AWAITING_APPROVAL ? 1 : 0;
            }
        }
        int both = byState.getOrDefault(RowState.PENDING_DRIFTED, 0);
        return new Counts(rows.size(),
                byState.getOrDefault(RowState.IN_SYNC, 0),
                byState.getOrDefault(RowState.DRIFTED, 0) + both + knownDrifted,
                byState.getOrDefault(RowState.PENDING, 0) + both + knownPending,
                byState.getOrDefault(RowState.FAILED, 0),
                byState.getOrDefault(RowState.SKIPPED, 0),
                byState.getOrDefault(RowState.AWAITING_APPROVAL, 0) + knownAwaiting,
                byState.getOrDefault(RowState.REPAIRED, 0));
    }
}
