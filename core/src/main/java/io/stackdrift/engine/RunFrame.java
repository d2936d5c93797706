package io.stackdrift.engine;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import io.stackdrift.config.ConfigLoader;
import io.stackdrift.config.ConfigResult;
import io.stackdrift.config.StackConfig;
import io.stackdrift.config.StacksConfig;
import io.stackdrift.graph.StackGraph;
import io.stackdrift.graph.StackSelection;
import io.stackdrift.model.IoProblem;
import io.stackdrift.model.Problem;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.StartedBy;
import io.stackdrift.ownership.OverrideFile;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.StackStatus;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

/**
 * The frame every run shares (docs/engine.md, "Every run"): read the configuration (an invalid one stops the run
 * before any tool runs), select stacks, remove override files a killed run left, turn deploy markers of dead runs
 * into "interrupted" trail entries (through the journal), run the body, and return one {@link RunRecord} with the
 * digests and forgotten deploys the host saves with it, also after an interrupt. The frame writes no history.
 */
final class RunFrame {
    private final EngineServices services;
    private final AdapterFactory adapters;
    /** The configuration as the host's inspection read it, or null: then each run reads its file. */
    private final Inspection alreadyRead;

    RunFrame(final EngineServices services, final AdapterFactory adapters, final Inspection alreadyRead) {
        this.services = services;
        this.adapters = adapters;
        this.alreadyRead = alreadyRead;
    }

    RunOutcome execute(final RunRequest request, final RunKind kind, final RunBody body) {
        return execute(request, kind, body, Optional.empty());
    }

    /** A run; with {@code shard}, only the stacks of that shard of the selection, coordinated with the other shards. */
    RunOutcome execute(final RunRequest request, final RunKind kind, final RunBody body, final Optional<ShardRun> shard) {
        long startedAt = services.clock().millis();
        ConfigResult result = Optional.ofNullable(alreadyRead).flatMap(read -> read.configurationFor(request))
                .orElseGet(() -> ConfigLoader.load(request.configFile(), request.repositoryRoot()));
        if (!result.isValid()) {
            return RunOutcome.invalidConfig(result.problems(), result.warnings());
        }
        StacksConfig config = result.config();
        Map<StackId, Map<String, String>> credentials = new TreeMap<>();
        config.stacks().forEach(stack -> credentials.put(stack.id(), stack.credentials()));
        services.credentials().configured(credentials);
        String fileName = request.configFile().toString().replace('\\', '/');
        Set<StackId> known = config.stacks().stream().map(StackConfig::id).collect(Collectors.toCollection(TreeSet::new));
        StackSelection.Resolved selection = StackSelection.of(request.stacks()).resolve(known);
        if (!selection.problems().isEmpty()) {
            List<Problem> problems = selection.problems().stream()
                    .map(line -> new Problem(fileName, 0, 0, line, "known stacks: " + abbreviated(known)))
                    .toList();
            return RunOutcome.invalidConfig(problems, result.warnings());
        }
        Set<StackId> chosen = selection.stacks();
        Optional<ShardCoordination> coordination = Optional.empty();
        if (shard.isPresent()) {
            ShardCoordination.Planned planned = ShardCoordination.plan(shard.get(), config, result.digest(), known, chosen,
                    Math.max(1, request.parallelism().orElse(config.parallelism())), services.history());
            if (planned.coordination().isEmpty()) {
                return RunOutcome.invalidConfig(List.of(new Problem(fileName, 0, 0, shard.get().words() + ": " + planned.problem(),
                        planned.hint())), result.warnings());
            }
            coordination = planned.coordination();
            chosen = coordination.get().own();
            services.progress().line(shard.get().words() + ": " + chosen.size() + " of the " + selection.stacks().size()
                    + " selected stacks" + (coordination.get().waits().isEmpty() ? ""
                            : "; " + coordination.get().waits().size() + " of other shards to wait for"));
        }
        // configuration warnings are not progress: the host prints RunOutcome.warnings() once, in full (docs/engine.md)
        RunContext run = new RunContext(services, adapters, request, kind, config,
                chosen.stream().map(id -> config.stack(id).orElseThrow()).toList(), known, startedAt, coordination);
        removeOverrideLeftovers(run);
        Set<StackId> recovered = new TreeSet<>();
        for (TrailEntry entry : services.journal().recoverInterrupted()) {
            run.note(entry.stack() + ": an earlier deploy was interrupted (" + entry.reason() + ")");
            recovered.add(entry.stack());
        }
        // an interrupted deploy may have applied part or all of its plan: it and its dependents are deployed again
        run.oweDeploys(recovered);
        StackGraph graph = StackGraph.of(config, run.recordedDependsOn()).graph();
        run.oweDeploys(graph.withDependents(run.owedAtStart().stream().filter(graph::contains).collect(Collectors.toSet())));
        boolean interrupted = false;
        try {
            body.run(run);
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            // what this shard did not post by now, it will not deploy in this run: the others stop waiting for it
            coordination.ifPresent(c -> c.shardEnded(run::note));
        }
        // the record is returned even after an interrupt: clear the flag while it is assembled, set it again after
        interrupted |= Thread.interrupted();
        List<Row> rows = new ArrayList<>();
        for (StackConfig stack : run.stacks()) {
            Row row = run.hasRow(stack.id()) ? run.row(stack.id())
                    : Row.of(stack.id(), stack.tool(), stack.dir(), RowState.SKIPPED, "run interrupted before it started");
            StackStatus status = run.statusesAtStart().get(stack.id());
            rows.add(RunContext.known(run.wasPreviewed(stack.id()) ? row : keepDependencies(row, status), status));
        }
        RunRecord record = new RunRecord(request.runId(), kind, request.cause(), startedAt, services.clock().millis(), rows,
                run.trailSnapshot());
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        // a push's check looks only at drifted or changed stacks: it says nothing of when the others are due
        Optional<Instant> nextCheck = kind == RunKind.CHECK && !interrupted && request.startedBy() != StartedBy.PUSH
                ? NextCheckAfterRun.of(run.stacks(), run.statusesAtStart(), record) : Optional.empty();
        return new RunOutcome(Optional.of(record), run.deployDigests(), run.forgottenDeploys(), owedDeploys(run, graph, record),
                Optional.of(known), List.of(), result.warnings(), run.notesSnapshot(), nextCheck);
    }

    /**
     * The stacks that owe a deploy after the run (docs/records.md): those that owed one as it started, and those whose
     * deploy in this run was interrupted, failed, or applied without being recorded (its outputs could not be written),
     * each with every stack that depends on it; every stack that depends on one that applied changes in this run (what
     * it reads may have changed: the run may have stopped before it, or not selected it); less those this run deployed
     * with their digest recorded.
     */
    private static Set<StackId> owedDeploys(final RunContext run, final StackGraph graph, final RunRecord record) {
        Set<StackId> owing = new TreeSet<>(run.owedAtStart());
        Map<StackId, String> recorded = run.deployDigests();
        Set<StackId> done = new TreeSet<>();
        Set<StackId> applied = new TreeSet<>();
        for (TrailEntry entry : record.trail()) {
            switch (entry.result()) {
                case FAILED, INTERRUPTED -> owing.add(entry.stack());
                case DEPLOYED, NOTHING_TO_DEPLOY -> {
                    if (entry.result() == TrailResult.DEPLOYED && graph.contains(entry.stack())) {
                        applied.addAll(graph.transitiveDependents(entry.stack()));
                    }
                    if (recorded.containsKey(entry.stack())) {
                        done.add(entry.stack());
                    } else {
                        owing.add(entry.stack());
                    }
                }
                default -> {
                    // a rehearsal applies nothing; a destroy forgets the last deploy instead
                }
            }
        }
        owing.addAll(graph.withDependents(owing.stream().filter(graph::contains).collect(Collectors.toSet())));
        owing.addAll(applied);
        owing.removeAll(done);
        return owing;
    }

    /**
     * A row made without a preview in this run (skipped, failed before its tool, or a drift check — Pulumi's
     * {@code refresh --preview-only} does not run the program, so it never sees a stack reference) says nothing
     * about what the stack reads; it keeps the depends-on the stack was last seen with, so the next deploy's graph
     * keeps its auto edges. A preview's own row is left as it is: a failed preview has none.
     */
    private static Row keepDependencies(final Row row, final StackStatus status) {
        if (!row.dependsOn().isEmpty() || status == null || status.dependsOn().isEmpty()) {
            return row;
        }
        return row.withDependsOn(status.dependsOn());
    }

    private static void removeOverrideLeftovers(final RunContext run) {
        for (StackConfig stack : run.stacks()) {
            if (!stack.tool().isTerraformFamily()) {
                continue;
            }
            try {
                if (OverrideFile.removeLeftovers(stack.directory(run.root()))) {
                    run.note(stack.id() + ": removed " + OverrideFile.FILE_NAME + " left by a run that was killed");
                }
            } catch (IOException e) {
                run.note(stack.id() + ": cannot remove a leftover " + OverrideFile.FILE_NAME + ": " + IoProblem.of(e));
            }
        }
    }

    private static String abbreviated(final Set<StackId> known) {
        List<String> ids = known.stream().map(StackId::value).toList();
        return ids.size() <= 10 ? String.join(", ", ids) : String.join(", ", ids.subList(0, 10)) + ", …";
    }
}
