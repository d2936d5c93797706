package io.stackdrift.engine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import io.stackdrift.config.ConfigLoader;
import io.stackdrift.config.ConfigResult;
import io.stackdrift.config.DriftMode;
import io.stackdrift.config.Outputs;
import io.stackdrift.config.Policy;
import io.stackdrift.config.Problem;
import io.stackdrift.config.StackConfig;
import io.stackdrift.config.StacksConfig;
import io.stackdrift.deploy.StackLock;
import io.stackdrift.deploy.StackLockTimeoutException;
import io.stackdrift.digest.DeployDecision;
import io.stackdrift.digest.StackDigest;
import io.stackdrift.drift.CheckDecision;
import io.stackdrift.drift.DriftModes;
import io.stackdrift.drift.DueCheck;
import io.stackdrift.drift.FieldOwnership;
import io.stackdrift.drift.IgnorePath;
import io.stackdrift.drift.ModeOutcome;
import io.stackdrift.drift.OverrideFile;
import io.stackdrift.drift.OwnershipSplit;
import io.stackdrift.drift.Rejection;
import io.stackdrift.graph.GraphBuild;
import io.stackdrift.graph.PriorityWeights;
import io.stackdrift.graph.ScheduleOptions;
import io.stackdrift.graph.ScheduleResult;
import io.stackdrift.graph.SchedulerListener;
import io.stackdrift.graph.StackGraph;
import io.stackdrift.graph.StackResult;
import io.stackdrift.graph.StackScheduler;
import io.stackdrift.graph.StackSelection;
import io.stackdrift.graph.StackTask;
import io.stackdrift.graph.TaskOutcome;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.plan.PlanReader;
import io.stackdrift.plan.PlanReaders;
import io.stackdrift.plan.PulumiDigestReader;
import io.stackdrift.plan.StackReferences;
import io.stackdrift.plan.TerraformPlanReader;
import io.stackdrift.record.DeployMarker;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.StackStatus;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;
import io.stackdrift.tool.ApplyResult;
import io.stackdrift.tool.OutputsResult;
import io.stackdrift.tool.PlanPurpose;
import io.stackdrift.tool.PlanReading;
import io.stackdrift.tool.StackPlan;
import io.stackdrift.tool.StackReferenceResolver;
import io.stackdrift.tool.ToolAdapter;
import io.stackdrift.tool.ToolAdapters;
import io.stackdrift.tool.ToolRun;

/**
 * The engine's front door (spec §3–§8): one call per run kind. Every run reads the configuration (an invalid
 * one stops it before any tool runs), selects stacks, removes override files a killed run left, turns deploy
 * markers of dead runs into "interrupted" trail entries, runs the stacks, and saves one {@link RunRecord} to
 * the history. Decisions beyond the spec: docs/engine.md.
 *
 * <p>One engine may serve many runs; each run makes its own tool adapters, so a deploy applies only plans
 * made in that run (spec §5 freshness). Never throws for bad input or a failing tool: those become problems
 * or failed rows.
 */
public final class StackDriftEngine {
    /** Makes a run's adapter for one tool; the default wires {@link ToolAdapters} to the plan readers. */
    @FunctionalInterface
    interface AdapterFactory {
        ToolAdapter create(Tool tool, StackReferenceResolver references);
    }

    /** Trail reasons of a destroy start with this, so "failed" and "rehearsal" entries say what failed or was rehearsed. */
    private static final String DESTROY_PREFIX = "destroy: ";

    private final EngineServices services;
    private final Predicate<DeployMarker> stillRunning;
    private final AdapterFactory adapters;

    /** An engine that judges deploy markers as the CLI does ({@link HistoryStore#isRunningHere}). */
    public StackDriftEngine(final EngineServices services) {
        this(services, HistoryStore::isRunningHere);
    }

    /**
     * @param stillRunning whether the run that wrote a deploy marker is still going (Jenkins: the build named by
     *                     the marker's run id is building); markers of runs that are not become "interrupted"
     */
    public StackDriftEngine(final EngineServices services, final Predicate<DeployMarker> stillRunning) {
        this(services, stillRunning, null);
    }

    StackDriftEngine(final EngineServices services, final Predicate<DeployMarker> stillRunning, final AdapterFactory adapters) {
        this.services = services;
        this.stillRunning = stillRunning;
        this.adapters = adapters != null ? adapters : this::defaultAdapter;
    }

    /** Check mode (spec §3): reads files only. */
    public ConfigResult validate(final Path configFile, final Path repositoryRoot) {
        return ConfigLoader.load(configFile, repositoryRoot);
    }

    /** Previews every selected stack (spec §4): rows with pending changes, drift and depends-on. */
    public RunOutcome preview(final RunRequest request) {
        return execute(request, RunKind.PREVIEW, this::previewAll);
    }

    /** A drift check of the due stacks (spec §4, §5), applying each stack's drift mode. */
    public RunOutcome check(final RunRequest request) {
        return execute(request, RunKind.CHECK, this::checkAll);
    }

    /** A dependency-aware deploy (spec §6, §7); with {@link RunRequest#destroy()} a destroy in reverse dependency order. */
    public RunOutcome deploy(final RunRequest request) {
        return execute(request, RunKind.DEPLOY, request.destroy() ? this::destroyAll : this::deployAll);
    }

    // ----------------------------------------------------------------------------------------------
    // the frame every run shares

    @FunctionalInterface
    private interface Body {
        void run(Run run) throws InterruptedException;
    }

    private RunOutcome execute(final RunRequest request, final RunKind kind, final Body body) {
        long startedAt = services.clock().millis();
        ConfigResult result = validate(request.configFile(), request.repositoryRoot());
        if (!result.isValid()) {
            return RunOutcome.invalidConfig(result.problems(), result.warnings());
        }
        StacksConfig config = result.config();
        String fileName = request.configFile().toString().replace('\\', '/');
        Set<StackId> known = config.stacks().stream().map(StackConfig::id).collect(Collectors.toCollection(java.util.TreeSet::new));
        StackSelection.Resolved selection = StackSelection.of(request.stacks()).resolve(known);
        if (!selection.problems().isEmpty()) {
            List<Problem> problems = selection.problems().stream()
                    .map(line -> new Problem(fileName, 0, 0, line, "known stacks: " + abbreviated(known)))
                    .toList();
            return RunOutcome.invalidConfig(problems, result.warnings());
        }
        // configuration warnings are not progress: the host prints RunOutcome.warnings() once, in full (docs/engine.md)
        Run run = new Run(request, kind, config, selection.stacks().stream().map(id -> config.stack(id).orElseThrow()).toList(),
                known, startedAt);
        removeOverrideLeftovers(run);
        for (TrailEntry entry : services.history().recoverInterrupted(stillRunning)) {
            run.note(entry.stack() + ": an earlier deploy was interrupted (" + entry.reason() + ")");
        }
        boolean interrupted = false;
        try {
            body.run(run);
        } catch (InterruptedException e) {
            interrupted = true;
        }
        // the record must be saved even after an interrupt: clear the flag so file locks and channels work
        interrupted |= Thread.interrupted();
        List<Row> rows = new ArrayList<>();
        for (StackConfig stack : run.stacks) {
            Row row = run.rows.getOrDefault(stack.id(),
                    Row.withReason(stack.id(), stack.tool(), stack.dir(), RowState.SKIPPED, "run interrupted before it started"));
            rows.add(run.previewed.contains(stack.id()) ? row : keepDependencies(row, run.statusesAtStart.get(stack.id())));
        }
        RunRecord record = new RunRecord(request.runId(), kind, request.cause(), startedAt, services.clock().millis(), rows,
                run.trailSnapshot());
        services.history().save(record, run.deployDigests, Set.copyOf(run.forgetDeploys));
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return new RunOutcome(Optional.of(record), List.of(), result.warnings(), run.notesSnapshot());
    }

    /**
     * A row made without a preview in this run (skipped, failed before its tool, or a drift check — Pulumi's
     * {@code refresh --preview-only} does not run the program, so it never sees a stack reference) says nothing
     * about what the stack reads; it keeps the depends-on the stack was last seen with, so the next deploy's graph
     * keeps its auto edges. A preview's own row is left as it is: a failed preview has none (spec §4).
     */
    private static Row keepDependencies(final Row row, final StackStatus status) {
        if (!row.dependsOn().isEmpty() || status == null || status.dependsOn().isEmpty()) {
            return row;
        }
        return new Row(row.id(), row.tool(), row.dir(), row.state(), row.reason(), row.changes(), row.drift(), row.ownedElsewhere(),
                status.dependsOn());
    }

    /** The trail entry of a deploy or destroy this run's interrupt cut short. */
    private TrailEntry interrupted(final Run run, final StackId id, final long startedAt, final String what) {
        return new TrailEntry(id, run.request.runId(), startedAt, services.clock().millis(), TrailResult.INTERRUPTED, false, List.of(),
                "run " + run.request.runId() + " was interrupted during this " + what
                        + "; look at the stack's state before deploying it again");
    }

    private void removeOverrideLeftovers(final Run run) {
        for (StackConfig stack : run.stacks) {
            if (!stack.tool().isTerraformFamily()) {
                continue;
            }
            try {
                if (OverrideFile.removeLeftovers(stack.directory(run.root()))) {
                    run.note(stack.id() + ": removed " + OverrideFile.FILE_NAME + " left by a run that was killed");
                }
            } catch (IOException e) {
                run.note(stack.id() + ": cannot remove a leftover " + OverrideFile.FILE_NAME + ": " + e.getMessage());
            }
        }
    }

    private static String abbreviated(final Set<StackId> known) {
        List<String> ids = known.stream().map(StackId::value).toList();
        return ids.size() <= 10 ? String.join(", ", ids) : String.join(", ", ids.subList(0, 10)) + ", …";
    }

    // ----------------------------------------------------------------------------------------------
    // preview

    private void previewAll(final Run run) throws InterruptedException {
        runUnordered(run, run.stacks.stream().map(StackConfig::id).toList(), id -> {
            StackConfig stack = run.stack(id);
            Optional<Map<String, String>> env = environment(run, stack);
            if (env.isEmpty()) {
                return TaskOutcome.failed(run.rows.get(id).reason());
            }
            services.progress().line("previewing " + id + " (" + stack.tool().word() + ")…");
            Row row = planRow(run, stack, PlanPurpose.PREVIEW, env.get());
            finish(run, row);
            return row.state() == RowState.FAILED ? TaskOutcome.failed(row.reason()) : TaskOutcome.succeeded();
        });
    }

    // ----------------------------------------------------------------------------------------------
    // drift check

    private void checkAll(final Run run) throws InterruptedException {
        Map<StackId, StackStatus> statuses = services.history().stackStatuses();
        Set<StackId> running = services.history().deploysInProgress().stream().map(DeployMarker::stack).collect(Collectors.toSet());
        DueCheck.Trigger trigger = switch (run.request.startedBy()) {
            case SCHEDULE -> DueCheck.Trigger.SCHEDULED;
            case MANUAL -> DueCheck.Trigger.MANUAL;
            case PUSH -> DueCheck.Trigger.PUSH;
        };
        List<CheckDecision> decisions = DueCheck.decide(run.stacks, new DueCheck.Input(trigger, statuses, running,
                run.request.changedFiles(), Instant.ofEpochMilli(run.startedAt), DueCheck.Modules.onDisk(run.root())));
        Map<StackId, CheckDecision> toRun = new LinkedHashMap<>();
        for (CheckDecision decision : decisions) {
            if (decision.action() == CheckDecision.Action.SKIP) {
                StackConfig stack = run.stack(decision.stack());
                finish(run, Row.withReason(stack.id(), stack.tool(), stack.dir(), RowState.SKIPPED, decision.reason()));
            } else {
                toRun.put(decision.stack(), decision);
            }
        }
        runUnordered(run, List.copyOf(toRun.keySet()), id -> checkOne(run, run.stack(id), toRun.get(id)));
    }

    private TaskOutcome checkOne(final Run run, final StackConfig stack, final CheckDecision decision) throws InterruptedException {
        Optional<Map<String, String>> env = environment(run, stack);
        if (env.isEmpty()) {
            return TaskOutcome.failed(run.rows.get(stack.id()).reason());
        }
        Row row;
        if (decision.action() == CheckDecision.Action.PREVIEW) {
            // a push preview of a stack whose files changed: it includes drift, so the drift mode applies to it too
            services.progress().line("previewing " + stack.id() + " (" + stack.tool().word() + "): " + decision.reason());
            row = planRow(run, stack, PlanPurpose.PREVIEW, env.get());
        } else {
            services.progress().line("checking " + stack.id() + " (" + stack.tool().word() + ")…");
            row = planRow(run, stack, PlanPurpose.DRIFT_CHECK, env.get());
        }
        ModeOutcome mode = modeOutcome(stack, row);
        switch (mode.consequence()) {
            case DEPLOY -> {
                services.progress().line(ProgressText.of(row));
                services.progress().line(stack.id() + ": " + mode.reason());
                Deployed deployed = deployStack(run, stack, env.get(), Optional.of(row), true, false, true);
                // a Pulumi stack's references come from the deploy's preview (a check sees none): keep them on the row
                row = withDependsOn(row, deployed.row().dependsOn());
                if (deployed.withheld()) {
                    // the fresh preview carries code changes nobody reviewed: nothing applied, no trail entry
                    Row preview = deployed.row();
                    row = new Row(row.id(), row.tool(), row.dir(), RowState.PENDING_DRIFTED, preview.reason(), preview.changes(), row.drift(),
                            row.ownedElsewhere(), row.dependsOn());
                } else if (deployed.outcome().kind() == TaskOutcome.Kind.SUCCEEDED) {
                    row = row.withState(row.state(), "mode correct: put back by a deploy in this run");
                } else {
                    // the drift stays listed on the row; the run is an error because the repair did not happen
                    row = row.withState(deployed.row().state() == RowState.FAILED ? RowState.FAILED : row.state(),
                            "mode correct: the deploy that should put back the drift ended " + deployed.row().state().word()
                                    + (deployed.row().reason().isEmpty() ? "" : ": " + deployed.row().reason()));
                }
            }
            case AWAIT_APPROVAL -> row = row.withState(RowState.AWAITING_APPROVAL, mode.reason());
            case NOT_CHECKED -> row = row.withState(RowState.SKIPPED, mode.reason());
            case RECORD_ONLY -> {
                if (!mode.reason().isEmpty() && row.state() != RowState.FAILED) {
                    row = row.withState(row.state(), mode.reason());
                }
            }
        }
        if (row.state() == RowState.IN_SYNC && stack.outputs().isPresent()) {
            verifyOutputs(run, stack, env.get(), stack.outputs().get());
        }
        finish(run, row);
        return outcomeOf(row);
    }

    /** Why mode correct did not put drift back: the plan that would do it also applies code changes nobody reviewed. */
    static final String NOT_CORRECTED =
            "mode correct: not corrected — the stack also has code changes not deployed; deploy them to put the drift back";

    /**
     * The drift mode applied to a check's or a push preview's row. Mode correct only deploys when the row's changes do
     * no more than put its drift back ({@link #codeChanges}); any other change is code nobody reviewed as a deploy, so
     * the row is recorded (pending+drifted) and says why nothing was corrected.
     */
    private static ModeOutcome modeOutcome(final StackConfig stack, final Row row) {
        if (stack.drift().mode() == DriftMode.CORRECT && row.state().hasDrift()) {
            if (!codeChanges(row.changes(), row.drift()).isEmpty()) {
                return new ModeOutcome(ModeOutcome.Consequence.RECORD_ONLY, ModeOutcome.BuildMark.DRIFT, NOT_CORRECTED);
            }
            return DriftModes.outcome(DriftMode.CORRECT, RowState.DRIFTED);
        }
        return DriftModes.outcome(stack.drift().mode(), row.state());
    }

    /**
     * The changes of a plan that are not the revert of {@code drift}. Terraform lists putting drift back as a resource
     * change on the drifted address: a change on a drifted address whose paths all lie within that drift's paths (a
     * path equal to one, or below it) is the revert; a change without paths is the revert only of drift without paths
     * (a resource deleted or created outside the code). Everything else is a code change.
     */
    static List<Change> codeChanges(final List<Change> changes, final List<Change> drift) {
        Map<String, List<Change>> byAddress = drift.stream().collect(Collectors.groupingBy(Change::address));
        List<Change> code = new ArrayList<>();
        for (Change change : changes) {
            List<Change> drifted = byAddress.getOrDefault(change.address(), List.of());
            boolean revert = !drifted.isEmpty() && (change.paths().isEmpty()
                    ? drifted.stream().anyMatch(d -> d.paths().isEmpty())
                    : change.paths().stream().allMatch(path -> drifted.stream().anyMatch(d -> within(path, d.paths()))));
            if (!revert) {
                code.add(change);
            }
        }
        return code;
    }

    private static boolean within(final String path, final List<String> driftPaths) {
        for (String drifted : driftPaths) {
            if (path.equals(drifted) || path.startsWith(drifted + ".") || path.startsWith(drifted + "[")) {
                return true;
            }
        }
        return false;
    }

    private static Row withDependsOn(final Row row, final List<StackId> dependsOn) {
        if (dependsOn.isEmpty() || !row.dependsOn().isEmpty()) {
            return row;
        }
        return new Row(row.id(), row.tool(), row.dir(), row.state(), row.reason(), row.changes(), row.drift(), row.ownedElsewhere(), dependsOn);
    }

    /** After a clean check: the outputs file must exist with the expected keys, else it is rewritten from the state. */
    private void verifyOutputs(final Run run, final StackConfig stack, final Map<String, String> env, final Outputs settings)
            throws InterruptedException {
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

    // ----------------------------------------------------------------------------------------------
    // deploy

    private void deployAll(final Run run) throws InterruptedException {
        Map<StackId, Row> latest = services.history().latestRows();
        GraphBuild build = StackGraph.of(run.config, latest);
        for (String note : build.notes()) {
            run.note(note);
        }
        StackGraph graph = build.graph().restrictTo(run.stacks.stream().map(StackConfig::id).collect(Collectors.toSet()));
        Map<StackId, StackStatus> statuses = run.statusesAtStart;
        ScheduleOptions options = ScheduleOptions.deploy(run.parallelism()).withPriority(PriorityWeights.estimates(durations()));
        StackTask task = id -> {
            StackConfig stack = run.stack(id);
            Optional<Map<String, String>> env = environment(run, stack);
            if (env.isEmpty()) {
                return TaskOutcome.failed(run.rows.get(id).reason());
            }
            Optional<Deployed> skipped = policy(run, stack, env.get(), statuses, graph);
            if (skipped.isPresent()) {
                finish(run, skipped.get().row());
                return skipped.get().outcome();
            }
            Optional<Row> hadDrift = Optional.ofNullable(latest.get(id)).filter(r -> r.state().hasDrift());
            Deployed deployed = deployStack(run, stack, env.get(), hadDrift, run.request.approved(), run.request.rehearsal(), false);
            finish(run, deployed.row());
            return deployed.outcome();
        };
        schedule(run, graph, options, task, new SchedulerListener() {
            @Override
            public void stopping(final io.stackdrift.graph.StopMode mode) {
                services.progress().line("stopping: no stack starts any more"
                        + (mode == io.stackdrift.graph.StopMode.KILL_RUNNING ? "; running stacks are stopped" : "; running stacks finish"));
            }
        });
    }

    /** Spec §7: a stack the policy leaves alone is skipped (its dependents go on). */
    private Optional<Deployed> policy(final Run run, final StackConfig stack, final Map<String, String> env,
            final Map<StackId, StackStatus> statuses, final StackGraph graph) throws InterruptedException {
        String digest;
        try {
            digest = digestOf(run, stack, env, statuses, graph);
        } catch (IOException e) {
            Row row = Row.withReason(stack.id(), stack.tool(), stack.dir(), RowState.FAILED, "cannot compute the stack's digest: " + e.getMessage());
            return Optional.of(new Deployed(row, TaskOutcome.failed(row.reason())));
        }
        run.digests.put(stack.id(), digest);
        StackStatus status = statuses.get(stack.id());
        DeployDecision.LastDeploy last = status == null ? DeployDecision.LastDeploy.NEVER : DeployDecision.LastDeploy.of(status);
        DeployDecision decision = DeployDecision.decide(stack, digest, last, services.clock().instant());
        if (decision.verdict() == DeployDecision.Verdict.SKIP) {
            Row row = Row.withReason(stack.id(), stack.tool(), stack.dir(), RowState.SKIPPED, decision.reason());
            return Optional.of(new Deployed(row, TaskOutcome.skipped(decision.reason())));
        }
        services.progress().line(stack.id() + ": deploying (" + decision.reason() + ")");
        return Optional.empty();
    }

    private String digestOf(final Run run, final StackConfig stack, final Map<String, String> env,
            final Map<StackId, StackStatus> statuses, final StackGraph graph) throws IOException, InterruptedException {
        String version = run.adapter(stack.tool()).version(stack, run.root(), run.workDir(stack, "version"), env);
        String own = StackDigest.compute(run.root(), stack, run.config.stacks(), version);
        if (stack.policy() != Policy.ON_CHANGE_OR_DEPENDENCY) {
            return own;
        }
        Map<StackId, String> dependencies = new TreeMap<>();
        Set<StackId> ids = new java.util.TreeSet<>(stack.dependsOn());
        if (graph.contains(stack.id())) {
            ids.addAll(graph.dependenciesOf(stack.id()));
        }
        for (StackId dependency : ids) {
            // a dependency deployed in this run counts with its new digest
            String recorded = run.deployDigests.get(dependency);
            if (recorded == null) {
                StackStatus status = statuses.get(dependency);
                recorded = status == null ? "" : status.lastDeployDigest();
            }
            dependencies.put(dependency, recorded);
        }
        return StackDigest.withDependencies(own, dependencies);
    }

    private Map<StackId, Duration> durations() {
        Map<StackId, Duration> durations = new HashMap<>();
        for (TrailEntry entry : services.history().trail()) {
            if (entry.result() == TrailResult.DEPLOYED && entry.finishedAt() > entry.startedAt()) {
                durations.putIfAbsent(entry.stack(), Duration.ofMillis(entry.finishedAt() - entry.startedAt()));
            }
        }
        return durations;
    }

    /** @param withheld a correction that applied nothing because the fresh preview also carried code changes */
    private record Deployed(Row row, TaskOutcome outcome, boolean withheld) {
        Deployed(final Row row, final TaskOutcome outcome) {
            this(row, outcome, false);
        }
    }

    /**
     * The deploy path shared by {@code deploy} and by a drift check in mode correct: lock, marker, a preview made
     * now (after the stack's dependencies deployed in this run), then nothing to deploy / awaiting approval /
     * rehearsal / apply of exactly that preview, the trail entry, the outputs file and the digest.
     */
    private Deployed deployStack(final Run run, final StackConfig stack, final Map<String, String> env, final Optional<Row> hadDrift,
            final boolean approved, final boolean rehearsal, final boolean correction) throws InterruptedException {
        return underLock(run, stack, false, rehearsal, startedAt -> withOwnership(run, stack, env,
                reason -> failedDeploy(run, stack, startedAt, reason),
                accepted -> planAndApply(run, stack, env, hadDrift, approved, rehearsal, correction, accepted, startedAt)));
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
    private Deployed underLock(final Run run, final StackConfig stack, final boolean destroy, final boolean rehearsal,
            final LockedWork work) throws InterruptedException {
        if (rehearsal) {
            return work.run(services.clock().millis());
        }
        StackId id = stack.id();
        String purpose = destroy ? "destroy" : "deploy";
        StackLock lock;
        try {
            lock = services.locks().acquire(id, purpose);
        } catch (StackLockTimeoutException e) {
            return failedDeploy(run, stack, services.clock().millis(), (destroy ? DESTROY_PREFIX : "") + e.getMessage());
        }
        try (lock) {
            long startedAt = services.clock().millis();
            services.history().markDeployStarted(id, run.request.runId(), startedAt, destroy);
            try {
                return work.run(startedAt);
            } catch (InterruptedException e) {
                if (destroy) {
                    run.forgetDeploys.add(id);
                }
                run.trail(interrupted(run, id, startedAt, purpose));
                throw e;
            } finally {
                services.history().markDeployFinished(id);
            }
        }
    }

    private Deployed planAndApply(final Run run, final StackConfig stack, final Map<String, String> env, final Optional<Row> hadDrift,
            final boolean approved, final boolean rehearsal, final boolean correction, final List<IgnorePath> accepted,
            final long startedAt) throws InterruptedException {
        StackId id = stack.id();
        Path work = run.workDir(stack, "deploy");
        run.previewed.add(id);
        StackPlan plan = run.adapter(stack.tool()).plan(stack, run.root(), PlanPurpose.PREVIEW, work, env, run.known);
        Row row = split(plan.row(), accepted);
        if (row.state() == RowState.FAILED) {
            return failedDeploy(run, stack, startedAt, row.reason(), row);
        }
        if (row.changes().isEmpty() && row.drift().isEmpty()) {
            if (rehearsal) {
                // a rehearsal records no deploy, not even an empty one: the digest stays as it was
                run.trail(entry(run, id, startedAt, TrailResult.REHEARSAL, List.of(), "nothing to deploy"));
                return new Deployed(row.withState(RowState.IN_SYNC, "rehearsal: nothing to deploy"), TaskOutcome.nothingToDo());
            }
            run.trail(entry(run, id, startedAt, TrailResult.NOTHING_TO_DEPLOY, List.of(), ""));
            recordDigest(run, id);
            return new Deployed(row.withState(RowState.IN_SYNC, "nothing to deploy"), TaskOutcome.nothingToDo());
        }
        if (correction) {
            // a drift correction puts back the drift the check found and nothing else (fix on review: it shipped code changes)
            List<Change> checked = hadDrift.map(Row::drift).orElse(List.of());
            if (!codeChanges(row.changes(), checked).isEmpty()) {
                return new Deployed(row.withState(RowState.PENDING_DRIFTED, NOT_CORRECTED), TaskOutcome.succeeded(), true);
            }
        }
        boolean awaitsApproval = stack.drift().mode() == DriftMode.APPROVE && !approved;
        if (rehearsal) {
            // a rehearsal plans everything in order (spec §6): an approve-mode stack says it would wait, and its dependents are planned
            String note = awaitsApproval ? "would await approval" : "";
            run.trail(entry(run, id, startedAt, TrailResult.REHEARSAL, List.of(), note));
            return new Deployed(row.withState(row.state(), "rehearsal: planned, nothing applied" + (awaitsApproval ? "; would await approval" : "")),
                    TaskOutcome.succeeded());
        }
        if (awaitsApproval) {
            String reason = "mode approve: deploy with approval to apply these changes";
            return new Deployed(row.withState(RowState.AWAITING_APPROVAL, reason), TaskOutcome.awaitingApproval(reason));
        }
        services.progress().line("applying " + id + " (" + stack.tool().word() + ")…");
        ApplyResult applied = run.adapter(stack.tool()).apply(stack, run.root(), plan, work, env);
        if (!applied.succeeded()) {
            return failedDeploy(run, stack, startedAt, applied.reason(), row);
        }
        List<String> restored = restoredPaths(row, hadDrift);
        run.trail(entry(run, id, startedAt, TrailResult.DEPLOYED, restored, ""));
        recordDigest(run, id);
        Row deployed = new Row(id, stack.tool(), stack.dir(), RowState.IN_SYNC,
                restored.isEmpty() ? "deployed" : "deployed: put back what changed outside the code",
                List.of(), List.of(), row.ownedElsewhere(), row.dependsOn());
        if (stack.outputs().isPresent()) {
            Optional<String> problem = writeOutputs(run, stack, env, stack.outputs().get());
            if (problem.isPresent()) {
                deployed = deployed.withState(RowState.FAILED, "deployed, but " + problem.get());
                return new Deployed(deployed, TaskOutcome.failed(deployed.reason()));
            }
        }
        return new Deployed(deployed, TaskOutcome.succeeded());
    }

    private Optional<String> writeOutputs(final Run run, final StackConfig stack, final Map<String, String> env,
            final Outputs settings) throws InterruptedException {
        OutputsResult outputs = run.adapter(stack.tool()).outputs(stack, run.root(), run.workDir(stack, "outputs"), env);
        if (!outputs.succeeded()) {
            return Optional.of("its outputs could not be read: " + outputs.reason());
        }
        try {
            OutputsFile.write(run.root().resolve(settings.file()), settings, outputs.outputs());
            services.progress().line(stack.id() + ": outputs written to " + settings.file());
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("its outputs file " + settings.file() + " could not be written: " + e.getMessage());
        }
    }

    private void recordDigest(final Run run, final StackId id) {
        String digest = run.digests.get(id);
        if (digest != null) {
            run.deployDigests.put(id, digest);
        }
    }

    /** The drifted paths a deploy put back, as {@code address.path}: this preview's drift, else the latest row's. */
    private static List<String> restoredPaths(final Row preview, final Optional<Row> hadDrift) {
        List<Change> drift = !preview.drift().isEmpty() ? preview.drift() : hadDrift.map(Row::drift).orElse(List.of());
        List<String> paths = new ArrayList<>();
        for (Change change : drift) {
            if (change.paths().isEmpty()) {
                paths.add(change.address());
            }
            for (String path : change.paths()) {
                paths.add(change.address() + "." + path);
            }
        }
        return paths;
    }

    private Deployed failedDeploy(final Run run, final StackConfig stack, final long startedAt, final String reason) {
        return failedDeploy(run, stack, startedAt, reason, Row.withReason(stack.id(), stack.tool(), stack.dir(), RowState.FAILED, reason));
    }

    private Deployed failedDeploy(final Run run, final StackConfig stack, final long startedAt, final String reason, final Row row) {
        run.trail(entry(run, stack.id(), startedAt, TrailResult.FAILED, List.of(), reason));
        // what the preview found stays listed (changes, drift, owned elsewhere, depends-on): the failure does not unmake it
        Row failed = new Row(stack.id(), stack.tool(), stack.dir(), RowState.FAILED, reason, row.changes(), row.drift(), row.ownedElsewhere(),
                row.dependsOn());
        return new Deployed(failed, TaskOutcome.failed(reason));
    }

    private TrailEntry entry(final Run run, final StackId id, final long startedAt, final TrailResult result,
            final List<String> restored, final String reason) {
        return new TrailEntry(id, run.request.runId(), startedAt, services.clock().millis(), result, !restored.isEmpty(), restored, reason);
    }

    // ----------------------------------------------------------------------------------------------
    // destroy

    /**
     * Spec §6 destroy: the deploy graph run in reverse (a stack only after every stack that depends on it), no drift
     * check and no digest or policy skip — every selected stack gets a destroy preview of this run, and only that
     * preview is applied.
     */
    private void destroyAll(final Run run) throws InterruptedException {
        GraphBuild build = StackGraph.of(run.config, services.history().latestRows());
        for (String note : build.notes()) {
            run.note(note);
        }
        Set<StackId> selected = run.stacks.stream().map(StackConfig::id).collect(Collectors.toSet());
        for (StackId id : new java.util.TreeSet<>(selected)) {
            // a dependent left out of the selection keeps reading this stack: say so, the person chose it
            List<String> left = build.graph().contains(id)
                    ? build.graph().dependentsOf(id).stream().filter(d -> !selected.contains(d)).map(StackId::value).toList()
                    : List.of();
            if (!left.isEmpty()) {
                run.note(id + ": destroyed although " + String.join(", ", left) + " (not selected) depends on it");
            }
        }
        StackGraph graph = build.graph().restrictTo(selected);
        StackTask task = id -> {
            StackConfig stack = run.stack(id);
            Optional<Map<String, String>> env = environment(run, stack);
            if (env.isEmpty()) {
                return TaskOutcome.failed(run.rows.get(id).reason());
            }
            Deployed destroyed = destroyStack(run, stack, env.get(), run.request.approved(), run.request.rehearsal());
            finish(run, destroyed.row());
            return destroyed.outcome();
        };
        schedule(run, graph, ScheduleOptions.destroy(run.parallelism()), task, new SchedulerListener() {
            @Override
            public void stopping(final io.stackdrift.graph.StopMode mode) {
                services.progress().line("stopping: no stack starts any more"
                        + (mode == io.stackdrift.graph.StopMode.KILL_RUNNING ? "; running stacks are stopped" : "; running stacks finish"));
            }
        });
    }

    /** {@link #planAndDestroy} in the frame of {@link #underLock} (purpose "destroy"). */
    private Deployed destroyStack(final Run run, final StackConfig stack, final Map<String, String> env, final boolean approved,
            final boolean rehearsal) throws InterruptedException {
        return underLock(run, stack, true, rehearsal, startedAt -> planAndDestroy(run, stack, env, approved, rehearsal, startedAt));
    }

    private Deployed planAndDestroy(final Run run, final StackConfig stack, final Map<String, String> env, final boolean approved,
            final boolean rehearsal, final long startedAt) throws InterruptedException {
        StackId id = stack.id();
        Path work = run.workDir(stack, "destroy");
        services.progress().line("planning the destroy of " + id + " (" + stack.tool().word() + ")…");
        StackPlan plan = run.adapter(stack.tool()).plan(stack, run.root(), PlanPurpose.DESTROY, work, env, run.known);
        // what a destroy deletes; drift does not matter to resources about to go (no drift check runs, spec §6)
        Row planned = plan.row();
        if (planned.state() == RowState.FAILED) {
            return failedDeploy(run, stack, startedAt, DESTROY_PREFIX + planned.reason());
        }
        Row row = new Row(id, stack.tool(), stack.dir(), planned.changes().isEmpty() ? RowState.IN_SYNC : RowState.PENDING, "",
                planned.changes(), List.of(), List.of(), List.of());
        if (row.changes().isEmpty()) {
            if (rehearsal) {
                run.trail(entry(run, id, startedAt, TrailResult.REHEARSAL, List.of(), DESTROY_PREFIX + "nothing to destroy"));
                return new Deployed(row.withState(RowState.IN_SYNC, "rehearsal: nothing to destroy"), TaskOutcome.nothingToDo());
            }
            run.trail(entry(run, id, startedAt, TrailResult.NOTHING_TO_DESTROY, List.of(), ""));
            return afterDestroy(run, stack, row.withState(RowState.IN_SYNC, "nothing to destroy"), TaskOutcome.nothingToDo());
        }
        boolean awaitsApproval = stack.drift().mode() == DriftMode.APPROVE && !approved;
        if (rehearsal) {
            // as a deploy rehearsal: the approve-mode stack says it would wait, and the stacks after it are planned
            String waits = awaitsApproval ? "; would await approval" : "";
            run.trail(entry(run, id, startedAt, TrailResult.REHEARSAL, List.of(), DESTROY_PREFIX + "planned, nothing destroyed" + waits));
            return new Deployed(row.withState(RowState.PENDING, "rehearsal: destroy planned, nothing destroyed" + waits), TaskOutcome.succeeded());
        }
        if (awaitsApproval) {
            String reason = "mode approve: destroy with approval to delete these resources";
            return new Deployed(row.withState(RowState.AWAITING_APPROVAL, reason), TaskOutcome.awaitingApproval(reason));
        }
        services.progress().line("destroying " + id + " (" + stack.tool().word() + ")…");
        ApplyResult applied = run.adapter(stack.tool()).apply(stack, run.root(), plan, work, env);
        if (!applied.succeeded()) {
            // part of the stack may be gone: the next deploy must preview it, not skip it as unchanged
            run.forgetDeploys.add(id);
            return failedDeploy(run, stack, startedAt, DESTROY_PREFIX + applied.reason());
        }
        run.trail(entry(run, id, startedAt, TrailResult.DESTROYED, List.of(), ""));
        Row destroyed = new Row(id, stack.tool(), stack.dir(), RowState.IN_SYNC, "destroyed", List.of(), List.of(), List.of(), List.of());
        return afterDestroy(run, stack, destroyed, TaskOutcome.succeeded());
    }

    /**
     * A destroyed stack has no outputs: its outputs file is removed, so a later step cannot read values of resources
     * that are gone. A file that cannot be removed fails the stack (its dependencies are then not destroyed).
     */
    private Deployed afterDestroy(final Run run, final StackConfig stack, final Row row, final TaskOutcome outcome) {
        if (stack.outputs().isEmpty()) {
            return new Deployed(row, outcome);
        }
        String file = stack.outputs().get().file();
        try {
            if (Files.deleteIfExists(run.root().resolve(file))) {
                services.progress().line(stack.id() + ": outputs file " + file + " removed");
            }
            return new Deployed(row, outcome);
        } catch (IOException e) {
            Row failed = row.withState(RowState.FAILED, row.reason() + ", but its outputs file " + file + " could not be removed: " + e.getMessage());
            return new Deployed(failed, TaskOutcome.failed(failed.reason()));
        }
    }

    // ----------------------------------------------------------------------------------------------
    // planning with field ownership

    @FunctionalInterface
    private interface OwnedWork<T> {
        T run(List<IgnorePath> accepted) throws InterruptedException;
    }

    /** A plan of one stack (preview or drift check) as a row, its drift split by field ownership. */
    private Row planRow(final Run run, final StackConfig stack, final PlanPurpose purpose, final Map<String, String> env)
            throws InterruptedException {
        return withOwnership(run, stack, env, reason -> Row.withReason(stack.id(), stack.tool(), stack.dir(), RowState.FAILED, reason),
                accepted -> {
                    if (purpose == PlanPurpose.PREVIEW) {
                        run.previewed.add(stack.id());
                    }
                    StackPlan plan = run.adapter(stack.tool()).plan(stack, run.root(), purpose,
                            run.workDir(stack, purpose == PlanPurpose.PREVIEW ? "preview" : "check"), env, run.known);
                    return split(plan.row(), accepted);
                });
    }

    /**
     * Runs {@code work} with the stack's ignore paths enforced (docs/field-ownership.md): schema check, then the
     * override file around the plan and apply. Any rejection fails the stack; nothing is planned then.
     */
    private <T> T withOwnership(final Run run, final StackConfig stack, final Map<String, String> env,
            final Function<String, T> failed, final OwnedWork<T> work) throws InterruptedException {
        List<String> paths = FieldOwnership.ignorePaths(stack);
        if (paths.isEmpty()) {
            return work.run(List.of());
        }
        Path dir = stack.directory(run.root());
        FieldOwnership.Checked checked;
        try {
            if (stack.tool() == Tool.PULUMI) {
                checked = FieldOwnership.check(stack, dir, InputStream.nullInputStream(), Map.of());
            } else {
                ToolRun schema = run.adapter(stack.tool()).providersSchema(stack, run.root(), run.workDir(stack, "schema"), env);
                if (!schema.succeeded() || schema.output().isEmpty()) {
                    return failed.apply("cannot check the ignore paths: " + schema.reason());
                }
                try (InputStream in = Files.newInputStream(schema.output().get())) {
                    // no plan made without the paths ignored exists in this run: rule 2 relies on 'id' (docs/engine.md)
                    checked = FieldOwnership.check(stack, dir, in, Map.of());
                }
            }
        } catch (IOException e) {
            return failed.apply("cannot check the ignore paths: " + e.getMessage());
        }
        if (!checked.verdict().allAccepted()) {
            return failed.apply(checked.verdict().rejections().stream().map(Rejection::format).collect(Collectors.joining("; ")));
        }
        try (OverrideFile override = OverrideFile.write(dir, checked.verdict().accepted(), checked.declarations())) {
            return work.run(checked.verdict().accepted());
        } catch (OverrideFile.RefusedException e) {
            return failed.apply(e.getMessage());
        } catch (IOException e) {
            return failed.apply("cannot write " + OverrideFile.FILE_NAME + ": " + e.getMessage());
        }
    }

    /** Drift on owned paths moves to {@code ownedElsewhere}; the state follows what remains. */
    private static Row split(final Row row, final List<IgnorePath> accepted) {
        if (accepted.isEmpty() || row.drift().isEmpty()) {
            return row;
        }
        OwnershipSplit split = OwnershipSplit.of(row.drift(), accepted);
        RowState state = row.state().hasDrift() || row.state() == RowState.IN_SYNC || row.state() == RowState.PENDING
                ? RowState.of(!row.changes().isEmpty(), !split.drift().isEmpty())
                : row.state();
        List<Change> owned = new ArrayList<>(row.ownedElsewhere());
        owned.addAll(split.ownedElsewhere());
        return new Row(row.id(), row.tool(), row.dir(), state, row.reason(), row.changes(), split.drift(), owned, row.dependsOn());
    }

    // ----------------------------------------------------------------------------------------------
    // shared helpers

    /** The stack's credentials; a missing one fails the stack before any tool runs. */
    private Optional<Map<String, String>> environment(final Run run, final StackConfig stack) {
        try {
            return Optional.of(Map.copyOf(services.credentials().environmentFor(stack)));
        } catch (MissingCredentialsException e) {
            finish(run, Row.withReason(stack.id(), stack.tool(), stack.dir(), RowState.FAILED, e.getMessage()));
            return Optional.empty();
        }
    }

    private void finish(final Run run, final Row row) {
        run.rows.put(row.id(), row);
        services.progress().line(ProgressText.of(row));
    }

    private static TaskOutcome outcomeOf(final Row row) {
        return switch (row.state()) {
            case FAILED -> TaskOutcome.failed(row.reason());
            case SKIPPED -> TaskOutcome.skipped(row.reason());
            case AWAITING_APPROVAL -> TaskOutcome.awaitingApproval(row.reason());
            default -> TaskOutcome.succeeded();
        };
    }

    /** Previews and checks need no order: a graph without edges, run with the run's parallelism. */
    private void runUnordered(final Run run, final List<StackId> ids, final StackTask task) throws InterruptedException {
        Map<StackId, List<StackId>> none = new TreeMap<>();
        for (StackId id : ids) {
            none.put(id, List.of());
        }
        schedule(run, StackGraph.of(none), ScheduleOptions.deploy(run.parallelism()), task, new SchedulerListener() { });
    }

    private void schedule(final Run run, final StackGraph graph, final ScheduleOptions options, final StackTask task,
            final SchedulerListener listener) throws InterruptedException {
        if (graph.stacks().isEmpty()) {
            return;
        }
        StackTask guarded = id -> {
            try {
                return task.run(id);
            } catch (RuntimeException e) {
                // the message of an unexpected exception may carry anything: the class name only
                StackConfig stack = run.stack(id);
                Row row = Row.withReason(id, stack.tool(), stack.dir(), RowState.FAILED,
                        "unexpected error in Stack Drift (" + e.getClass().getSimpleName() + ")");
                finish(run, row);
                return TaskOutcome.failed(row.reason());
            }
        };
        // stacks of one directory (its workspaces) share .terraform and the override file: never at once
        ScheduleResult result = new StackScheduler(options).exclusive(id -> run.stack(id).directory(run.root()).toAbsolutePath().normalize())
                .run(graph, guarded, listener);
        for (StackResult ended : result.results()) {
            if (run.rows.containsKey(ended.id())) {
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
            finish(run, Row.withReason(stack.id(), stack.tool(), stack.dir(), state, reason));
        }
        if (result.interrupted() || Thread.currentThread().isInterrupted()) {
            throw new InterruptedException("run interrupted");
        }
    }

    private ToolAdapter defaultAdapter(final Tool tool, final StackReferenceResolver references) {
        PlanReading reading = (t, purpose, file) -> readerFor(t, purpose, file).read(file);
        return ToolAdapters.forTool(tool, services.tools(), services.processes(), reading, references);
    }

    private static PlanReader readerFor(final Tool tool, final PlanPurpose purpose, final Path file) {
        if (tool.isTerraformFamily()) {
            return new TerraformPlanReader();
        }
        PlanReader sniffed = PlanReaders.forFile(file);
        // a digest's kind cannot be sniffed: a refresh digest lists drift, a preview digest (also of a destroy) pending changes
        return sniffed instanceof PulumiDigestReader
                ? new PulumiDigestReader(purpose == PlanPurpose.DRIFT_CHECK ? PulumiDigestReader.Kind.REFRESH : PulumiDigestReader.Kind.PREVIEW)
                : sniffed;
    }

    /** One run's state, shared by its stack tasks. */
    private final class Run {
        final RunRequest request;
        final RunKind kind;
        final StacksConfig config;
        final List<StackConfig> stacks;
        final Set<StackId> known;
        final long startedAt;
        final Map<StackId, Row> rows = new ConcurrentHashMap<>();
        /** Stacks whose row comes from a preview of this run: only those say afresh what they depend on. */
        final Set<StackId> previewed = ConcurrentHashMap.newKeySet();
        final Map<StackId, StackStatus> statusesAtStart;
        final Map<StackId, String> digests = new ConcurrentHashMap<>();
        final Map<StackId, String> deployDigests = new ConcurrentHashMap<>();
        /** Stacks a destroy may have changed without a destroyed entry (failed, interrupted): their last deploy is forgotten. */
        final Set<StackId> forgetDeploys = ConcurrentHashMap.newKeySet();
        private final Map<Tool, ToolAdapter> toolAdapters = new EnumMap<>(Tool.class);
        private final List<TrailEntry> trail = Collections.synchronizedList(new ArrayList<>());
        private final List<String> notes = Collections.synchronizedList(new ArrayList<>());
        private final Map<StackId, StackConfig> byId = new HashMap<>();

        Run(final RunRequest request, final RunKind kind, final StacksConfig config, final List<StackConfig> stacks,
                final Set<StackId> known, final long startedAt) {
            this.request = request;
            this.kind = kind;
            this.config = config;
            this.stacks = stacks;
            this.known = Set.copyOf(known);
            this.startedAt = startedAt;
            this.statusesAtStart = services.history().stackStatuses();
            for (StackConfig stack : stacks) {
                byId.put(stack.id(), stack);
            }
            StackReferenceResolver references = (names, project, stack, all) ->
                    StackReferences.resolve(names, project, stack, all, this::note);
            // one adapter per tool per run: it remembers this run's plans (freshness)
            for (Tool tool : Tool.values()) {
                toolAdapters.put(tool, adapters.create(tool, references));
            }
        }

        Path root() {
            return request.repositoryRoot();
        }

        int parallelism() {
            return Math.max(1, request.parallelism().orElse(config.parallelism()));
        }

        StackConfig stack(final StackId id) {
            return byId.get(id);
        }

        ToolAdapter adapter(final Tool tool) {
            return toolAdapters.get(tool);
        }

        Path workDir(final StackConfig stack, final String step) {
            String safe = stack.id().value().replaceAll("[^A-Za-z0-9._-]", "_") + "-" + Integer.toHexString(stack.id().value().hashCode());
            return services.workDir().resolve(safe).resolve(step);
        }

        void note(final String line) {
            notes.add(line);
            services.progress().line(line);
        }

        void trail(final TrailEntry entry) {
            trail.add(entry);
            if (entry.repairedDrift()) {
                services.progress().line(entry.stack() + ": put back what changed outside the code: " + String.join(", ", entry.restoredPaths()));
            } else {
                services.progress().line(entry.stack() + ": " + entry.result().word() + (entry.reason().isEmpty() ? "" : " — " + entry.reason()));
            }
        }

        List<TrailEntry> trailSnapshot() {
            synchronized (trail) {
                return List.copyOf(trail);
            }
        }

        List<String> notesSnapshot() {
            synchronized (notes) {
                return List.copyOf(notes);
            }
        }
    }
}
