package io.stackdrift.record;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.stackdrift.model.DriftAge;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;

/**
 * The per-stack status fold behind {@code stacks.json} (docs/records.md): each stack's next {@link StackStatus}
 * from the one before and this run's row and trail — what a skip keeps, how failures count, when the last deploy
 * is recorded or forgotten, how long it has drifted. Pure: the due logic and the deploy policy read what it computes.
 */
public final class StackIndex {
    private StackIndex() {
    }

    /**
     * The index after {@code run}.
     *
     * @param previous      the index before the run
     * @param sequence      the run's sequence in the history
     * @param deployDigests the digest of each stack the run deployed successfully (docs/digest.md)
     * @param forgetDeploys stacks whose last deploy is forgotten (a failed or interrupted destroy); a {@code destroyed}
     *                      or {@code nothing to destroy} trail entry forgets it without being named here
     * @param owedDeploys   stacks that owe a deploy after the run (an interrupted or unfinished deploy of theirs or of a
     *                      stack they depend on); a stack this run deployed with its digest recorded owes none
     */
    public static Map<StackId, StackStatus> next(final Map<StackId, StackStatus> previous, final long sequence, final RunRecord run,
            final Map<StackId, String> deployDigests, final Set<StackId> forgetDeploys, final Set<StackId> owedDeploys) {
        Map<StackId, StackStatus> index = new TreeMap<>(previous);
        Map<StackId, TrailEntry> deployed = new LinkedHashMap<>();
        Set<StackId> forget = new HashSet<>(forgetDeploys);
        for (TrailEntry e : run.trail()) {
            if (e.result() == TrailResult.DEPLOYED || e.result() == TrailResult.NOTHING_TO_DEPLOY) {
                deployed.put(e.stack(), e);
            }
            if (e.result().endsTheDeployment()) {
                forget.add(e.stack());
            }
        }
        for (Row row : run.rows()) {
            TrailEntry deploy = deployed.get(row.id());
            String digest = deploy == null ? null : deployDigests.get(row.id());
            index.put(row.id(), next(index.get(row.id()), row, sequence, run, deploy, digest, forget.contains(row.id())));
        }
        for (Map.Entry<StackId, StackStatus> entry : index.entrySet()) {
            StackId id = entry.getKey();
            boolean deployedNow = deployed.containsKey(id) && deployDigests.containsKey(id);
            boolean owed = !deployedNow && (entry.getValue().deployOwed() || owedDeploys.contains(id));
            if (owed != entry.getValue().deployOwed()) {
                entry.setValue(entry.getValue().withDeployOwed(owed));
            }
        }
        return index;
    }

    /** As {@link #next(Map, long, RunRecord, Map, Set, Set)} for a run that leaves no deploy owed. */
    public static Map<StackId, StackStatus> next(final Map<StackId, StackStatus> previous, final long sequence, final RunRecord run,
            final Map<StackId, String> deployDigests, final Set<StackId> forgetDeploys) {
        return next(previous, sequence, run, deployDigests, forgetDeploys, Set.of());
    }

    /** The index with {@code stacks} owing a deploy (their deploy was interrupted: its marker outlived its run). */
    public static Map<StackId, StackStatus> oweDeploys(final Map<StackId, StackStatus> previous, final Set<StackId> stacks) {
        Map<StackId, StackStatus> index = new TreeMap<>(previous);
        for (StackId id : stacks) {
            StackStatus s = index.get(id);
            if (s != null && !s.deployOwed()) {
                index.put(id, s.withDeployOwed(true));
            }
        }
        return index;
    }

    /** The index with the last deploy (digest and time) of {@code stacks} cleared; stacks it does not hold are left out. */
    public static Map<StackId, StackStatus> forgetLastDeploys(final Map<StackId, StackStatus> previous, final Set<StackId> stacks) {
        Map<StackId, StackStatus> index = new TreeMap<>(previous);
        for (StackId id : stacks) {
            StackStatus s = index.get(id);
            if (s != null && s.everDeployed()) {
                index.put(id, withoutLastDeploy(s));
            }
        }
        return index;
    }

    /**
     * The stack's run of drifted checks after {@code row}: a row that shows drift starts one or makes it one check
     * longer, a failed or skipped row leaves it as it was (it saw nothing), any other row — in sync, pending,
     * repaired — ends it.
     *
     * @param prev      the status before, null for a stack never seen
     * @param checkedAt when the run that made the row started
     */
    public static DriftAge driftAge(final StackStatus prev, final Row row, final long checkedAt) {
        DriftAge before = prev == null ? DriftAge.NONE : prev.driftAge();
        if (row.showsDrift()) {
            return before.isPresent() ? before.oneMoreCheck() : DriftAge.startingAt(checkedAt);
        }
        if (row.state() == RowState.FAILED || row.state() == RowState.SKIPPED) {
            return before;
        }
        return DriftAge.NONE;
    }

    /**
     * The row as recorded: its drift age from the status before, none on a row that shows no drift. A row repaired in this
     * run keeps the age of the drift it put back (when it was first seen, this check included), for its page; the
     * stack's status ends that drift all the same ({@link #driftAge}).
     */
    public static Row withDriftAge(final StackStatus prev, final Row row, final long checkedAt) {
        if (row.state() == RowState.REPAIRED && !row.drift().isEmpty()) {
            DriftAge before = prev == null ? DriftAge.NONE : prev.driftAge();
            return row.withDriftAge(before.isPresent() ? before.oneMoreCheck() : DriftAge.startingAt(checkedAt));
        }
        return row.withDriftAge(row.showsDrift() ? driftAge(prev, row, checkedAt) : DriftAge.NONE);
    }

    /**
     * When the drift a deploy put back began: the start of the stack's run of drifted checks, or the run itself
     * when that run found the drift first.
     */
    public static long driftStart(final StackStatus prev, final long runStartedAt) {
        return prev != null && prev.driftAge().isPresent() ? prev.driftAge().since() : runStartedAt;
    }

    /**
     * @param prev     the status before, null for a stack never seen
     * @param deploy   this run's deployed or nothing-to-deploy entry of the stack, null if none
     * @param digest   the digest that deploy recorded, null if none
     * @param forget   the stack's last deploy is forgotten (destroyed, or partly)
     */
    private static StackStatus next(final StackStatus prev, final Row row, final long sequence, final RunRecord run,
            final TrailEntry deploy, final String digest, final boolean forget) {
        boolean skipped = row.state() == RowState.SKIPPED;
        boolean failed = row.state() == RowState.FAILED;
        // a skipped row says nothing about the stack: its status keeps pointing at the last row that did
        // (its state — awaiting approval, drifted — and its depends-on list, which the deploy graph reads)
        boolean keepRow = skipped && prev != null;
        long rowSequence = keepRow ? prev.lastSequence() : sequence;
        String rowRunId = keepRow ? prev.lastRunId() : run.runId();
        RowState state = keepRow ? prev.lastState() : row.state();
        long checkedAt = skipped ? (prev == null ? 0 : prev.lastCheckedAt()) : run.startedAt();
        int before = prev == null ? 0 : prev.consecutiveFailures();
        int failures = failed ? before + 1 : skipped ? before : 0;
        long failedAt = failed ? run.startedAt() : prev == null ? 0 : prev.lastFailedAt();
        List<StackId> dependsOn = skipped || failed ? (prev == null ? List.of() : prev.dependsOn()) : row.dependsOn();
        String lastDigest = prev == null ? "" : prev.lastDeployDigest();
        long deployedAt = prev == null ? 0 : prev.lastDeployedAt();
        if (deploy != null && digest != null) {
            lastDigest = digest;
            deployedAt = deploy.finishedAt();
        }
        if (forget) {
            // destroyed (or partly): the next deploy previews it as never deployed
            lastDigest = "";
            deployedAt = 0;
        }
        // since when the stack has been in its state: a skip or the same state again keeps it
        long stateSince = prev != null && (keepRow || prev.lastState() == state) ? prev.stateSince() : keepRow ? 0 : run.startedAt();
        return new StackStatus(row.id(), rowSequence, rowRunId, state, checkedAt, failures, failedAt, dependsOn, lastDigest, deployedAt,
                driftAge(prev, row, run.startedAt()), stateSince, prev != null && prev.deployOwed());
    }

    private static StackStatus withoutLastDeploy(final StackStatus s) {
        return new StackStatus(s.id(), s.lastSequence(), s.lastRunId(), s.lastState(), s.lastCheckedAt(), s.consecutiveFailures(),
                s.lastFailedAt(), s.dependsOn(), "", 0, s.driftAge(), s.stateSince(), s.deployOwed());
    }
}
