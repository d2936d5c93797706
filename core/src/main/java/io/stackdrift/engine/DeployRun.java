package io.stackdrift.engine;

import static io.stackdrift.engine.StackTasks.environment;
import static io.stackdrift.engine.StackTasks.finish;

import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;

import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.deploy.Deployed;
import io.stackdrift.deploy.StackDeployment;
import io.stackdrift.digest.DeployDecision;
import io.stackdrift.digest.StackDigest;
import io.stackdrift.graph.PriorityWeights;
import io.stackdrift.graph.ScheduleOptions;
import io.stackdrift.graph.StackGraph;
import io.stackdrift.graph.StackTask;
import io.stackdrift.graph.TaskOutcome;
import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.StackStatus;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

/**
 * A dependency-aware deploy (docs/engine.md, "deploy"): the graph of the selected stacks, each stack deployed after
 * its dependencies unless its policy leaves it alone (docs/digest.md).
 */
final class DeployRun implements RunBody {
    @Override
    public void run(final RunContext run) throws InterruptedException {
        StackGraph.Build build = StackGraph.of(run.config(), run.recordedDependsOn());
        for (String note : build.notes()) {
            run.note(note);
        }
        StackGraph graph = build.graph().restrictTo(new HashSet<>(run.stackIds()));
        DeployMode mode = run.request().mode();
        Approval approval = run.request().approval();
        StackDeployment deployment = new StackDeployment(run);
        ScheduleOptions options = ScheduleOptions.deploy(run.parallelism()).withPriority(PriorityWeights.estimates(durations(run)));
        StackTask task = id -> {
            StackConfig stack = run.stack(id);
            Optional<Map<String, String>> env = environment(run, stack);
            if (env.isEmpty()) {
                return TaskOutcome.failed(run.row(id).reason());
            }
            Optional<Deployed> skipped = policy(run, stack, env.get(), graph);
            if (skipped.isPresent()) {
                finish(run, skipped.get().row());
                return skipped.get().outcome();
            }
            Optional<Row> hadDrift = hadDrift(run, id);
            Deployed deployed = deployment.deploy(stack, env.get(), hadDrift, mode, approval);
            finish(run, deployed.row());
            return deployed.outcome();
        };
        StackTasks.schedule(run, graph, options, task, StackTasks.stoppingListener(run));
    }

    /** The drift the stack's latest row found, read only when its status says it drifted (its own file, no run's details). */
    private static Optional<Row> hadDrift(final RunContext run, final StackId id) {
        StackStatus status = run.statusesAtStart().get(id);
        if (status == null || !status.lastState().hasDrift()) {
            return Optional.empty();
        }
        return run.services().history().latestDrift(id).filter(r -> r.state().hasDrift());
    }

    /** A stack the policy leaves alone is skipped (its dependents go on). */
    private static Optional<Deployed> policy(final RunContext run, final StackConfig stack, final Map<String, String> env,
            final StackGraph graph) throws InterruptedException {
        String digest;
        try {
            digest = digestOf(run, stack, env, () -> graph);
        } catch (IOException e) {
            Row row = Row.of(stack.id(), stack.tool(), stack.dir(), RowState.FAILED,
                    "cannot compute the stack's digest: " + e.getMessage());
            return Optional.of(new Deployed(row, TaskOutcome.failed(row.reason())));
        }
        run.digest(stack.id(), digest);
        StackStatus status = run.statusesAtStart().get(stack.id());
        DeployDecision.LastDeploy last = status == null ? DeployDecision.LastDeploy.NEVER : DeployDecision.LastDeploy.of(status);
        DeployDecision decision = DeployDecision.decide(stack, digest, last, run.services().clock().instant());
        Optional<StackId> changedDependency = appliedDependency(run, stack, graph);
        if (decision.verdict() == DeployDecision.Verdict.SKIP && stack.policy() != Policy.ONCE && changedDependency.isPresent()) {
            // what it reads (outputs, references) may have changed with it: previewed after it, never left stale
            decision = new DeployDecision(DeployDecision.Verdict.PREVIEW_AND_APPLY,
                    "its dependency " + changedDependency.get() + " applied changes in this run");
        }
        if (decision.verdict() == DeployDecision.Verdict.SKIP && stack.policy() != Policy.ONCE && run.owesDeploy(stack.id())) {
            // the apply of an interrupted or unfinished deploy (its own or a dependency's) may have run: never "unchanged"
            decision = new DeployDecision(DeployDecision.Verdict.PREVIEW_AND_APPLY, "a deploy of it or of a stack it depends on "
                    + "was interrupted or did not finish in an earlier run");
        }
        if (decision.verdict() == DeployDecision.Verdict.SKIP) {
            Row row = Row.of(stack.id(), stack.tool(), stack.dir(), RowState.SKIPPED, decision.reason());
            return Optional.of(new Deployed(row, TaskOutcome.skipped(decision.reason())));
        }
        run.progress(stack.id() + ": deploying (" + decision.reason() + ")");
        return Optional.empty();
    }

    /** A dependency of the stack that applied changes in this run (the scheduler ran it before the stack), if any. */
    private static Optional<StackId> appliedDependency(final RunContext run, final StackConfig stack, final StackGraph graph) {
        Set<StackId> dependencies = new TreeSet<>(stack.dependsOn());
        if (graph.contains(stack.id())) {
            dependencies.addAll(graph.dependenciesOf(stack.id()));
        }
        return run.trailSnapshot().stream()
                .filter(entry -> entry.result() == TrailResult.DEPLOYED && dependencies.contains(entry.stack()))
                .map(TrailEntry::stack).sorted().findFirst();
    }

    /**
     * The digest a deploy of the stack records (docs/digest.md): its own, with its dependencies' digests folded in for
     * {@code onChangeOrDependency}. A drift check's repair records it too.
     */
    static String digestOf(final RunContext run, final StackConfig stack, final Map<String, String> env,
            final Supplier<StackGraph> graphs) throws IOException, InterruptedException {
        String version = run.adapter(stack.tool()).version(run.call(stack, "version", env));
        String own = StackDigest.compute(run.root(), stack, run.config().stacks(), version, run.files());
        if (stack.policy() != Policy.ON_CHANGE_OR_DEPENDENCY) {
            return own;
        }
        Map<StackId, String> dependencies = new TreeMap<>();
        Set<StackId> ids = new TreeSet<>(stack.dependsOn());
        StackGraph graph = graphs.get();
        if (graph.contains(stack.id())) {
            ids.addAll(graph.dependenciesOf(stack.id()));
        }
        for (StackId dependency : ids) {
            // a dependency deployed in this run counts with its new digest
            String recorded = run.deployDigest(dependency);
            if (recorded == null) {
                StackStatus status = run.statusesAtStart().get(dependency);
                recorded = status == null ? "" : status.lastDeployDigest();
            }
            dependencies.put(dependency, recorded);
        }
        return StackDigest.withDependencies(own, dependencies);
    }

    /** How long each stack's last deploy took: the scheduler starts the longest chains first. */
    private static Map<StackId, Duration> durations(final RunContext run) {
        Map<StackId, Duration> durations = new HashMap<>();
        for (TrailEntry entry : run.services().history().trail()) {
            if (entry.result() == TrailResult.DEPLOYED && entry.finishedAt() > entry.startedAt()) {
                durations.putIfAbsent(entry.stack(), Duration.ofMillis(entry.finishedAt() - entry.startedAt()));
            }
        }
        return durations;
    }
}
