package io.stackdrift.deploy;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

import io.stackdrift.config.PolicyCheck;
import io.stackdrift.config.StackConfig;
import io.stackdrift.drift.DriftRevert;
import io.stackdrift.drift.RepairGuard;
import io.stackdrift.graph.TaskOutcome;
import io.stackdrift.model.Approval;
import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.DriftRepair;
import io.stackdrift.model.PlanDigest;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.ownership.IgnorePath;
import io.stackdrift.ownership.OwnershipGuard;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;
import io.stackdrift.spi.StackLock;
import io.stackdrift.spi.StackLockTimeoutException;
import io.stackdrift.tool.ApplyResult;
import io.stackdrift.tool.PlanPurpose;
import io.stackdrift.tool.StackCall;
import io.stackdrift.tool.StackPlan;
import io.stackdrift.tool.ToolAdapter;

/**
 * One stack's deploy or destroy in a run (docs/engine.md, "deploy" and "destroy"): the lock and the "running"
 * marker, a plan made now (after the stack's dependencies deployed in this run), the {@link ApplyGate} ladder, the
 * apply of exactly that plan, the trail entry, the outputs file and the digest.
 */
public final class StackDeployment {
    /** Trail reasons of a destroy start with this, so "failed" and "rehearsal" entries say what failed or was rehearsed. */
    public static final String DESTROY_PREFIX = "destroy: ";

    private final DeployContext run;
    private final StackOutputs outputs;

    public StackDeployment(final DeployContext run) {
        this.run = run;
        this.outputs = new StackOutputs(run);
    }

    /**
     * Deploys the stack (also a drift check's correction, {@link DeployMode#CORRECTION}).
     *
     * @param hadDrift the stack's latest row when it had drift: what a correction may put back, and what a deploy
     *                 reports as put back when its own preview shows none
     */
    public Deployed deploy(final StackConfig stack, final Map<String, String> env, final Optional<Row> hadDrift,
            final DeployMode mode, final Approval approval) throws InterruptedException {
        return underLock(stack, DeployKind.DEPLOY, mode, startedAt -> OwnershipGuard.withOwnership(run.adapter(stack.tool()),
                run.call(stack, "schema", env), run.ownershipEvidence(), PlanPurpose.PREVIEW,
                reason -> failed(stack, startedAt, reason),
                accepted -> planAndApply(stack, env, hadDrift, mode, approval, accepted, startedAt)));
    }

    /** Destroys the stack: a destroy plan of this run, and only that plan applied. */
    public Deployed destroy(final StackConfig stack, final Map<String, String> env, final DeployMode mode, final Approval approval)
            throws InterruptedException {
        return underLock(stack, DeployKind.DESTROY, mode, startedAt -> planAndDestroy(stack, env, mode, approval, startedAt));
    }

    @FunctionalInterface
    private interface LockedWork {
        Deployed run(long startedAt) throws InterruptedException;
    }

    /**
     * The frame of a deploy or a destroy (not of a rehearsal, which applies nothing): the stack's lock, the "running"
     * marker, an "interrupted" trail entry when the run is interrupted (a destroy also forgets the last deploy: part of
     * the stack may be gone), then marker and lock released.
     */
    private Deployed underLock(final StackConfig stack, final DeployKind kind, final DeployMode mode, final LockedWork work)
            throws InterruptedException {
        if (mode == DeployMode.REHEARSAL) {
            return work.run(run.now());
        }
        StackId id = stack.id();
        StackLock lock;
        try {
            lock = run.locks().acquire(id, kind.word());
        } catch (StackLockTimeoutException e) {
            return failed(stack, run.now(), prefix(kind) + e.getMessage());
        } catch (UncheckedIOException e) {
            // the lock file could not be opened or locked: the message names it and why (a FIFO in its place, a full disk)
            return failed(stack, run.now(), prefix(kind) + e.getMessage());
        }
        try (lock) {
            long startedAt = run.now();
            run.markStarted(id, startedAt, kind);
            try {
                return work.run(startedAt);
            } catch (InterruptedException e) {
                if (kind == DeployKind.DESTROY) {
                    run.forgetDeploy(id);
                }
                run.trail(entry(id, startedAt, TrailResult.INTERRUPTED, List.of(), "run " + run.runId() + " was interrupted during this "
                        + kind.word() + "; look at the stack's state before deploying it again"));
                throw e;
            } finally {
                run.markFinished(id);
            }
        }
    }

    private Deployed planAndApply(final StackConfig stack, final Map<String, String> env, final Optional<Row> hadDrift,
            final DeployMode mode, final Approval approval, final List<IgnorePath> accepted, final long startedAt)
            throws InterruptedException {
        StackCall call = run.call(stack, "deploy", env);
        run.previewed(stack.id());
        StackPlan plan = run.adapter(stack.tool()).plan(call, PlanPurpose.PREVIEW, run.known());
        Row row = OwnershipGuard.split(plan.row(), accepted);
        if (row.state() == RowState.FAILED) {
            return failed(stack, startedAt, row.reason(), row);
        }
        boolean hasWork = !row.changes().isEmpty() || !row.drift().isEmpty();
        Optional<Deployed> held = hasWork ? held(stack, row, hadDrift, mode, approval) : Optional.empty();
        if (held.isPresent()) {
            return held.get();
        }
        ApplyGate.Decision gate = ApplyGate.decide(hasWork, mode, approval, stack.drift().mode());
        if (gate.step() == ApplyGate.Step.NOTHING_TO_DO) {
            run.trail(entry(stack.id(), startedAt, TrailResult.NOTHING_TO_DEPLOY, List.of(), ""));
            // an earlier deploy applied and stopped before its outputs file was written: written now
            Optional<String> outputsProblem = run.owesDeploy(stack.id()) ? outputs.write(stack, env) : Optional.empty();
            return finished(stack.id(), row.withState(RowState.IN_SYNC, "nothing to deploy"), "nothing to deploy", outputsProblem,
                    TaskOutcome.nothingToDo());
        }
        Optional<Deployed> stopped = stopBeforeApply(stack, row, startedAt, gate, DeployKind.DEPLOY);
        if (stopped.isEmpty()) {
            stopped = policyRefusal(stack, row, plan, approval, call, startedAt);
        }
        return stopped.isPresent() ? stopped.get() : applied(stack, env, call, plan, row, hadDrift, startedAt);
    }

    /** The plan applied, its trail entry and the outputs file: the deploy done. */
    private Deployed applied(final StackConfig stack, final Map<String, String> env, final StackCall call, final StackPlan plan,
            final Row row, final Optional<Row> hadDrift, final long startedAt) throws InterruptedException {
        StackId id = stack.id();
        run.progress("applying " + id + " (" + stack.tool().word() + ")…");
        ApplyResult applied = run.adapter(stack.tool()).apply(call, plan);
        if (!applied.succeeded()) {
            return failed(stack, startedAt, applied.reason(), row);
        }
        List<String> restored = restoredPaths(row, hadDrift);
        TrailEntry done = repaired(entry(id, startedAt, TrailResult.DEPLOYED, restored, ""), stack, row, hadDrift);
        run.trail(done);
        Row deployed = Row.of(id, stack.tool(), stack.dir(), RowState.IN_SYNC,
                restored.isEmpty() ? "deployed" : "deployed: " + done.repairWords())
                .withOwnedElsewhere(row.ownedElsewhere()).withDependsOn(row.dependsOn());
        return finished(id, deployed, "deployed", outputs.write(stack, env), TaskOutcome.succeeded());
    }

    /**
     * A stack whose deploy went through (or had nothing to do) is deployed, its digest recorded — unless its outputs file
     * could not be written: then it failed, applied but not finished, and it (and what depends on it) owes a deploy.
     */
    private Deployed finished(final StackId id, final Row done, final String what, final Optional<String> outputsProblem,
            final TaskOutcome outcome) {
        if (outputsProblem.isPresent()) {
            Row failed = done.withState(RowState.FAILED, what + ", but " + outputsProblem.get());
            return new Deployed(failed, TaskOutcome.failed(failed.reason()));
        }
        run.deployed(id);
        return new Deployed(done, outcome);
    }

    /**
     * A plan with work that waits for a person: a drift correction that would also apply code changes nobody reviewed
     * (it puts back the drift the check found and nothing else), or a repair past its guard rails.
     */
    private Optional<Deployed> held(final StackConfig stack, final Row row, final Optional<Row> hadDrift, final DeployMode mode,
            final Approval approval) {
        Optional<String> notCorrected = mode == DeployMode.CORRECTION
                ? DriftRevert.whyNotCorrected(row.changes(), hadDrift.map(Row::drift).orElse(ChangeList.none()))
                : Optional.empty();
        if (notCorrected.isPresent()) {
            return Optional.of(new Deployed(row.withState(RowState.PENDING_DRIFTED, notCorrected.get()), TaskOutcome.succeeded(), true));
        }
        return guardRails(stack, row, hadDrift, mode, approval);
    }

    /**
     * The one place the guard rails of a repair hold a plan for a person, whatever the tool, command or step: a drift
     * check's correction, a plain deploy, {@code deploy --now}, a shard's deploy. The drift is this preview's, else the
     * drift the stack is known to have (a tool whose preview names no drift, as Pulumi's, lists its revert as plain
     * changes). A correction is held when its plan would delete, replace or change many resources; an unapproved deploy
     * when the changes that put the drift back would (its code changes were reviewed as code). A held row keeps the drift
     * it holds, so the next run still knows what a deploy would put back.
     */
    private Optional<Deployed> guardRails(final StackConfig stack, final Row row, final Optional<Row> hadDrift,
            final DeployMode mode, final Approval approval) {
        ChangeList drift = row.drift().isEmpty() ? hadDrift.map(Row::drift).orElse(ChangeList.none()) : row.drift();
        Optional<String> stop = switch (mode) {
            // self-heal never deletes, replaces or changes many resources on its own: a person decides
            case CORRECTION -> RepairGuard.stop(stack.drift(), row.changes(), drift);
            // what a repair may not do on its own, a plain deploy may not do either
            case APPLY -> approval == Approval.GIVEN || drift.isEmpty() ? Optional.<String>empty()
                    : RepairGuard.stopDeploy(stack.drift(), DriftRevert.reverts(row.changes(), drift), drift);
            case REHEARSAL -> Optional.<String>empty();
        };
        return stop.map(reason -> {
            Row held = (row.drift().isEmpty() ? row.withDrift(drift) : row).withState(RowState.AWAITING_APPROVAL, reason);
            return new Deployed(held, TaskOutcome.awaitingApproval(reason));
        });
    }

    private Deployed planAndDestroy(final StackConfig stack, final Map<String, String> env, final DeployMode mode,
            final Approval approval, final long startedAt) throws InterruptedException {
        StackId id = stack.id();
        StackCall call = run.call(stack, "destroy", env);
        ToolAdapter adapter = run.adapter(stack.tool());
        run.progress("planning the destroy of " + id + " (" + stack.tool().word() + ")…");
        StackPlan plan = adapter.plan(call, PlanPurpose.DESTROY, run.known());
        // what a destroy deletes; drift does not matter to resources about to go (no drift check runs)
        Row planned = plan.row();
        if (planned.state() == RowState.FAILED) {
            return failed(stack, startedAt, DESTROY_PREFIX + planned.reason());
        }
        Row row = Row.of(id, stack.tool(), stack.dir(), planned.changes().isEmpty() ? RowState.IN_SYNC : RowState.PENDING, "")
                .withChanges(planned.changes());
        ApplyGate.Decision gate = ApplyGate.decide(!row.changes().isEmpty(), mode, approval, stack.drift().mode());
        if (gate.step() == ApplyGate.Step.NOTHING_TO_DO) {
            run.trail(entry(id, startedAt, TrailResult.NOTHING_TO_DESTROY, List.of(), ""));
            return afterDestroy(stack, row.withState(RowState.IN_SYNC, "nothing to destroy"), TaskOutcome.nothingToDo());
        }
        Optional<Deployed> stopped = stopBeforeApply(stack, row, startedAt, gate, DeployKind.DESTROY);
        if (stopped.isPresent()) {
            return stopped.get();
        }
        run.progress("destroying " + id + " (" + stack.tool().word() + ")…");
        ApplyResult applied = adapter.apply(call, plan);
        if (!applied.succeeded()) {
            // part of the stack may be gone: the next deploy must preview it, not skip it as unchanged
            run.forgetDeploy(id);
            return failed(stack, startedAt, DESTROY_PREFIX + applied.reason());
        }
        run.trail(entry(id, startedAt, TrailResult.DESTROYED, List.of(), ""));
        return afterDestroy(stack, Row.of(id, stack.tool(), stack.dir(), RowState.DESTROYED, ""), TaskOutcome.succeeded());
    }

    /**
     * Where a deploy or a destroy with work stops before its apply: the gate (a rehearsal, an approval to wait for), then
     * an approved plan that is not the one its approver saw. Empty: apply.
     */
    private Optional<Deployed> stopBeforeApply(final StackConfig stack, final Row row, final long startedAt,
            final ApplyGate.Decision gate, final DeployKind kind) {
        if (gate.step() != ApplyGate.Step.APPLY) {
            return Optional.of(notApplied(stack, row, startedAt, gate, kind));
        }
        return unapprovedPlan(stack, row, kind);
    }

    /**
     * An approved stack whose fresh plan is not the one its approver saw ({@link PlanDigest.Approved}): it awaits a new
     * approval with the reason, nothing applied.
     */
    private Optional<Deployed> unapprovedPlan(final StackConfig stack, final Row row, final DeployKind kind) {
        return run.approvedPlans().refusal(stack.id(), row).map(why -> {
            String reason = prefix(kind) + why;
            return new Deployed(row.withState(RowState.AWAITING_APPROVAL, reason), TaskOutcome.awaitingApproval(reason));
        });
    }

    /**
     * The stack's policy check on the plan about to be applied: a refusal holds the stack for approval (an approved run
     * applies it, and says the check refused it) or fails it, as {@code onDeny} says; a check that cannot run fails it.
     */
    private Optional<Deployed> policyRefusal(final StackConfig stack, final Row row, final StackPlan plan, final Approval approval,
            final StackCall call, final long startedAt) throws InterruptedException {
        if (stack.policyCheck().isEmpty()) {
            return Optional.empty();
        }
        PolicyCheck check = stack.policyCheck().get();
        run.progress("checking the plan of " + stack.id() + " with its policy check…");
        PolicyGate.Verdict verdict = run.policyGate().check(stack, check, plan.planJson(), call.workDir());
        if (verdict.passed()) {
            return Optional.empty();
        }
        if (verdict.outcome() == PolicyGate.Outcome.BROKEN || check.onDeny() == PolicyCheck.OnDeny.FAIL) {
            return Optional.of(failed(stack, startedAt, verdict.reason(), row));
        }
        if (approval == Approval.GIVEN) {
            run.progress(stack.id() + ": " + verdict.reason() + "; applied all the same: the run is approved");
            return Optional.empty();
        }
        return Optional.of(new Deployed(row.withState(RowState.AWAITING_APPROVAL, verdict.reason()),
                TaskOutcome.awaitingApproval(verdict.reason())));
    }

    /** The rungs of the ladder that apply nothing: a rehearsal (with or without work) and awaiting approval. */
    private Deployed notApplied(final StackConfig stack, final Row row, final long startedAt, final ApplyGate.Decision gate,
            final DeployKind kind) {
        StackId id = stack.id();
        String waits = gate.wouldAwaitApproval() ? "; would await approval" : "";
        return switch (gate.step()) {
            case NOTHING_TO_REHEARSE -> {
                // a rehearsal records no deploy, not even an empty one: the digest stays as it was
                run.trail(entry(id, startedAt, TrailResult.REHEARSAL, List.of(), prefix(kind) + "nothing to " + kind.word()));
                yield new Deployed(row.withState(RowState.IN_SYNC, "rehearsal: nothing to " + kind.word()), TaskOutcome.nothingToDo());
            }
            case REHEARSE -> {
                // a rehearsal plans everything in order: an approve-mode stack says it would wait, and its dependents are planned
                run.trail(entry(id, startedAt, TrailResult.REHEARSAL, List.of(), rehearsalTrail(kind, gate.wouldAwaitApproval())));
                yield new Deployed(row.withState(row.state(), rehearsalReason(kind) + waits), TaskOutcome.succeeded());
            }
            case AWAIT_APPROVAL -> new Deployed(row.withState(RowState.AWAITING_APPROVAL, awaitingReason(kind)),
                    TaskOutcome.awaitingApproval(awaitingReason(kind)));
            case NOTHING_TO_DO, APPLY -> throw new IllegalArgumentException("applies: " + gate.step());
        };
    }

    /**
     * A destroyed stack has no outputs: its outputs file is removed, so a later step cannot read values of resources
     * that are gone. A file that cannot be removed fails the stack (its dependencies are then not destroyed).
     */
    private Deployed afterDestroy(final StackConfig stack, final Row row, final TaskOutcome outcome) {
        Optional<String> problem = outputs.remove(stack);
        if (problem.isEmpty()) {
            return new Deployed(row, outcome);
        }
        Row failed = row.withState(RowState.FAILED, row.reason() + ", but " + problem.get());
        return new Deployed(failed, TaskOutcome.failed(failed.reason()));
    }

    /**
     * The drifted paths a deploy put back, as {@code address.path}: this preview's drift, else the latest row's; the
     * first {@link TrailEntry#MOST_RESTORED_PATHS}, so a trail entry stays small.
     */
    static List<String> restoredPaths(final Row preview, final Optional<Row> hadDrift) {
        ChangeList drift = !preview.drift().isEmpty() ? preview.drift() : hadDrift.map(Row::drift).orElse(ChangeList.none());
        List<String> paths = new ArrayList<>();
        for (Change change : drift.first(TrailEntry.MOST_RESTORED_PATHS)) {
            if (change.paths().isEmpty()) {
                paths.add(change.address());
            }
            for (String path : change.paths()) {
                paths.add(change.address() + "." + path);
            }
        }
        return paths.size() <= TrailEntry.MOST_RESTORED_PATHS ? paths : List.copyOf(paths.subList(0, TrailEntry.MOST_RESTORED_PATHS));
    }

    private Deployed failed(final StackConfig stack, final long startedAt, final String reason) {
        return failed(stack, startedAt, reason, Row.of(stack.id(), stack.tool(), stack.dir(), RowState.FAILED, reason));
    }

    private Deployed failed(final StackConfig stack, final long startedAt, final String reason, final Row row) {
        run.trail(entry(stack.id(), startedAt, TrailResult.FAILED, List.of(), reason));
        // what the preview found stays listed (changes, drift, owned elsewhere, depends-on): the failure does not unmake it
        Row failed = Row.of(stack.id(), stack.tool(), stack.dir(), RowState.FAILED, reason)
                .withChanges(row.changes()).withDrift(row.drift()).withOwnedElsewhere(row.ownedElsewhere()).withDependsOn(row.dependsOn());
        return new Deployed(failed, TaskOutcome.failed(reason));
    }

    /**
     * The entry of a deploy that repaired drift, with what the repair did: drift of outputs alone follows what they read
     * from the stacks this one depends on, so the deploy took their new value rather than putting anything back.
     */
    static TrailEntry repaired(final TrailEntry entry, final StackConfig stack, final Row preview, final Optional<Row> hadDrift) {
        if (!entry.repairedDrift()) {
            return entry;
        }
        ChangeList drift = !preview.drift().isEmpty() ? preview.drift() : hadDrift.map(Row::drift).orElse(ChangeList.none());
        DriftRepair repair = DriftRepair.of(drift);
        if (repair == DriftRepair.PUT_BACK) {
            return entry;
        }
        TreeSet<StackId> upstream = new TreeSet<>(stack.dependsOn());
        upstream.addAll(preview.dependsOn());
        hadDrift.ifPresent(row -> upstream.addAll(row.allDependsOn()));
        return new TrailEntry(entry.stack(), entry.runId(), entry.startedAt(), entry.finishedAt(), entry.result(), true,
                entry.restoredPaths(), entry.reason(), entry.driftedSince(), repair, List.copyOf(upstream));
    }

    private TrailEntry entry(final StackId id, final long startedAt, final TrailResult result, final List<String> restored,
            final String reason) {
        return new TrailEntry(id, run.runId(), startedAt, run.now(), result, !restored.isEmpty(), restored, reason, 0);
    }

    /** What a trail reason of a destroy starts with; nothing for a deploy. */
    private static String prefix(final DeployKind kind) {
        return kind == DeployKind.DESTROY ? DESTROY_PREFIX : "";
    }

    private static String rehearsalReason(final DeployKind kind) {
        return kind == DeployKind.DESTROY ? "rehearsal: destroy planned, nothing destroyed" : "rehearsal: planned, nothing applied";
    }

    private static String awaitingReason(final DeployKind kind) {
        return kind == DeployKind.DESTROY ? "mode approve: destroy with approval to delete these resources"
                : "mode approve: deploy with approval to apply these changes";
    }

    private static String rehearsalTrail(final DeployKind kind, final boolean wouldAwait) {
        return kind == DeployKind.DEPLOY
                ? (wouldAwait ? "would await approval" : "")
                : DESTROY_PREFIX + "planned, nothing destroyed" + (wouldAwait ? "; would await approval" : "");
    }
}
