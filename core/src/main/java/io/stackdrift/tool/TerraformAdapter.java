package io.stackdrift.tool;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;

import io.stackdrift.config.StackConfig;
import io.stackdrift.model.Directories;
import io.stackdrift.model.IoProblem;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.plan.PlanSummary;
import io.stackdrift.plan.TerraformDiagnostics;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.spi.ToolSettings;

/**
 * Terraform and OpenTofu: init, workspace, a saved plan (preview, drift check or destroy), {@code show -json} of
 * it read by the plan readers, and apply of exactly that saved plan. Every file goes to the run's work directory; the
 * processes run in the stack directory.
 */
public final class TerraformAdapter implements ToolAdapter {
    /** Terraform's own switch for output meant for automation (no "run terraform apply" hints). */
    private static final Map<String, String> AUTOMATION = Map.of("TF_IN_AUTOMATION", "1");
    /** The variable that names the workspace of every Terraform/OpenTofu process of a stack. */
    static final String WORKSPACE_VARIABLE = "TF_WORKSPACE";

    private final Tool tool;
    private final TerraformCommands commands;
    private final ToolProcess process;
    private final PlanReading reading;
    private final ObjectMapper json = ToolJson.MAPPER;
    private final PlansOfThisRun plans = new PlansOfThisRun();

    public TerraformAdapter(final Tool tool, final ToolSettings settings, final ProcessRunner runner, final PlanReading reading) {
        if (!tool.isTerraformFamily()) {
            throw new IllegalArgumentException(tool + " is not Terraform or OpenTofu");
        }
        this.tool = tool;
        this.commands = new TerraformCommands(settings.executable(tool));
        this.process = new ToolProcess(tool, settings, runner, AUTOMATION);
        this.reading = Objects.requireNonNull(reading, "reading");
    }

    @Override
    public StackPlan plan(final StackCall call, final PlanPurpose purpose, final Set<StackId> knownStacks) throws InterruptedException {
        plans.forget(call.id());
        StackPlan plan = planOnly(call, purpose, purpose == PlanPurpose.PREVIEW);
        plans.remember(plan);
        return plan;
    }

    @Override
    public StackPlan replaceProbe(final StackCall call, final PlanPurpose purpose) throws InterruptedException {
        // a probe is never the run's plan of the stack: not remembered, so it can never be applied
        return planOnly(call, PlanPurpose.PREVIEW, purpose == PlanPurpose.PREVIEW);
    }

    /** init, workspace, plan and show of the stack; a missing workspace is created only when {@code createWorkspace}. */
    private StackPlan planOnly(final StackCall call, final PlanPurpose purpose, final boolean createWorkspace)
            throws InterruptedException {
        ToolProcess.Deadline deadline = process.deadline();
        StackConfig stack = call.stack();
        Map<String, String> env = withWorkspace(call);
        Path dir = call.directory();
        String prefix = switch (purpose) {
            case DRIFT_CHECK -> "drift";
            case DESTROY -> "destroy";
            case PREVIEW -> "preview";
        };
        Path work = call.workDir().toAbsolutePath();
        Path planFile = work.resolve(prefix + ".tfplan");
        try {
            Directories.ensure(work);
            // an older plan file must never pass for this run's
            Files.deleteIfExists(planFile);
        } catch (IOException e) {
            return PlansOfThisRun.failed(stack, purpose, "cannot prepare the work directory " + work + ": " + IoProblem.of(e));
        }
        Optional<String> ready = prepare(stack, dir, work, env, createWorkspace, deadline);
        if (ready.isPresent()) {
            return PlansOfThisRun.failed(stack, purpose, ready.get());
        }
        Path planLog = work.resolve(prefix + "-plan.log");
        ToolProcess.Outcome planned = process.run(word("plan"), commands.plan(purpose, planFile), dir, env, planLog, deadline);
        if (!planned.exitedWith(0, 2)) {
            return PlansOfThisRun.failed(stack, purpose, planned.reason(TerraformDiagnostics.firstError(planLog)));
        }
        if (!Files.isRegularFile(planFile)) {
            return PlansOfThisRun.failed(stack, purpose, word("plan") + " exited with " + planned.exitCode() + " but wrote no plan file");
        }
        Path planJson = work.resolve(prefix + ".plan.json");
        ToolProcess.Outcome shown = process.run(word("show"), commands.show(planFile), dir, env, planJson, deadline);
        if (!shown.exitedWith(0)) {
            return PlansOfThisRun.failed(stack, purpose, shown.reason());
        }
        PlanSummary summary = reading.read(tool, purpose, planJson);
        if (summary.failed()) {
            return PlansOfThisRun.failed(stack, purpose, summary.failureReason().isEmpty()
                    ? "the plan JSON of " + word("show") + " could not be read" : FailureReason.cut(summary.failureReason()));
        }
        return new StackPlan(PlansOfThisRun.succeeded(stack, summary, purpose, List.of()), purpose, Optional.of(planFile),
                summary.toolVersion(), summary.replacePaths(), Optional.of(planJson));
    }

    @Override
    public ApplyResult apply(final StackCall call, final StackPlan plan) throws InterruptedException {
        ToolProcess.Deadline deadline = process.applyDeadline();
        Map<String, String> env = withWorkspace(call);
        Optional<String> refusal = plans.take(call.id(), plan);
        if (refusal.isPresent()) {
            return ApplyResult.failure(refusal.get());
        }
        Optional<Path> planFile = plan.planFile().filter(Files::isRegularFile);
        if (planFile.isEmpty()) {
            return ApplyResult.failure(PlansOfThisRun.NO_PLAN);
        }
        Path dir = call.directory();
        // the workspace is the one TF_WORKSPACE names, the plan's own: nothing to select
        // a stale plan is refused by the tool itself; its diagnostic summary is the reason, nothing falls back.
        // A destroy plan is applied the same way: the saved file itself says it destroys.
        boolean destroy = plan.purpose() == PlanPurpose.DESTROY;
        Path applyLog = call.workDir().toAbsolutePath().resolve(destroy ? "destroy-apply.log" : "apply.log");
        ToolProcess.Outcome applied = process.run(word("apply"), commands.apply(planFile.get()), dir, env, applyLog, deadline);
        return applied.exitedWith(0) ? ApplyResult.success()
                : ApplyResult.failure(applied.reason(TerraformDiagnostics.firstError(applyLog)));
    }

    @Override
    public OutputsResult outputs(final StackCall call) throws InterruptedException {
        ToolProcess.Deadline deadline = process.deadline();
        Path dir = call.directory();
        Path work = call.workDir().toAbsolutePath();
        Map<String, String> env = withWorkspace(call);
        Optional<String> ready = prepare(call.stack(), dir, work, env, false, deadline);
        if (ready.isPresent()) {
            return OutputsResult.failure(ready.get());
        }
        Path file = work.resolve("outputs.json");
        ToolProcess.Outcome read = process.run(word("output"), commands.output(), dir, env, file, deadline);
        if (!read.exitedWith(0)) {
            return OutputsResult.failure(read.reason());
        }
        return ToolJson.outputs(file, word("output -json"), entry -> {
            JsonNode output = entry.getValue();
            JsonNode value = output.has("value") ? output.get("value") : NullNode.getInstance();
            return new StackOutput(entry.getKey(), value, output.path("sensitive").asBoolean(false));
        });
    }

    @Override
    public ToolRun providersSchema(final StackCall call) throws InterruptedException {
        ToolProcess.Deadline deadline = process.deadline();
        Path dir = call.directory();
        Path work = call.workDir().toAbsolutePath();
        try {
            Directories.ensure(work);
        } catch (IOException e) {
            return new ToolRun(false, "cannot prepare the work directory " + work + ": " + IoProblem.of(e), Optional.empty());
        }
        Map<String, String> env = withWorkspace(call);
        // the schema comes from the providers that init installed
        Optional<String> initFailed = init(dir, work, env, deadline);
        if (initFailed.isPresent()) {
            return new ToolRun(false, initFailed.get(), Optional.empty());
        }
        Path file = work.resolve("providers-schema.json");
        ToolProcess.Outcome schema = process.run(word("providers schema"), commands.providersSchema(), dir, env, file, deadline);
        if (!schema.exitedWith(0)) {
            return new ToolRun(false, schema.reason(), Optional.empty());
        }
        return new ToolRun(true, "", Optional.of(file));
    }

    @Override
    public String version(final StackCall call) throws InterruptedException {
        ToolProcess.Deadline deadline = process.deadline();
        Path work = call.workDir().toAbsolutePath();
        Path file = work.resolve("version.json");
        try {
            Directories.ensure(work);
            ToolProcess.Outcome version = process.run(word("version"), commands.version(), call.directory(), withWorkspace(call), file,
                    deadline);
            if (!version.exitedWith(0)) {
                return "";
            }
            return json.readTree(file.toFile()).path("terraform_version").asText("");
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * The stack's variables plus {@code TF_WORKSPACE}: the stack's name, {@code default} for an unnamed stack.
     * Terraform otherwise works in the workspace {@code .terraform/environment} names, i.e. whatever the last
     * {@code workspace select} in the directory chose (another stack of it, or someone by hand), so a plan or an
     * apply could land in another workspace's state. The one exception: an unnamed stack whose code has a
     * {@code cloud} block, which has no {@code default} workspace and picks its own ({@link CloudBlock}). A stack's
     * own {@code TF_WORKSPACE} still wins.
     */
    private static Map<String, String> withWorkspace(final StackCall call) {
        StackConfig stack = call.stack();
        if (isDefaultWorkspace(stack) && CloudBlock.in(call.directory())) {
            return call.environment();
        }
        Map<String, String> merged = new LinkedHashMap<>();
        merged.put(WORKSPACE_VARIABLE, isDefaultWorkspace(stack) ? "default" : stack.name());
        merged.putAll(call.environment());
        return merged;
    }

    private static boolean isDefaultWorkspace(final StackConfig stack) {
        return stack.name() == null || stack.name().isEmpty() || "default".equals(stack.name());
    }

    /**
     * init, then the workspace of a named stack; a reason when either failed. A named stack's workspace must exist,
     * and only a preview creates a missing one. {@code workspace select} refuses to run while {@code TF_WORKSPACE} is
     * set, so the list is read and {@code workspace new} creates (Terraform allows it for the very name the variable
     * gives). With {@code TF_WORKSPACE} naming a missing workspace, init of the local backend creates it; so a step
     * that must not create reads the list before init, and again after init only when the list needed init first.
     */
    private Optional<String> prepare(final StackConfig stack, final Path dir, final Path work, final Map<String, String> environment,
            final boolean createWorkspace, final ToolProcess.Deadline deadline) throws InterruptedException {
        try {
            Directories.ensure(work);
        } catch (IOException e) {
            return Optional.of("cannot prepare the work directory " + work + ": " + IoProblem.of(e));
        }
        boolean named = !isDefaultWorkspace(stack);
        String name = environment.getOrDefault(WORKSPACE_VARIABLE, stack.name());
        Path listFile = work.resolve("workspaces.txt");
        Optional<Boolean> before = Optional.empty();
        if (named && !createWorkspace) {
            before = listed(dir, environment, listFile, name, deadline);
            if (before.isPresent() && !before.get()) {
                return Optional.of(missing(name));
            }
        }
        Optional<String> initFailed = init(dir, work, environment, deadline);
        if (initFailed.isPresent()) {
            return initFailed;
        }
        if (!named || before.isPresent()) {
            return Optional.empty();
        }
        ToolProcess.Outcome list = process.run(word("workspace list"), commands.listWorkspaces(), dir, environment, listFile, deadline);
        if (!list.exitedWith(0)) {
            return Optional.of(list.reason());
        }
        if (listsWorkspace(listFile, name)) {
            return Optional.empty();
        }
        if (!createWorkspace) {
            return Optional.of(missing(name));
        }
        ToolProcess.Outcome created = process.run(word("workspace new"), commands.newWorkspace(name), dir, environment,
                work.resolve("workspace.log"), deadline);
        return created.exitedWith(0) ? Optional.empty() : Optional.of(created.reason());
    }

    /**
     * {@code init}; why it failed, if it did. Its human output goes to the console log as it is; for the reason a failed
     * init runs once more with {@code -json} and its first error diagnostic is taken, as for a plan (never a line of
     * stderr). An init that passes the second time (a registry that answered late) lets the step go on.
     */
    private Optional<String> init(final Path dir, final Path work, final Map<String, String> environment,
            final ToolProcess.Deadline deadline) throws InterruptedException {
        ToolProcess.Outcome init = process.run(word("init"), commands.init(), dir, environment, work.resolve("init.log"), deadline);
        if (init.exitedWith(0)) {
            return Optional.empty();
        }
        if (!init.ran()) {
            return Optional.of(init.reason());
        }
        Path jsonLog = work.resolve("init-json.log");
        ToolProcess.Outcome again = process.run(word("init"), commands.initJson(), dir, environment, jsonLog, deadline);
        if (again.exitedWith(0)) {
            return Optional.empty();
        }
        return Optional.of(init.reason(TerraformDiagnostics.firstError(jsonLog)));
    }

    /** Whether the workspace list names {@code name}; empty when the list cannot be read yet (a backend not initialised). */
    private Optional<Boolean> listed(final Path dir, final Map<String, String> environment, final Path listFile, final String name,
            final ToolProcess.Deadline deadline) throws InterruptedException {
        ToolProcess.Outcome list = process.run(word("workspace list"), commands.listWorkspaces(), dir, environment, listFile, deadline);
        return list.exitedWith(0) ? Optional.of(listsWorkspace(listFile, name)) : Optional.empty();
    }

    private String missing(final String name) {
        return "the " + tool.word() + " workspace " + name + " does not exist; a preview creates it";
    }

    /** Whether {@code workspace list} printed {@code name} (one per line, the selected one after {@code * }). */
    private static boolean listsWorkspace(final Path listFile, final String name) {
        try (Stream<String> lines = Files.lines(listFile)) {
            return lines.map(String::strip).map(line -> line.startsWith("* ") ? line.substring(2).strip() : line)
                    .anyMatch(name::equals);
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    private String word(final String subcommand) {
        return tool.word() + " " + subcommand;
    }
}
