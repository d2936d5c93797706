package io.stackdrift.model;

import java.util.Collection;
import java.util.EnumMap;
import java.util.Map;

/**
 * How many rows of a run are in each state; what the counts line shows.
 */
public record Counts(int total, int inSync, int drifted, int pending, int failed, int skipped, int awaitingApproval) {
    /** Counts the rows; pending+drifted counts as drifted and as pending. */
    public static Counts of(final Collection<Row> rows) {
        Map<RowState, Integer> byState = new EnumMap<>(RowState.class);
        for (Row row : rows) {
            byState.merge(row.state(), 1, Integer::sum);
        }
        int both = byState.getOrDefault(RowState.PENDING_DRIFTED, 0);
        return new Counts(rows.size(),
                byState.getOrDefault(RowState.IN_SYNC, 0),
                byState.getOrDefault(RowState.DRIFTED, 0) + both,
                byState.getOrDefault(RowState.PENDING, 0) + both,
                byState.getOrDefault(RowState.FAILED, 0),
                byState.getOrDefault(RowState.SKIPPED, 0),
                byState.getOrDefault(RowState.AWAITING_APPROVAL, 0));
    }
}
