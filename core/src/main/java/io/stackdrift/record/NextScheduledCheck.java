package io.stackdrift.record;

import java.time.Instant;
import java.util.Objects;

/**
 * When the next scheduled drift check has work, as the drift check run {@code runId} left it: before {@code dueAt} no
 * stack it covered is due (each stack's {@code drift.every}, or its backoff after failed checks, counted from its last
 * check). A host's scheduler may skip its ticks before then, as long as {@code runId} is still the newest run: any
 * later run that leaves no such time takes it away ({@link HistoryStore#save(RunToSave)}).
 *
 * @param runId the drift check run that computed it (a Jenkins build number)
 * @param dueAt the earliest time a scheduled check takes a stack again
 */
public record NextScheduledCheck(String runId, Instant dueAt) {
    public NextScheduledCheck {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(dueAt, "dueAt");
    }

    /** Whether a scheduled check at {@code now} would find nothing due, given the newest run's id. */
    public boolean nothingDue(final String newestRunId, final Instant now) {
        return runId.equals(newestRunId) && now.isBefore(dueAt);
    }
}
