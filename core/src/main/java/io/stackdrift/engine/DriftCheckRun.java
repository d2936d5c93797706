package io.stackdrift.engine;

import static io.stackdrift.engine.StackTasks.finish;
import static io.stackdrift.engine.StackTasks.withCredentials;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.Outputs;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.deploy.Deployed;
import io.stackdrift.deploy.OutputsFile;
import io.stackdrift.deploy.StackDeployment;
import io.stackdrift.drift.CheckDecision;
import io.stackdrift.drift.DriftModes;
import io.stackdrift.drift.DriftRevert;
import io.stackdrift.drift.DueCheck;
import io.stackdrift.drift.ModeOutcome;
import io.stackdrift.graph.ScheduleOptions;
import io.stackdrift.graph.SchedulerListener;
import io.stackdrift.graph.StackGraph;
import io.stackdrift.graph.StackTask;
import io.stackdrift.graph.TaskOutcome;
import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.DriftRepair;
import io.stackdrift.model.IoProblem;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.DeployMarker;
import io.stackdrift.record.StackStatus;
import io.stackdrift.tool.OutputsResult;
import io.stackdrift.tool.PlanPurpose;

/**
 * A drift check of the due stacks (docs/engine.md, "check"), in no order but after the repairs of their dependencies,
 * each stack's drift mode applied to what it found; mode correct deploys the stack when its plan only puts the drift
 * back.
 */
final class DriftCheckRun implements RunBody {
    @Override
    public void run(final RunContext run) throws InterruptedException {
        Map<StackId, StackStatus> statuses = run.statusesAtStart();
        Set<StackId> running = run.services().history().deploysInProgress().stream().map(DeployMarker::stack)
                .collect(Collectors.toCollection(HashSet::new));
        // a stack another run of the host holds is left alone like one with a deploy running (never a marker planted for it)
        running.addAll(run.request().heldElsewhere());
        DueCheck.Trigger trigger = switch (run.request().startedBy()) {
            case SCHEDULE -> DueCheck.Trigger.SCHEDULED;
            case MANUAL -> DueCheck.Trigger.MANUAL;
            case PUSH -> DueCheck.Trigger.PUSH;
        };
        List<CheckDecision> decisions = DueCheck.decide(run.stacks(), new DueCheck.Input(trigger, statuses, running,
                run.request().changedFiles(), Instant.ofEpochMilli(run.startedAt()), DueCheck.Modules.onDisk(run.root()),
                run.request().timing()));
        Map<StackId, CheckDecision> toRun = new LinkedHashMap<>();
        for (StackConfig stack : run.stacks()) {
            Optional.ofNullable(statuses.get(stack.id())).flatMap(s -> DueCheck.clockAhead(s, Instant.ofEpochMilli(run.startedAt())))
                    .ifPresent(why -> run.note("warning: " + stack.id() + ": " + why));
        }
        for (CheckDecision decision : decisions) {
            if (decision.action() == CheckDecision.Action.SKIP) {
                StackConfig stack = run.stack(decision.stack());
                finish(run, Row.of(stack.id(), stack.tool(), stack.dir(), RowState.SKIPPED, decision.reason()));
                // not looked at, so not repaired: a stack of another shard waiting for it goes on
                run.shard().ifPresent(shard -> shard.leftAlone(stack.id(), run::note));
            } else {
                toRun.put(decision.stack(), decision);
            }
        }
        // the repair order and a repair's digest (onChangeOrDependency folds in its dependencies'): one graph, built once
        Supplier<StackGraph> graph = new Supplier<>() {
            private StackGraph built;

            @Override
            public synchronized StackGraph get() {
                if (built == null) {
                    built = StackGraph.of(run.config(), run.recordedDependsOn()).graph();
                }
                return built;
            }
        };
        RepairOrder order = RepairOrder.of(run, toRun.keySet(), graph.get());
        StackTask task = id -> order.waits().contains(id)
                ? run.shard().orElseThrow().await(run::progress, id, toRun.keySet())
                : withCredentials(run, run.stack(id), (stack, env) -> checkOne(run, stack, env, toRun.get(id), graph));
        StackTasks.schedule(run, order.graph(), ScheduleOptions.deploy(run.parallelism()), task,
                StackTasks.posting(run, SchedulerListener.NONE), order.waits()::contains);
        // to a fixed point: a stack whose dependency is counted not deployed here can be the dependency of another
        boolean changed = true;
        while (changed) {
            changed = false;
            for (StackId id : toRun.keySet()) {
                changed |= notDeployedWithItsDependency(run, id);
            }
        }
    }

    /**
     * A stack whose check failed while a stack it depends on was found never deployed (a new repository's first build:
     * the tool's own error is "Unable to find remote state") is not deployed either, not failed: it is counted so,
     * and says what to do.
     *
     * @return whether the row changed
     */
    private static boolean notDeployedWithItsDependency(final RunContext run, final StackId id) {
        Row row = run.row(id);
        if (row == null || row.state() != RowState.FAILED) {
            return false;
        }
        Set<StackId> dependencies = new TreeSet<>(row.fileDependsOn());
        dependencies.addAll(row.dependsOn());
        List<String> missing = dependencies.stream()
                .filter(dependency -> run.hasRow(dependency) && run.row(dependency).state() == RowState.NOT_DEPLOYED)
                .map(StackId::toString).toList();
        if (missing.isEmpty()) {
            return false;
        }
        String names = String.join(", ", missing);
        String hint = (missing.size() == 1 ? "its dependency " + names + " is" : "its dependencies " + names + " are")
                + " not deployed: deploy " + (missing.size() == 1 ? "it" : "them") + " first, then check " + id + " again";
        Row notDeployed = row.withState(RowState.NOT_DEPLOYED, hint + " (its check: " + row.reason() + ")");
        run.putRow(notDeployed);
        run.progress(id + ": " + RowState.NOT_DEPLOYED.word() + " — " + hint);
        return true;
    }

    /**
     * A check runs its stacks in no order but one: a repair is a deploy, so a stack that depends on one mode correct may
     * repair in this run is checked (or previewed) after it, as a deploy's dependents are; in a run split into shards a
     * dependency another shard checks is waited for on the board.
     *
     * @param graph the due stacks, each after its due dependencies that may be repaired, and the waits
     * @param waits the dependencies of other shards that may be repaired, which due stacks of this shard wait for
     */
    private record RepairOrder(StackGraph graph, Set<StackId> waits) {
        static RepairOrder of(final RunContext run, final Set<StackId> due, final StackGraph whole) {
            Map<StackId, List<StackId>> edges = new TreeMap<>();
            Set<StackId> waits = new TreeSet<>();
            Optional<ShardCoordination> shard = run.shard();
            for (StackId id : due) {
                List<StackId> after = new ArrayList<>();
                for (StackId dependency : whole.contains(id) ? whole.dependenciesOf(id) : Set.<StackId>of()) {
                    if (!mayRepair(run, dependency)) {
                        continue;
                    }
                    if (due.contains(dependency)) {
                        after.add(dependency);
                    } else if (shard.isPresent() && shard.get().plan().contains(dependency)
                            && !shard.get().own().contains(dependency)) {
                        after.add(dependency);
                        waits.add(dependency);
                    }
                }
                edges.put(id, after);
            }
            waits.forEach(id -> edges.put(id, List.of()));
            return new RepairOrder(StackGraph.of(edges), Set.copyOf(waits));
        }

        /** Mode correct deploys a drifted stack, unless its policy is once (then it reports). */
        private static boolean mayRepair(final RunContext run, final StackId id) {
            return run.config().stack(id).map(s -> s.drift().mode() == DriftMode.CORRECT && s.policy() != Policy.ONCE).orElse(false);
        }
    }

    private static TaskOutcome checkOne(final RunContext run, final StackConfig stack, final Map<String, String> env,
            final CheckDecision decision, final Supplier<StackGraph> graph) throws InterruptedException {
        Row row;
        if (decision.action() == CheckDecision.Action.PREVIEW) {
            // a push preview of a stack whose files changed: it includes drift, so the drift mode applies to it too
            run.progress("previewing " + stack.id() + " (" + stack.tool().word() + "): " + decision.reason());
            row = StackTasks.planRow(run, stack, PlanPurpose.PREVIEW, env);
        } else {
            run.progress("checking " + stack.id() + " (" + stack.tool().word() + ")…");
            row = StackTasks.planRow(run, stack, PlanPurpose.DRIFT_CHECK, env);
        }
        ModeOutcome mode = DriftModes.outcome(stack, row);
        row = switch (mode.consequence()) {
            case DEPLOY -> corrected(run, stack, env, row, mode, graph);
            case AWAIT_APPROVAL -> row.withState(RowState.AWAITING_APPROVAL, mode.reason());
            case NOT_CHECKED -> row.withState(RowState.SKIPPED, mode.reason());
            case RECORD_ONLY -> !mode.reason().isEmpty() && row.state() != RowState.FAILED
                    ? row.withState(row.state(), mode.reason())
                    : row;
        };
        if (row.state() == RowState.IN_SYNC && stack.outputs().isPresent()) {
            verifyOutputs(run, stack, env, stack.outputs().get());
        }
        finish(run, row);
        return StackTasks.outcomeOf(row);
    }

    /** Mode correct: a deploy in this run that puts the checked drift back, and the check's row saying how it went. */
    private static Row corrected(final RunContext run, final StackConfig stack, final Map<String, String> env, final Row checked,
            final ModeOutcome mode, final Supplier<StackGraph> graph) throws InterruptedException {
        run.progress(ProgressText.of(checked));
        DriftRepair repair = DriftRepair.of(checked.drift());
        List<StackId> upstream = upstream(stack, checked);
        run.progress(stack.id() + ": " + (repair == DriftRepair.PUT_BACK ? mode.reason()
                : "mode correct: deploying to " + repair.would(upstream)));
        // a repair is a deploy in every record: its digest and time count for the next deploy and the reapply interval
        boolean codeChanged = false;
        try {
            String digest = DeployDigest.of(run, stack, env, graph);
            run.digest(stack.id(), digest);
            codeChanged = codeChangedSinceDeploy(run, stack, digest);
        } catch (IOException e) {
            run.note(stack.id() + ": cannot compute the stack's digest; the repair is not recorded as a deploy: " + e.getMessage());
        }
        Deployed deployed = new StackDeployment(run).deploy(stack, env, Optional.of(checked), DeployMode.CORRECTION, Approval.GIVEN);
        // a Pulumi stack's references come from the deploy's preview (a check sees none): keep them on the row
        Row row = checked.dependsOn().isEmpty() ? checked.withDependsOn(deployed.row().dependsOn()) : checked;
        if (deployed.withheld()) {
            // the fresh preview carries code changes nobody reviewed: nothing applied, no trail entry
            Row preview = deployed.row();
            // drift of outputs alone follows the stacks they read: what else the plan changes follows them too, unless the
            // stack's own code is known to have changed since its last deploy
            String reason = repair == DriftRepair.NEW_UPSTREAM_VALUE && !codeChanged && DriftRevert.NOT_CORRECTED.equals(preview.reason())
                    ? DriftRepair.notFollowed(upstream) : preview.reason();
            return row.withChanges(preview.changes()).withState(RowState.PENDING_DRIFTED, reason);
        }
        if (deployed.row().state() == RowState.AWAITING_APPROVAL) {
            // a guard rail stopped the repair: nothing applied, a person approves the deploy
            return row.withChanges(deployed.row().changes()).withState(RowState.AWAITING_APPROVAL, deployed.row().reason());
        }
        if (deployed.outcome().kind() == TaskOutcome.Kind.SUCCEEDED) {
            return row.withState(RowState.REPAIRED, repair == DriftRepair.PUT_BACK ? "mode correct: put back by a deploy in this run"
                    : "mode correct: a deploy in this run " + repair.done(upstream));
        }
        // the drift stays listed on the row; the run is an error because the repair did not happen
        return row.withState(deployed.row().state() == RowState.FAILED ? RowState.FAILED : row.state(),
                "mode correct: the deploy that should put back the drift ended " + deployed.row().state().word()
                        + (deployed.row().reason().isEmpty() ? "" : ": " + deployed.row().reason()));
    }

    /**
     * Whether the stack's code is known to differ from its last deploy: its digest (policy {@code onChange}: its own files
     * and tool version) is not the one recorded. Under {@code onChangeOrDependency} the digest folds in the dependencies',
     * which change with the very upstream deploy being followed, so it tells nothing here.
     */
    private static boolean codeChangedSinceDeploy(final RunContext run, final StackConfig stack, final String digest) {
        StackStatus status = run.statusesAtStart().get(stack.id());
        return stack.policy() != Policy.ON_CHANGE_OR_DEPENDENCY && status != null && status.everDeployed()
                && !digest.equals(status.lastDeployDigest());
    }

    /** The stacks whose outputs a stack reads: its file's {@code dependsOn} and the references its row saw, in id order. */
    static List<StackId> upstream(final StackConfig stack, final Row row) {
        TreeSet<StackId> all = new TreeSet<>(stack.dependsOn());
        all.addAll(row.allDependsOn());
        return List.copyOf(all);
    }

    /** After a clean check: the outputs file must exist with the expected keys, else it is rewritten from the state. */
    private static void verifyOutputs(final RunContext run, final StackConfig stack, final Map<String, String> env,
            final Outputs settings) throws InterruptedException {
        OutputsResult outputs = run.adapter(stack.tool()).outputs(run.call(stack, "outputs", env));
        if (!outputs.succeeded()) {
            run.note(stack.id() + ": cannot verify the outputs file " + settings.file() + ": " + outputs.reason());
            return;
        }
        if (outputs.outputs().isEmpty()) {
            // no outputs yet: no file is written until the stack has some
            return;
        }
        Path file = run.root().resolve(settings.file());
        if (OutputsFile.holdsKeys(file, OutputsFile.expectedKeys(settings, outputs.outputs()))) {
            return;
        }
        try {
            OutputsFile.write(file, settings, outputs.outputs());
            run.note(stack.id() + ": outputs file " + settings.file() + " was missing or incomplete; rewritten from the state");
        } catch (IOException e) {
            run.note(stack.id() + ": cannot write the outputs file " + settings.file() + ": " + IoProblem.of(e));
        }
    }
}
