package io.stackdrift.engine;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A report of plan or preview files a tool produced elsewhere (no tool runs).
 *
 * @param files the files, in the order their rows are listed
 * @param runId the run's id (the next in the history it is kept in)
 * @param cause who or what asked for it, in words
 * @param keep  whether the returned rows hold the changes (for a page or the history) or states only
 */
public record ReportRequest(List<Path> files, String runId, String cause, Keep keep) {
    /** What the rows of a report's record hold. */
    public enum Keep {
        /** Every change, in memory: for an HTML report or the history. */
        CHANGES,
        /** State and reason only: the changes went to the {@code ReportListener} as they were read. */
        STATES
    }

    public ReportRequest {
        files = List.copyOf(files);
        Objects.requireNonNull(runId, "runId");
        cause = Objects.requireNonNullElse(cause, "");
        Objects.requireNonNull(keep, "keep");
    }
}
