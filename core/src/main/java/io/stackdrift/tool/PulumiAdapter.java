package io.stackdrift.tool;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.node.NullNode;

import io.stackdrift.config.StackConfig;
import io.stackdrift.model.Directories;
import io.stackdrift.model.IoProblem;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.plan.FailureReasons;
import io.stackdrift.plan.PlanSummary;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.spi.ToolSettings;

/**
 * Pulumi: {@code preview --refresh} or {@code refresh --preview-only} digests read by the plan readers,
 * stack references turned into stack ids; a preview saves an update plan, and {@code up} runs only with the
 * update plan of a successful preview of this run, which holds it to what was reviewed
 * (see {@link PulumiCommands#up}). A destroy runs only after this run's {@code destroy --preview-only} of the
 * stack (see {@link PulumiCommands#destroy}).
 */
public final class PulumiAdapter implements ToolAdapter {
    /** How {@code stack output --json --show-secrets=false} prints a secret instead of its value. */
    static final String SECRET = "[secret]";

    /** No update check on every run: it slows each command and writes to stderr. */
    private static final Map<String, String> QUIET = Map.of("PULUMI_SKIP_UPDATE_CHECK", "true");

    private final PulumiCommands commands;
    private final ToolProcess process;
    private final PlanReading reading;
    private final StackReferenceResolver references;
    private final PlansOfThisRun plans = new PlansOfThisRun();

    public PulumiAdapter(final ToolSettings settings, final ProcessRunner runner, final PlanReading reading,
            final StackReferenceResolver references) {
        this.commands = new PulumiCommands(settings.executable(Tool.PULUMI));
        this.process = new ToolProcess(Tool.PULUMI, settings, runner, QUIET);
        this.reading = Objects.requireNonNull(reading, "reading");
        this.references = Objects.requireNonNull(references, "references");
    }

    @Override
    public StackPlan plan(final StackCall call, final PlanPurpose purpose, final Set<StackId> knownStacks) throws InterruptedException {
        ToolProcess.Deadline deadline = process.deadline();
        StackConfig stack = call.stack();
        plans.forget(stack.id());
        Path work = call.workDir().toAbsolutePath();
        boolean driftCheck = purpose == PlanPurpose.DRIFT_CHECK;
        boolean destroy = purpose == PlanPurpose.DESTROY;
        // only a preview saves an update plan: a drift check never applies, and destroy takes none (see destroyPreview)
        boolean savesPlan = purpose == PlanPurpose.PREVIEW;
        Path digest = work.resolve(driftCheck ? "drift.json" : destroy ? "destroy.json" : "preview.json");
        String name = stackName(stack);
        Path updatePlan = work.resolve(fileName(name) + ".pulumi-plan.json");
        try {
            Directories.ensure(work);
            Files.deleteIfExists(digest);
            // an older update plan must never pass for this run's
            Files.deleteIfExists(updatePlan);
        } catch (IOException e) {
            return PlansOfThisRun.failed(stack, purpose, "cannot prepare the work directory " + work + ": " + IoProblem.of(e));
        }
        List<String> command = switch (purpose) {
            case DRIFT_CHECK -> commands.driftCheck(name);
            case DESTROY -> commands.destroyPreview(name);
            case PREVIEW -> commands.preview(name, true, updatePlan);
        };
        String what = switch (purpose) {
            case DRIFT_CHECK -> "pulumi refresh --preview-only";
            case DESTROY -> "pulumi destroy --preview-only";
            case PREVIEW -> "pulumi preview";
        };
        ToolProcess.Outcome previewed = process.run(what, command, call.directory(),
                savesPlan ? withUpdatePlans(call.environment()) : call.environment(), digest, deadline);
        if (!previewed.ran()) {
            return PlansOfThisRun.failed(stack, purpose, previewed.reason());
        }
        if (previewed.exitCode() != 0) {
            return PlansOfThisRun.failed(stack, purpose, failureOf(stack, previewed, purpose));
        }
        if (savesPlan && !Files.isRegularFile(updatePlan)) {
            return PlansOfThisRun.failed(stack, purpose, what
                    + " exited with 0 but saved no update plan (--save-plan needs Pulumi v3.24.1 or later)");
        }
        PlanSummary summary = reading.read(Tool.PULUMI, purpose, digest);
        if (summary.failed()) {
            return PlansOfThisRun.failed(stack, purpose, summary.failureReason().isEmpty()
                    ? "the digest of " + what + " could not be read" : FailureReason.cut(summary.failureReason()));
        }
        List<StackId> dependsOn = dependencies(stack, summary.stackReferences(), knownStacks);
        StackPlan plan = new StackPlan(PlansOfThisRun.succeeded(stack, summary, purpose, dependsOn), purpose,
                savesPlan ? Optional.of(updatePlan) : Optional.empty(), summary.toolVersion(), Map.of(), Optional.of(digest));
        plans.remember(plan);
        return plan;
    }

    @Override
    public ApplyResult apply(final StackCall call, final StackPlan plan) throws InterruptedException {
        ToolProcess.Deadline deadline = process.applyDeadline();
        Optional<String> refusal = plans.take(call.id(), plan);
        if (refusal.isPresent()) {
            return ApplyResult.failure(refusal.get());
        }
        if (plan.purpose() == PlanPurpose.DESTROY) {
            return destroy(call, deadline);
        }
        Optional<Path> updatePlan = plan.planFile().filter(Files::isRegularFile);
        if (updatePlan.isEmpty()) {
            return ApplyResult.failure(PlansOfThisRun.NO_PLAN);
        }
        Path work = call.workDir().toAbsolutePath();
        try {
            Directories.ensure(work);
        } catch (IOException e) {
            return ApplyResult.failure("cannot prepare the work directory " + work + ": " + IoProblem.of(e));
        }
        // an update that would leave the plan fails (its diagnostic names the resource); nothing falls back to a plain up
        ToolProcess.Outcome up = process.run("pulumi up", commands.up(stackName(call.stack()), updatePlan.get()),
                call.directory(), withUpdatePlans(call.environment()), work.resolve("up.log"), deadline);
        return up.exitedWith(0) ? ApplyResult.success() : ApplyResult.failure(failureOf(call.stack(), up, PlanPurpose.PREVIEW));
    }

    /**
     * {@code pulumi destroy} after this run's {@code destroy --preview-only} of the stack (checked by the caller):
     * Pulumi cannot hold a destroy to a saved plan, so the destroy deletes what the state holds when it runs — the
     * per-stack lock keeps other deploys of this job out in between (docs/tools.md, Freshness).
     */
    private ApplyResult destroy(final StackCall call, final ToolProcess.Deadline deadline) throws InterruptedException {
        StackConfig stack = call.stack();
        Path work = call.workDir().toAbsolutePath();
        try {
            Directories.ensure(work);
        } catch (IOException e) {
            return ApplyResult.failure("cannot prepare the work directory " + work + ": " + IoProblem.of(e));
        }
        ToolProcess.Outcome destroyed = process.run("pulumi destroy", commands.destroy(stackName(stack)),
                call.directory(), call.environment(), work.resolve("destroy.log"), deadline);
        return destroyed.exitedWith(0) ? ApplyResult.success() : ApplyResult.failure(failureOf(stack, destroyed, PlanPurpose.DESTROY));
    }

    @Override
    public OutputsResult outputs(final StackCall call) throws InterruptedException {
        ToolProcess.Deadline deadline = process.deadline();
        StackConfig stack = call.stack();
        Path work = call.workDir().toAbsolutePath();
        Path file = work.resolve("outputs.json");
        try {
            Directories.ensure(work);
        } catch (IOException e) {
            return OutputsResult.failure("cannot prepare the work directory " + work + ": " + IoProblem.of(e));
        }
        ToolProcess.Outcome read = process.run("pulumi stack output", commands.outputs(stackName(stack)),
                call.directory(), call.environment(), file, deadline);
        if (!read.exitedWith(0)) {
            return OutputsResult.failure(withMeaning(stack, read));
        }
        return ToolJson.outputs(file, "pulumi stack output --json", entry -> {
            boolean secret = SECRET.equals(entry.getValue().asText(null));
            // a secret's value is never read: the placeholder is not a value to write anywhere
            return new StackOutput(entry.getKey(), secret ? NullNode.getInstance() : entry.getValue(), secret);
        });
    }

    @Override
    public ToolRun providersSchema(final StackCall call) {
        return new ToolRun(false, "Pulumi has no provider schema: ignore paths are not used for Pulumi stacks "
                + "(use the program's ignoreChanges option)", Optional.empty());
    }

    @Override
    public String version(final StackCall call) throws InterruptedException {
        ToolProcess.Deadline deadline = process.deadline();
        Path work = call.workDir().toAbsolutePath();
        Path file = work.resolve("version.txt");
        try {
            Directories.ensure(work);
            ToolProcess.Outcome version = process.run("pulumi version", commands.version(), call.directory(),
                    call.environment(), file, deadline);
            if (!version.exitedWith(0)) {
                return "";
            }
            String first = Files.readAllLines(file, StandardCharsets.UTF_8).stream().map(String::strip)
                    .filter(line -> !line.isEmpty()).findFirst().orElse("");
            return first.startsWith("v") ? first.substring(1) : first;
        } catch (IOException e) {
            return "";
        }
    }

    /** The Pulumi stack: the stack's name, else the part of its id after the project. */
    static String stackName(final StackConfig stack) {
        if (stack.name() != null && !stack.name().isBlank()) {
            return stack.name();
        }
        String id = stack.id().value();
        return id.substring(id.lastIndexOf(':') + 1);
    }

    /** Resolved ids, without the stack itself, each once, in id order. */
    private List<StackId> dependencies(final StackConfig stack, final List<String> names, final Set<StackId> knownStacks) {
        if (names.isEmpty()) {
            return List.of();
        }
        Set<StackId> ids = new TreeSet<>(references.resolve(names, projectOf(stack), stackName(stack), knownStacks));
        ids.remove(stack.id());
        return List.copyOf(ids);
    }

    /** The stack's variables over the switch that older Pulumi versions need for update plans. */
    private static Map<String, String> withUpdatePlans(final Map<String, String> environment) {
        Map<String, String> merged = new LinkedHashMap<>(PulumiCommands.UPDATE_PLANS);
        merged.putAll(environment);
        return merged;
    }

    /** A stack name as a file name: {@code org/prod} becomes {@code org_prod}. */
    static String fileName(final String stackName) {
        return stackName.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** The project: a Pulumi stack id is {@code project:stack}, and project names have no colon. */
    static String projectOf(final StackConfig stack) {
        String id = stack.id().value();
        int colon = id.indexOf(':');
        return colon < 0 ? id : id.substring(0, colon);
    }

    /**
     * The error diagnostic of the JSON the command printed (the digest of a preview, the engine events of
     * {@code up --json} and {@code destroy --json}): the resource it is about, never its message; else the exit code
     * and what it means. Never a line of stderr: Pulumi prints a program's errors there as they are.
     */
    private String failureOf(final StackConfig stack, final ToolProcess.Outcome outcome, final PlanPurpose purpose) {
        if (outcome.ran() && hasContent(outcome.stdoutFile())) {
            PlanSummary summary = reading.read(Tool.PULUMI, purpose, outcome.stdoutFile());
            if (summary.failed() && summary.failureReason().startsWith(FailureReasons.PULUMI_DIAGNOSTIC)) {
                return outcome.reason(Optional.of(summary.failureReason()));
            }
        }
        return withMeaning(stack, outcome);
    }

    private static boolean hasContent(final Path file) {
        try {
            return Files.size(file) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** The fixed reason of a failure without a diagnostic: the step, the stack, the exit code and what it means. */
    private static String withMeaning(final StackConfig stack, final ToolProcess.Outcome outcome) {
        if (!outcome.ran()) {
            return outcome.reason();
        }
        return outcome.what() + " failed for stack " + stackName(stack) + " with exit code " + outcome.exitCode() + " ("
                + PulumiCommands.meaning(outcome.exitCode()) + "; see the console log)";
    }
}
