package io.stackdrift.record;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;

import io.stackdrift.model.Counts;
import io.stackdrift.model.Row;
import io.stackdrift.model.StackId;

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

    /**
     * The same record with every reason of its rows and trail entries replaced by {@code reasonOf(stack, reason)}, every
     * other component kept as it is (a host masks the reasons, or names where a failed stack's tool output is kept).
     */
    public RunRecord mapReasons(final BiFunction<StackId, String, String> reasonOf) {
        return new RunRecord(runId, kind, cause, startedAt, finishedAt,
                rows.stream().map(row -> row.withReason(reasonOf.apply(row.id(), row.reason()))).toList(),
                trail.stream().map(entry -> entry.withReason(reasonOf.apply(entry.stack(), entry.reason()))).toList());
    }

    /** Only the rows, for callers that do not need the trail. */
    public List<Row> rowsSorted() {
        return rows.stream().sorted(Comparator.comparing(Row::id)).toList();
    }
}
