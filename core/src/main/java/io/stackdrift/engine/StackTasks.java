package io.stackdrift.engine;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;

import com.fasterxml.jackson.core.JacksonException;

import io.stackdrift.config.PolicyCheck;
import io.stackdrift.config.StackConfig;
import io.stackdrift.deploy.PolicyGate;
import io.stackdrift.graph.ScheduleOptions;
import io.stackdrift.graph.ScheduleResult;
import io.stackdrift.graph.SchedulerListener;
import io.stackdrift.graph.StackGraph;
import io.stackdrift.graph.StackResult;
import io.stackdrift.graph.StackScheduler;
import io.stackdrift.graph.StackState;
import io.stackdrift.graph.StackTask;
import io.stackdrift.graph.StopMode;
import io.stackdrift.graph.TaskOutcome;
import io.stackdrift.model.IoProblem;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.ownership.OwnershipGuard;
import io.stackdrift.record.TrailResult;
import io.stackdrift.spi.MissingCredentialsException;
import io.stackdrift.tool.PlanPurpose;
import io.stackdrift.tool.StackCall;
import io.stackdrift.tool.StackPlan;

/** What every run kind does around its stack tasks: credentials, the scheduler, rows for stacks that never ran. */
final class StackTasks {
    private StackTasks() {
    }

    /** A stack's part of a run, given the stack's credentials. */
    @FunctionalInterface
    interface CredentialedTask {
        TaskOutcome run(StackConfig stack, Map<String, String> env) throws InterruptedException;
    }

    /** The stack's task run with its credentials; a missing one fails the stack before any tool runs. */
    static TaskOutcome withCredentials(final RunContext run, final StackConfig stack, final CredentialedTask task)
            throws InterruptedException {
        Map<String, String> env;
        try {
            env = Map.copyOf(run.services().credentials().environmentFor(stack.id(), stack.credentials()));
        } catch (MissingCredentialsException e) {
            finish(run, Row.of(stack.id(), stack.tool(), stack.dir(), RowState.FAILED, e.getMessage()));
            return TaskOutcome.failed(e.getMessage());
        }
        return task.run(stack, env);
    }

    /** The graph of the run's stacks, from the file and the dependencies recorded by earlier runs; its notes are said. */
    static StackGraph.Build graph(final RunContext run) {
        StackGraph.Build build = StackGraph.of(run.config(), run.recordedDependsOn());
        for (String note : build.notes()) {
            run.note(note);
        }
        return build;
    }

    /**
     * Records the stack's row with what it depends on: the file's {@code dependsOn} always, and the stacks read from
     * references only for a stack with {@code dependsOn: auto} (any other stack's graph has no read edges).
     */
    static void finish(final RunContext run, final Row row) {
        run.progress(ProgressText.of(record(run, row)));
    }

    private static Row record(final RunContext run, final Row row) {
        StackConfig stack = run.stack(row.id());
        Row complete = stack == null ? row : row.withFileDependsOn(stack.dependsOn()).withDependsOn(readDependsOn(run, stack, row));
        run.putRow(complete);
        return complete;
    }

    /**
     * What the stack is known to read: nothing without {@code dependsOn: auto}; a Pulumi stack's stack references (its
     * row's); a Terraform/OpenTofu stack's {@code terraform_remote_state} reads, from its files (the same the graph used).
     */
    private static List<StackId> readDependsOn(final RunContext run, final StackConfig stack, final Row row) {
        if (!stack.autoDepends()) {
            return List.of();
        }
        return stack.tool() == Tool.PULUMI ? row.dependsOn() : run.config().stateReadsOf(stack.id());
    }

    /**
     * A stack the run's interrupt stopped: its row, and one progress line with the trail's word. A deploy or destroy
     * has said so already with its "interrupted" trail entry: nothing more, so no "failed" after "interrupted".
     */
    private static void interrupted(final RunContext run, final Row row) {
        record(run, row);
        boolean said = run.trailSnapshot().stream()
                .anyMatch(e -> e.stack().equals(row.id()) && e.result() == TrailResult.INTERRUPTED);
        if (!said) {
            run.progress(row.id() + ": " + TrailResult.INTERRUPTED.word());
        }
    }

    static TaskOutcome outcomeOf(final Row row) {
        return switch (row.state()) {
            case FAILED -> TaskOutcome.failed(row.reason());
            case SKIPPED -> TaskOutcome.skipped(row.reason());
            case AWAITING_APPROVAL -> TaskOutcome.awaitingApproval(row.reason());
            default -> TaskOutcome.succeeded();
        };
    }

    /** A plan of one stack (preview or drift check) as a row, its drift split by field ownership. */
    static Row planRow(final RunContext run, final StackConfig stack, final PlanPurpose purpose, final Map<String, String> env)
            throws InterruptedException {
        return OwnershipGuard.withOwnership(run.adapter(stack.tool()), run.call(stack, "schema", env), run.ownershipEvidence(), purpose,
                reason -> Row.of(stack.id(), stack.tool(), stack.dir(), RowState.FAILED, reason),
                accepted -> {
                    if (purpose == PlanPurpose.PREVIEW) {
                        run.previewed(stack.id());
                    }
                    StackCall call = run.call(stack, purpose == PlanPurpose.PREVIEW ? "preview" : "check", env);
                    StackPlan plan = run.adapter(stack.tool()).plan(call, purpose, run.known());
                    Row row = OwnershipGuard.split(plan.row(), accepted);
                    return purpose == PlanPurpose.PREVIEW ? policyOnPreview(run, stack, plan, row, call) : row;
                });
    }

    /**
     * A preview's plan through the stack's policy check when {@code previews: true} asks for it: nothing is applied, so a
     * refusal only says what a deploy would do with the plan (the row keeps its state); a check that cannot run fails the
     * row, as it would fail the deploy.
     */
    private static Row policyOnPreview(final RunContext run, final StackConfig stack, final StackPlan plan, final Row row,
            final StackCall call) throws InterruptedException {
        Optional<PolicyCheck> check = stack.policyCheck().filter(PolicyCheck::previews);
        if (check.isEmpty() || row.state() == RowState.FAILED || row.changes().isEmpty() && row.drift().isEmpty()) {
            return row;
        }
        run.progress("checking the plan of " + stack.id() + " with its policy check…");
        PolicyGate.Verdict verdict = run.policyGate().check(stack, check.get(), plan.planJson(), call.workDir());
        if (verdict.passed()) {
            return row.withState(row.state(), join(row.reason(), "policy check passed"));
        }
        if (verdict.outcome() == PolicyGate.Outcome.BROKEN) {
            return row.withState(RowState.FAILED, verdict.reason());
        }
        String would = check.get().onDeny() == PolicyCheck.OnDeny.FAIL ? "a deploy would fail: " : "a deploy would await approval: ";
        return row.withState(row.state(), join(row.reason(), would + verdict.reason()));
    }

    private static String join(final String reason, final String more) {
        return reason.isEmpty() ? more : reason + "; " + more;
    }

    /** Previews and checks need no order: a graph without edges, run with the run's parallelism. */
    static void runUnordered(final RunContext run, final List<StackId> ids, final StackTask task) throws InterruptedException {
        Map<StackId, List<StackId>> none = new TreeMap<>();
        for (StackId id : ids) {
            none.put(id, List.of());
        }
        schedule(run, StackGraph.of(none), ScheduleOptions.deploy(run.parallelism()), task, new SchedulerListener() { });
    }

    /** Deploys and destroys say when a failure stops the run from starting stacks. */
    static SchedulerListener stoppingListener(final RunContext run) {
        return new SchedulerListener() {
            @Override
            public void stopping(final StopMode mode) {
                run.progress("stopping: no stack starts any more"
                        + (mode == StopMode.KILL_RUNNING ? "; running stacks are stopped" : "; running stacks finish"));
            }
        };
    }

    /**
     * {@code inner}, and in a run split into shards the post of each of this shard's stacks as it ends (whether it
     * applied changes: a {@code deployed} trail entry in this run), so the stacks of other shards that wait for it go on.
     */
    static SchedulerListener posting(final RunContext run, final SchedulerListener inner) {
        if (run.shard().isEmpty()) {
            return inner;
        }
        ShardCoordination shard = run.shard().get();
        return new SchedulerListener() {
            @Override
            public void ended(final StackResult result) {
                inner.ended(result);
                boolean applied = run.trailSnapshot().stream()
                        .anyMatch(e -> e.stack().equals(result.id()) && e.result() == TrailResult.DEPLOYED);
                shard.ended(result, applied, run.deployDigest(result.id()), run::note);
            }

            @Override
            public void stopping(final StopMode stopMode) {
                inner.stopping(stopMode);
            }
        };
    }

    static void schedule(final RunContext run, final StackGraph graph, final ScheduleOptions options, final StackTask task,
            final SchedulerListener listener) throws InterruptedException {
        schedule(run, graph, options, task, listener, id -> false);
    }

    /**
     * @param waits the stacks of the graph that other shards deploy: their tasks only wait for them, take no slot, and
     *              leave no row in this run
     */
    static void schedule(final RunContext run, final StackGraph graph, final ScheduleOptions options, final StackTask task,
            final SchedulerListener listener, final Predicate<StackId> waits) throws InterruptedException {
        if (graph.stacks().isEmpty()) {
            return;
        }
        StackTask guarded = id -> {
            if (waits.test(id)) {
                return task.run(id);
            }
            Optional<String> gaveUp = run.shard().flatMap(shard -> shard.gaveUp(id));
            if (gaveUp.isPresent()) {
                // a dependency of another shard never ended in sight: the stack fails, its dependents are skipped
                StackConfig stack = run.stack(id);
                Row row = Row.of(id, stack.tool(), stack.dir(), RowState.FAILED, gaveUp.get());
                finish(run, row);
                return TaskOutcome.failed(row.reason());
            }
            try {
                return task.run(id);
            } catch (RecordNotWritten e) {
                // our own words: what could not be written, where, and that nothing was applied
                StackConfig stack = run.stack(id);
                Row row = Row.of(id, stack.tool(), stack.dir(), RowState.FAILED, e.getMessage());
                finish(run, row);
                return TaskOutcome.failed(row.reason());
            } catch (UncheckedIOException e) {
                // a file that could not be read or written: which, and why (a JSON parser's words may quote the file: not those)
                StackConfig stack = run.stack(id);
                String why = e.getCause() instanceof JacksonException ? "a JSON file could not be read" : IoProblem.of(e);
                Row row = Row.of(id, stack.tool(), stack.dir(), RowState.FAILED, "a file could not be read or written: " + why);
                finish(run, row);
                return TaskOutcome.failed(row.reason());
            } catch (RuntimeException e) {
                // the message of an unexpected exception may carry anything: the class name only
                StackConfig stack = run.stack(id);
                Row row = Row.of(id, stack.tool(), stack.dir(), RowState.FAILED,
                        "unexpected error in Stack Drift (" + e.getClass().getSimpleName() + ")");
                finish(run, row);
                return TaskOutcome.failed(row.reason());
            }
        };
        // stacks of one directory (its workspaces) share .terraform and the override file: never at once
        ScheduleResult result = new StackScheduler(options)
                .exclusive(id -> waits.test(id) ? id : run.stack(id).directory(run.root()).toAbsolutePath().normalize())
                .withoutSlot(waits)
                .run(graph, guarded, listener);
        for (StackResult ended : result.results()) {
            if (waits.test(ended.id()) || run.hasRow(ended.id())) {
                continue;
            }
            StackConfig stack = run.stack(ended.id());
            RowState state = switch (ended.state()) {
                case SKIPPED -> RowState.SKIPPED;
                case AWAITING_APPROVAL -> RowState.AWAITING_APPROVAL;
                case SUCCEEDED, NOTHING_TO_DO -> RowState.IN_SYNC;
                default -> RowState.FAILED;
            };
            String reason = ended.reason().isEmpty() ? ended.state().word() : ended.reason();
            Row row = Row.of(stack.id(), stack.tool(), stack.dir(), state, reason);
            if (ended.state() == StackState.INTERRUPTED) {
                interrupted(run, row);
            } else {
                finish(run, row);
            }
        }
        if (result.interrupted() || Thread.currentThread().isInterrupted()) {
            throw new InterruptedException("run interrupted");
        }
    }
}
