package io.stackdrift.engine;

import static io.stackdrift.engine.StackTasks.environment;
import static io.stackdrift.engine.StackTasks.finish;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.Outputs;
import io.stackdrift.config.StackConfig;
import io.stackdrift.deploy.Approval;
import io.stackdrift.deploy.DeployMode;
import io.stackdrift.deploy.Deployed;
import io.stackdrift.deploy.OutputsFile;
import io.stackdrift.deploy.StackDeployment;
import io.stackdrift.drift.CheckDecision;
import io.stackdrift.drift.DriftModes;
import io.stackdrift.drift.DriftRevert;
import io.stackdrift.drift.DueCheck;
import io.stackdrift.drift.ModeOutcome;
import io.stackdrift.graph.TaskOutcome;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.DeployMarker;
import io.stackdrift.record.StackStatus;
import io.stackdrift.tool.OutputsResult;
import io.stackdrift.tool.PlanPurpose;

/**
 * A drift check of the due stacks (docs/engine.md, "check"), in no order, each stack's drift mode applied to what it
 * found; mode correct deploys the stack when its plan only puts the drift back.
 */
final class DriftCheckRun implements RunBody {
    @Override
    public void run(final RunContext run) throws InterruptedException {
        Map<StackId, StackStatus> statuses = run.services().history().stackStatuses();
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
                run.request().changedFiles(), Instant.ofEpochMilli(run.startedAt()), DueCheck.Modules.onDisk(run.root())));
        Map<StackId, CheckDecision> toRun = new LinkedHashMap<>();
        for (CheckDecision decision : decisions) {
            if (decision.action() == CheckDecision.Action.SKIP) {
                StackConfig stack = run.stack(decision.stack());
                finish(run, Row.withReason(stack.id(), stack.tool(), stack.dir(), RowState.SKIPPED, decision.reason()));
            } else {
                toRun.put(decision.stack(), decision);
            }
        }
        StackTasks.runUnordered(run, List.copyOf(toRun.keySet()), id -> checkOne(run, run.stack(id), toRun.get(id)));
    }

    private static TaskOutcome checkOne(final RunContext run, final StackConfig stack, final CheckDecision decision)
            throws InterruptedException {
        Optional<Map<String, String>> env = environment(run, stack);
        if (env.isEmpty()) {
            return TaskOutcome.failed(run.row(stack.id()).reason());
        }
        Row row;
        if (decision.action() == CheckDecision.Action.PREVIEW) {
            // a push preview of a stack whose files changed: it includes drift, so the drift mode applies to it too
            run.progress("previewing " + stack.id() + " (" + stack.tool().word() + "): " + decision.reason());
            row = StackTasks.planRow(run, stack, PlanPurpose.PREVIEW, env.get());
        } else {
            run.progress("checking " + stack.id() + " (" + stack.tool().word() + ")…");
            row = StackTasks.planRow(run, stack, PlanPurpose.DRIFT_CHECK, env.get());
        }
        ModeOutcome mode = modeOutcome(stack, row);
        row = switch (mode.consequence()) {
            case DEPLOY -> corrected(run, stack, env.get(), row, mode);
            case AWAIT_APPROVAL -> row.withState(RowState.AWAITING_APPROVAL, mode.reason());
            case NOT_CHECKED -> row.withState(RowState.SKIPPED, mode.reason());
            case RECORD_ONLY -> !mode.reason().isEmpty() && row.state() != RowState.FAILED
                    ? row.withState(row.state(), mode.reason())
                    : row;
        };
        if (row.state() == RowState.IN_SYNC && stack.outputs().isPresent()) {
            verifyOutputs(run, stack, env.get(), stack.outputs().get());
        }
        finish(run, row);
        return StackTasks.outcomeOf(row);
    }

    /** Mode correct: a deploy in this run that puts the checked drift back, and the check's row saying how it went. */
    private static Row corrected(final RunContext run, final StackConfig stack, final Map<String, String> env, final Row checked,
            final ModeOutcome mode) throws InterruptedException {
        run.progress(ProgressText.of(checked));
        run.progress(stack.id() + ": " + mode.reason());
        Deployed deployed = new StackDeployment(run).deploy(stack, env, Optional.of(checked), DeployMode.CORRECTION, Approval.GIVEN);
        // a Pulumi stack's references come from the deploy's preview (a check sees none): keep them on the row
        Row row = checked.dependsOn().isEmpty() ? checked.withDependsOn(deployed.row().dependsOn()) : checked;
        if (deployed.withheld()) {
            // the fresh preview carries code changes nobody reviewed: nothing applied, no trail entry
            Row preview = deployed.row();
            return row.withChanges(preview.changes()).withState(RowState.PENDING_DRIFTED, preview.reason());
        }
        if (deployed.outcome().kind() == TaskOutcome.Kind.SUCCEEDED) {
            return row.withState(row.state(), "mode correct: put back by a deploy in this run");
        }
        // the drift stays listed on the row; the run is an error because the repair did not happen
        return row.withState(deployed.row().state() == RowState.FAILED ? RowState.FAILED : row.state(),
                "mode correct: the deploy that should put back the drift ended " + deployed.row().state().word()
                        + (deployed.row().reason().isEmpty() ? "" : ": " + deployed.row().reason()));
    }

    /**
     * The drift mode applied to a check's or a push preview's row. Mode correct only deploys when the row's changes do
     * no more than put its drift back ({@link DriftRevert}); any other change is code nobody reviewed as a deploy, so
     * the row is recorded (pending+drifted) and says why nothing was corrected.
     */
    private static ModeOutcome modeOutcome(final StackConfig stack, final Row row) {
        if (stack.drift().mode() == DriftMode.CORRECT && row.state().hasDrift()) {
            if (!DriftRevert.onlyReverts(row.changes(), row.drift())) {
                return new ModeOutcome(ModeOutcome.Consequence.RECORD_ONLY, ModeOutcome.BuildMark.DRIFT, DriftRevert.NOT_CORRECTED);
            }
            return DriftModes.outcome(DriftMode.CORRECT, RowState.DRIFTED);
        }
        return DriftModes.outcome(stack.drift().mode(), row.state());
    }

    /** After a clean check: the outputs file must exist with the expected keys, else it is rewritten from the state. */
    private static void verifyOutputs(final RunContext run, final StackConfig stack, final Map<String, String> env,
            final Outputs settings) throws InterruptedException {
        OutputsResult outputs = run.adapter(stack.tool()).outputs(stack, run.root(), run.workDir(stack, "outputs"), env);
        if (!outputs.succeeded()) {
            run.note(stack.id() + ": cannot verify the outputs file " + settings.file() + ": " + outputs.reason());
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
            run.note(stack.id() + ": cannot write the outputs file " + settings.file() + ": " + e.getMessage());
        }
    }
}
