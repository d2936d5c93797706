package io.stackdrift.record;

import java.util.List;
import java.util.Objects;

import io.stackdrift.model.DriftAge;
import io.stackdrift.model.KnownState;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;

/**
 * The latest known facts about one stack across the history, kept in a small index so that due
 * logic, the dependency graph and deploy decisions never read per-run details.
 *
 * @param id                  the stack
 * @param lastSequence        the run that last had a row for it that was not {@code skipped} (its details hold
 *                            the full row); a skipped row says nothing about the stack, so it leaves the
 *                            status pointing at the row before (only a stack never seen otherwise has a
 *                            skipped one here)
 * @param lastRunId           that run's id
 * @param lastState           the state of that row (so {@code awaiting approval} and drift survive skips)
 * @param lastCheckedAt       epoch ms of the last run that checked or previewed it (not skipped); 0 = never
 * @param consecutiveFailures failed rows in a row, reset by any non-failed, non-skipped row
 * @param lastFailedAt        epoch ms of the last failed row; 0 = never
 * @param dependsOn           the depends-on list of the last row that had one (Pulumi {@code auto})
 * @param lastDeployDigest    digest recorded by the last successful deploy; empty = never deployed
 * @param lastDeployedAt      epoch ms of that deploy; 0 = never
 * @param driftAge            the stack's unbroken run of drifted checks, {@link DriftAge#NONE} when it is not drifted; a
 *                            failed or skipped check neither lengthens nor ends it
 * @param stateSince          epoch ms of the first run of the unbroken series of rows in {@code lastState} (awaiting
 *                            approval since …); 0 unknown
 * @param deployOwed          a deploy of it, or of a stack it depends on, was interrupted or did not finish (its apply may
 *                            have run, its outputs file may be stale): the next deploy applies it whatever its digest
 *                            says, until a deploy of it succeeds
 */
public record StackStatus(StackId id, long lastSequence, String lastRunId, RowState lastState, long lastCheckedAt,
        int consecutiveFailures, long lastFailedAt, List<StackId> dependsOn, String lastDeployDigest, long lastDeployedAt,
        DriftAge driftAge, long stateSince, boolean deployOwed) {
    public StackStatus {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(lastRunId, "lastRunId");
        Objects.requireNonNull(lastState, "lastState");
        dependsOn = List.copyOf(dependsOn);
        lastDeployDigest = Objects.requireNonNullElse(lastDeployDigest, "");
        driftAge = Objects.requireNonNullElse(driftAge, DriftAge.NONE);
    }

    /** A status as indexes written before {@code stateSince} and {@code deployOwed} hold it. */
    public StackStatus(final StackId id, final long lastSequence, final String lastRunId, final RowState lastState,
            final long lastCheckedAt, final int consecutiveFailures, final long lastFailedAt, final List<StackId> dependsOn,
            final String lastDeployDigest, final long lastDeployedAt, final DriftAge driftAge) {
        this(id, lastSequence, lastRunId, lastState, lastCheckedAt, consecutiveFailures, lastFailedAt, dependsOn,
                lastDeployDigest, lastDeployedAt, driftAge, 0, false);
    }

    /** A status without a drift age, as indexes written before drift age was kept hold it. */
    public StackStatus(final StackId id, final long lastSequence, final String lastRunId, final RowState lastState,
            final long lastCheckedAt, final int consecutiveFailures, final long lastFailedAt, final List<StackId> dependsOn,
            final String lastDeployDigest, final long lastDeployedAt) {
        this(id, lastSequence, lastRunId, lastState, lastCheckedAt, consecutiveFailures, lastFailedAt, dependsOn,
                lastDeployDigest, lastDeployedAt, DriftAge.NONE);
    }

    public boolean everDeployed() {
        return !lastDeployDigest.isEmpty();
    }

    /** What a run that skips the stack shows of it. */
    public KnownState known() {
        return new KnownState(lastState, stateSince, lastCheckedAt);
    }

    public StackStatus withDeployOwed(final boolean owed) {
        return new StackStatus(id, lastSequence, lastRunId, lastState, lastCheckedAt, consecutiveFailures, lastFailedAt, dependsOn,
                lastDeployDigest, lastDeployedAt, driftAge, stateSince, owed);
    }
}
