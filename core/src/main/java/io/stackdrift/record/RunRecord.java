package io.stackdrift.record;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

import io.stackdrift.model.Counts;
import io.stackdrift.model.Row;

/**
 * The result of one run (one build): its rows and the deploys it made.
 *
 * @param runId      unique and sortable within a history (the build number in Jenkins)
 * @param kind       check, preview, deploy or report
 * @param cause      who or what started it ("scheduled drift check", "started by alice", "push")
 * @param startedAt  epoch milliseconds
 * @param finishedAt epoch milliseconds
 * @param rows       one row per stack, sorted by stack id
 * @param trail      the deploys this run made, in the order they finished
 */
public record RunRecord(String runId, RunKind kind, String cause, long startedAt, long finishedAt,
        List<Row> rows, List<TrailEntry> trail) {
    public RunRecord {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(kind, "kind");
        cause = Objects.requireNonNullElse(cause, "");
        rows = List.copyOf(rows);
        trail = List.copyOf(trail);
    }

    public Counts counts() {
        return Counts.of(rows);
    }

    /** Only the rows, for callers that do not need the trail. */
    public List<Row> rowsSorted() {
        return rows.stream().sorted(Comparator.comparing(Row::id)).toList();
    }
}
