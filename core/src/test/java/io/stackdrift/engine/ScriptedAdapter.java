package io.stackdrift.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.stackdrift.config.StackConfig;
import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.tool.ApplyResult;
import io.stackdrift.tool.OutputsResult;
import io.stackdrift.tool.PlanPurpose;
import io.stackdrift.tool.StackCall;
import io.stackdrift.tool.StackOutput;
import io.stackdrift.tool.StackPlan;
import io.stackdrift.tool.ToolAdapter;
import io.stackdrift.tool.ToolRun;

/**
 * An in-memory tool for engine scenarios: each stack has scripted preview / check results, an apply that
 * succeeds or fails, and outputs. Every call is logged ("preview a", "check a", "apply a", ...) in one
 * shared, ordered list, so tests can see order across stacks. Like the real adapters it refuses to apply a
 * stack it did not plan in this run (one adapter per run), and an apply makes the stack's next preview clean.
 */
final class ScriptedAdapter implements ToolAdapter {
    /** What the scripted "infrastructure" of one stack looks like. */
    static final class Script {
        List<Change> pending = List.of();
        List<Change> drift = List.of();
        List<StackId> dependsOn = List.of();
        String previewFailure = "";
        String applyFailure = "";
        List<StackOutput> outputs = List.of();
        String outputsFailure = "";
        /** Thrown by the plan, as an I/O failure deep in a reader or the file system would be. */
        RuntimeException planThrows;
        boolean interruptApply;
        int sleepApplySeconds;
        /** Records "applied ID" when an apply returns, for tests of what ran while it ran. */
        boolean recordApplyEnd;
        /** Whether the stack's resources exist: a destroy plan deletes them, a deploy creates them. */
        boolean exists = true;
        String destroyFailure = "";
        /** False for a tool whose preview lists no drift, only the changes that put it back (Pulumi). */
        boolean previewShowsDrift = true;
        /** The tool's state holds nothing: a drift check finds the stack never deployed. */
        boolean stateEmpty;
    }

    /** The world all of a test's adapters share (the runs come and go; the infrastructure stays). */
    static final class World {
        final Map<StackId, Script> scripts = new ConcurrentHashMap<>();
        final List<String> calls = Collections.synchronizedList(new ArrayList<>());

        Script stack(final String id) {
            return scripts.computeIfAbsent(StackId.of(id), k -> new Script());
        }

        List<String> callsFor(final String verb) {
            synchronized (calls) {
                return calls.stream().filter(c -> c.startsWith(verb + " ")).map(c -> c.substring(verb.length() + 1)).toList();
            }
        }
    }

    /**
     * The process port of scripted scenarios: no tool process runs; {@code git} (the digest's file list) is not found,
     * so the digest walks the disk.
     */
    static final ProcessRunner NO_PROCESSES = spec -> {
        if (spec.command().get(0).equals("git")) {
            return new ProcessResult(-1, spec.stdoutFile(), "", false, true);
        }
        throw new AssertionError("no process runs in scripted scenarios: " + spec.command());
    };

    private final World world;
    private final Set<StackId> plannedThisRun = Collections.synchronizedSet(new HashSet<>());

    ScriptedAdapter(final World world) {
        this.world = world;
    }

    static Change change(final Action action, final String address, final Cause cause, final String... paths) {
        String type = address.substring(0, address.indexOf('.'));
        return new Change(action, type, address, List.of(paths), cause);
    }

    @Override
    public StackPlan plan(final StackCall call, final PlanPurpose purpose, final Set<StackId> knownStacks) throws InterruptedException {
        StackConfig stack = call.stack();
        world.calls.add(switch (purpose) {
            case PREVIEW -> "preview ";
            case DRIFT_CHECK -> "check ";
            case DESTROY -> "destroy-plan ";
        } + stack.id());
        Script script = world.stack(stack.id().value());
        if (script.planThrows != null) {
            throw script.planThrows;
        }
        if (!script.previewFailure.isEmpty()) {
            return new StackPlan(Row.of(stack.id(), stack.tool(), stack.dir(), RowState.FAILED, script.previewFailure), purpose,
                    Optional.empty(), "1.0", Map.of());
        }
        plannedThisRun.add(stack.id());
        if (purpose == PlanPurpose.DESTROY) {
            List<Change> deletes = script.exists ? List.of(change(Action.DELETE, "aws_vpc.main", Cause.CODE)) : List.of();
            Row row = Row.of(stack.id(), stack.tool(), stack.dir(), RowState.of(!deletes.isEmpty(), !script.drift.isEmpty()), "")
                    .withChanges(deletes).withDrift(script.drift);
            return new StackPlan(row, purpose, Optional.empty(), "1.0", Map.of());
        }
        if (purpose == PlanPurpose.DRIFT_CHECK && script.stateEmpty) {
            return new StackPlan(Row.of(stack.id(), stack.tool(), stack.dir(), RowState.NOT_DEPLOYED, "never deployed"), purpose,
                    Optional.empty(), "1.0", Map.of());
        }
        List<Change> pending = purpose == PlanPurpose.PREVIEW ? script.pending : List.of();
        List<StackId> dependsOn = purpose == PlanPurpose.PREVIEW ? script.dependsOn : List.of();
        List<Change> drift = purpose == PlanPurpose.PREVIEW && !script.previewShowsDrift ? List.of() : script.drift;
        Row row = Row.of(stack.id(), stack.tool(), stack.dir(), RowState.of(!pending.isEmpty(), !drift.isEmpty()), "")
                .withChanges(pending).withDrift(drift).withDependsOn(dependsOn);
        return new StackPlan(row, purpose, Optional.empty(), "1.0", Map.of());
    }

    @Override
    public ApplyResult apply(final StackCall call, final StackPlan plan) throws InterruptedException {
        StackConfig stack = call.stack();
        boolean destroy = plan.purpose() == PlanPurpose.DESTROY;
        world.calls.add((destroy ? "destroy " : "apply ") + stack.id());
        if (!plannedThisRun.contains(stack.id())) {
            return ApplyResult.failure("no plan from this run; refusing to apply");
        }
        Script script = world.stack(stack.id().value());
        if (destroy) {
            if (script.interruptApply) {
                throw new InterruptedException("killed");
            }
            if (!script.destroyFailure.isEmpty()) {
                return ApplyResult.failure(script.destroyFailure);
            }
            script.exists = false;
            script.drift = List.of();
            // the code still declares the resources: the next preview creates them again
            script.pending = List.of(change(Action.CREATE, "aws_vpc.main", Cause.CODE));
            return ApplyResult.success();
        }
        if (script.interruptApply) {
            throw new InterruptedException("killed");
        }
        if (script.sleepApplySeconds > 0) {
            Thread.sleep(script.sleepApplySeconds * 1000L);
        }
        if (script.recordApplyEnd) {
            world.calls.add("applied " + stack.id());
        }
        if (!script.applyFailure.isEmpty()) {
            return ApplyResult.failure(script.applyFailure);
        }
        script.pending = List.of();
        script.drift = List.of();
        script.exists = true;
        return ApplyResult.success();
    }

    @Override
    public OutputsResult outputs(final StackCall call) {
        StackConfig stack = call.stack();
        world.calls.add("outputs " + stack.id());
        Script script = world.stack(stack.id().value());
        return script.outputsFailure.isEmpty() ? new OutputsResult(true, "", script.outputs) : OutputsResult.failure(script.outputsFailure);
    }

    @Override
    public ToolRun providersSchema(final StackCall call) {
        return new ToolRun(false, "no schema in scripted scenarios", Optional.empty());
    }

    @Override
    public String version(final StackCall call) {
        return "1.0";
    }
}
