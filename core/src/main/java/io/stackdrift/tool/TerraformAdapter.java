package io.stackdrift.tool;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;

import io.stackdrift.config.StackConfig;
import io.stackdrift.engine.spi.ProcessRunner;
import io.stackdrift.engine.spi.ToolSettings;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.plan.PlanSummary;

/**
 * Terraform and OpenTofu: init, workspace, a saved plan (preview, drift check or destroy), {@code show -json} of
 * it read by the plan readers, and apply of exactly that saved plan. Every file goes to the run's work directory; the
 * processes run in the stack directory.
 */
public final class TerraformAdapter implements ToolAdapter {
    /** Terraform's own switch for output meant for automation (no "run terraform apply" hints). */
    private static final Map<String, String> AUTOMATION = Map.of("TF_IN_AUTOMATION", "1");

    private final Tool tool;
    private final TerraformCommands commands;
    private final ToolProcess process;
    private final PlanReading reading;
    private final ObjectMapper json = new ObjectMapper();
    private final PlansOfThisRun plans = new PlansOfThisRun();
    /** Unnamed stacks whose directory the configuration also runs as named workspaces (see {@link #withWorkspace}). */
    private final Set<StackId> sharedWithWorkspaces = java.util.concurrent.ConcurrentHashMap.newKeySet();

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
    public StackPlan plan(final StackConfig stack, final Path repositoryRoot, final PlanPurpose purpose, final Path workDir,
            final Map<String, String> environment, final Set<StackId> knownStacks) throws InterruptedException {
        ToolProcess.Deadline deadline = process.deadline();
        noteSharedDirectory(stack, knownStacks);
        Map<String, String> env = withWorkspace(stack, environment);
        plans.forget(stack.id());
        Path dir = stack.directory(repositoryRoot);
        String prefix = switch (purpose) {
            case DRIFT_CHECK -> "drift";
            case DESTROY -> "destroy";
            case PREVIEW -> "preview";
        };
        Path work = workDir.toAbsolutePath();
        Path planFile = work.resolve(prefix + ".tfplan");
        try {
            Files.createDirectories(work);
            // an older plan file must never pass for this run's
            Files.deleteIfExists(planFile);
        } catch (IOException e) {
            return PlansOfThisRun.failed(stack, purpose, "cannot prepare the work directory " + work + ": " + e.getMessage());
        }
        Optional<String> ready = prepare(stack, dir, work, env, purpose == PlanPurpose.PREVIEW, deadline);
        if (ready.isPresent()) {
            return PlansOfThisRun.failed(stack, purpose, ready.get());
        }
        ToolProcess.Outcome planned = process.run(word("plan"), commands.plan(purpose, planFile), dir, env,
                work.resolve(prefix + "-plan.log"), deadline);
        if (!planned.exitedWith(0, 2)) {
            return PlansOfThisRun.failed(stack, purpose, planned.reason());
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
        StackPlan plan = new StackPlan(PlansOfThisRun.succeeded(stack, summary, List.of()), purpose, Optional.of(planFile),
                summary.toolVersion(), summary.replacePaths());
        plans.remember(plan);
        return plan;
    }

    @Override
    public ApplyResult apply(final StackConfig stack, final Path repositoryRoot, final StackPlan plan, final Path workDir,
            final Map<String, String> environment) throws InterruptedException {
        ToolProcess.Deadline deadline = process.deadline();
        Map<String, String> env = withWorkspace(stack, environment);
        Optional<String> refusal = plans.take(stack.id(), plan);
        if (refusal.isPresent()) {
            return ApplyResult.failure(refusal.get());
        }
        Optional<Path> planFile = plan.planFile().filter(Files::isRegularFile);
        if (planFile.isEmpty()) {
            return ApplyResult.failure(PlansOfThisRun.NO_PLAN);
        }
        Path dir = stack.directory(repositoryRoot);
        Optional<String> workspace = selectWorkspace(stack, dir, workDir.toAbsolutePath(), env, false, deadline);
        if (workspace.isPresent()) {
            return ApplyResult.failure(workspace.get());
        }
        // a stale plan is refused by the tool itself; its message is the reason, nothing falls back.
        // A destroy plan is applied the same way: the saved file itself says it destroys.
        boolean destroy = plan.purpose() == PlanPurpose.DESTROY;
        ToolProcess.Outcome applied = process.run(word("apply"), commands.apply(planFile.get()), dir, env,
                workDir.toAbsolutePath().resolve(destroy ? "destroy-apply.log" : "apply.log"), deadline);
        return applied.exitedWith(0) ? ApplyResult.success() : ApplyResult.failure(applied.reason());
    }

    @Override
    public OutputsResult outputs(final StackConfig stack, final Path repositoryRoot, final Path workDir,
            final Map<String, String> environment) throws InterruptedException {
        ToolProcess.Deadline deadline = process.deadline();
        Path dir = stack.directory(repositoryRoot);
        Path work = workDir.toAbsolutePath();
        Map<String, String> env = withWorkspace(stack, environment);
        Optional<String> ready = prepare(stack, dir, work, env, false, deadline);
        if (ready.isPresent()) {
            return OutputsResult.failure(ready.get());
        }
        Path file = work.resolve("outputs.json");
        ToolProcess.Outcome read = process.run(word("output"), commands.output(), dir, env, file, deadline);
        if (!read.exitedWith(0)) {
            return OutputsResult.failure(read.reason());
        }
        try {
            JsonNode root = json.readTree(file.toFile());
            if (root == null || !root.isObject()) {
                return OutputsResult.failure(word("output -json") + " printed no JSON object");
            }
            List<StackOutput> outputs = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> entry = it.next();
                JsonNode output = entry.getValue();
                JsonNode value = output.has("value") ? output.get("value") : NullNode.getInstance();
                outputs.add(new StackOutput(entry.getKey(), value, output.path("sensitive").asBoolean(false)));
            }
            return new OutputsResult(true, "", outputs);
        } catch (JacksonException e) {
            // the parser's message may quote the output text, so it is not repeated
            return OutputsResult.failure(word("output -json") + " printed truncated or non-JSON output");
        } catch (IOException e) {
            return OutputsResult.failure("cannot read the outputs of " + word("output") + ": " + e.getMessage());
        }
    }

    @Override
    public ToolRun providersSchema(final StackConfig stack, final Path repositoryRoot, final Path workDir,
            final Map<String, String> environment) throws InterruptedException {
        ToolProcess.Deadline deadline = process.deadline();
        Path dir = stack.directory(repositoryRoot);
        Path work = workDir.toAbsolutePath();
        try {
            Files.createDirectories(work);
        } catch (IOException e) {
            return new ToolRun(false, "cannot prepare the work directory " + work + ": " + e.getMessage(), Optional.empty());
        }
        Map<String, String> env = withWorkspace(stack, environment);
        // the schema comes from the providers that init installed
        ToolProcess.Outcome init = process.run(word("init"), commands.init(), dir, env, work.resolve("init.log"), deadline);
        if (!init.exitedWith(0)) {
            return new ToolRun(false, init.reason(), Optional.empty());
        }
        Path file = work.resolve("providers-schema.json");
        ToolProcess.Outcome schema = process.run(word("providers schema"), commands.providersSchema(), dir, env, file, deadline);
        if (!schema.exitedWith(0)) {
            return new ToolRun(false, schema.reason(), Optional.empty());
        }
        return new ToolRun(true, "", Optional.of(file));
    }

    @Override
    public String version(final StackConfig stack, final Path repositoryRoot, final Path workDir,
            final Map<String, String> environment) throws InterruptedException {
        ToolProcess.Deadline deadline = process.deadline();
        Path work = workDir.toAbsolutePath();
        Path file = work.resolve("version.json");
        try {
            Files.createDirectories(work);
            ToolProcess.Outcome version = process.run(word("version"), commands.version(), stack.directory(repositoryRoot),
                    withWorkspace(stack, environment), file, deadline);
            if (!version.exitedWith(0)) {
                return "";
            }
            return json.readTree(file.toFile()).path("terraform_version").asText("");
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * The stack's variables, plus {@code TF_WORKSPACE=default} for an unnamed stack whose directory the
     * configuration also runs as named workspaces. Terraform plans in the workspace {@code TF_WORKSPACE} names,
     * else in the one {@code .terraform/environment} names, which the last {@code workspace select} in the
     * directory wrote; so after a named stack of the same directory, the unnamed one would plan and apply
     * against that workspace's state (seen with Terraform 1.11.4). Only then: with a {@code cloud} block the
     * default workspace does not exist and the CLI workspace is the configured one, so setting it always would
     * break those stacks. A stack's own {@code TF_WORKSPACE} still wins.
     */
    private Map<String, String> withWorkspace(final StackConfig stack, final Map<String, String> environment) {
        if (!sharedWithWorkspaces.contains(stack.id())) {
            return environment;
        }
        Map<String, String> merged = new java.util.LinkedHashMap<>();
        merged.put("TF_WORKSPACE", "default");
        merged.putAll(environment);
        return merged;
    }

    /** Remembers whether an unnamed stack's directory is also run as named workspaces (ids {@code DIR:NAME}). */
    private void noteSharedDirectory(final StackConfig stack, final Set<StackId> knownStacks) {
        String prefix = stack.id().value() + ":";
        if (isDefaultWorkspace(stack) && knownStacks.stream().anyMatch(id -> id.value().startsWith(prefix))) {
            sharedWithWorkspaces.add(stack.id());
        } else {
            sharedWithWorkspaces.remove(stack.id());
        }
    }

    private static boolean isDefaultWorkspace(final StackConfig stack) {
        return stack.name() == null || stack.name().isEmpty() || "default".equals(stack.name());
    }

    /** init, then the workspace of a named stack; a reason when either failed. */
    private Optional<String> prepare(final StackConfig stack, final Path dir, final Path work, final Map<String, String> environment,
            final boolean createWorkspace, final ToolProcess.Deadline deadline) throws InterruptedException {
        try {
            Files.createDirectories(work);
        } catch (IOException e) {
            return Optional.of("cannot prepare the work directory " + work + ": " + e.getMessage());
        }
        ToolProcess.Outcome init = process.run(word("init"), commands.init(), dir, environment, work.resolve("init.log"), deadline);
        if (!init.exitedWith(0)) {
            return Optional.of(init.reason());
        }
        return selectWorkspace(stack, dir, work, environment, createWorkspace, deadline);
    }

    private Optional<String> selectWorkspace(final StackConfig stack, final Path dir, final Path work,
            final Map<String, String> environment, final boolean create, final ToolProcess.Deadline deadline) throws InterruptedException {
        if (isDefaultWorkspace(stack)) {
            return Optional.empty();
        }
        String name = stack.name();
        ToolProcess.Outcome selected = process.run(word("workspace select"), commands.selectWorkspace(name, create), dir,
                environment, work.resolve("workspace.log"), deadline);
        return selected.exitedWith(0) ? Optional.empty() : Optional.of(selected.reason());
    }

    private String word(final String subcommand) {
        return tool.word() + " " + subcommand;
    }
}
