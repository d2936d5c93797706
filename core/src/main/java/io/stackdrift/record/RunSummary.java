package io.stackdrift.record;

import java.util.List;
import java.util.Objects;

import io.stackdrift.model.Counts;
import io.stackdrift.model.Row;
import io.stackdrift.model.StackId;

/**
 * What a history listing needs of one run, without its rows: small whatever the run's size
 * (drifted and failed ids are capped at {@link #ID_CAP}; the totals are in {@link #counts()}).
 *
 * @param sequence   position in the history, increasing; newest run has the highest
 * @param runId      the run's own id (build number)
 * @param kind       check, preview, deploy or report
 * @param cause      who or what started it
 * @param startedAt  epoch milliseconds
 * @param finishedAt epoch milliseconds
 * @param counts     rows per state
 * @param drifted    ids of drifted stacks, sorted, at most {@link #ID_CAP}
 * @param failed     ids of failed stacks, sorted, at most {@link #ID_CAP}
 */
public record RunSummary(long sequence, String runId, RunKind kind, String cause, long startedAt, long finishedAt,
        Counts counts, List<StackId> drifted, List<StackId> failed) {
    /** Enough ids for a badge tooltip or a result map; the full lists are in the details. */
    public static final int ID_CAP = 50;

    public RunSummary {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(counts, "counts");
        cause = Objects.requireNonNullElse(cause, "");
        drifted = List.copyOf(drifted);
        failed = List.copyOf(failed);
    }

    /** The summary of a full record. */
    public static RunSummary of(final long sequence, final RunRecord run) {
        List<StackId> drifted = run.rows().stream().filter(Row::countsAsDrifted)
                .map(Row::id).sorted().limit(ID_CAP).toList();
        List<StackId> failed = run.rows().stream().filter(Row::countsAsFailed)
                .map(Row::id).sorted().limit(ID_CAP).toList();
        return new RunSummary(sequence, run.runId(), run.kind(), run.cause(), run.startedAt(), run.finishedAt(),
                run.counts(), drifted, failed);
    }
}
