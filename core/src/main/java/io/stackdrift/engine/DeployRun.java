package io.stackdrift.engine;

import static io.stackdrift.engine.StackTasks.finish;
import static io.stackdrift.engine.StackTasks.withCredentials;

import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.deploy.Deployed;
import io.stackdrift.deploy.StackDeployment;
import io.stackdrift.digest.DeployDecision;
import io.stackdrift.graph.PriorityWeights;
import io.stackdrift.graph.ScheduleOptions;
import io.stackdrift.graph.SchedulerListener;
import io.stackdrift.graph.StackGraph;
import io.stackdrift.graph.StackTask;
import io.stackdrift.graph.TaskOutcome;
import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Timing;
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
        StackGraph.Build build = StackTasks.graph(run);
        Optional<ShardCoordination> shard = run.shard();
        // a shard runs its own stacks and, as waits that take no slot, the stacks of other shards they depend on
        StackGraph graph = shard.map(ShardCoordination::localGraph)
                .orElseGet(() -> build.graph().restrictTo(new HashSet<>(run.stackIds())));
        // what a stack depends on, across every shard of the run
        StackGraph dependencies = shard.map(ShardCoordination::graph).orElse(graph);
        Set<StackId> waits = shard.<Set<StackId>>map(ShardCoordination::waits).orElse(Set.of());
        DeployMode mode = run.request().mode();
        Approval approval = run.request().approval();
        StackDeployment deployment = new StackDeployment(run);
        PriorityWeights weights = ShardCoordination.weights(run.services().history());
        ScheduleOptions options = ScheduleOptions.deploy(run.parallelism())
                .withPriority(shard.map(s -> s.priority(weights)).orElse(weights));
        StackTask task = id -> waits.contains(id) ? shard.orElseThrow().await(run::progress, id)
                : withCredentials(run, run.stack(id), (stack, env) -> {
                    Optional<Deployed> skipped = policy(run, stack, env, dependencies);
                    if (skipped.isPresent()) {
                        finish(run, skipped.get().row());
                        return skipped.get().outcome();
                    }
                    Deployed deployed = deployment.deploy(stack, env, hadDrift(run, id), mode, approval);
                    finish(run, deployed.row());
                    return deployed.outcome();
                });
        SchedulerListener stopping = StackTasks.stoppingListener(run);
        SchedulerListener listener = StackTasks.posting(run, stopping);
        StackTasks.schedule(run, graph, options, task, listener, waits::contains);
    }

    /**
     * The drift the stack is known to have, read only when its status says it drifts (its own file, no run's details):
     * drifted, or a repair of it awaiting approval or failed. A preview that names no drift (Pulumi's) is guarded by it.
     */
    private static Optional<Row> hadDrift(final RunContext run, final StackId id) {
        StackStatus status = run.statusesAtStart().get(id);
        if (status == null || !(status.lastState().hasDrift() || status.driftAge().isPresent())) {
            return Optional.empty();
        }
        return run.services().history().latestDrift(id).filter(Row::showsDrift);
    }

    /** A stack the policy leaves alone is skipped (its dependents go on). */
    private static Optional<Deployed> policy(final RunContext run, final StackConfig stack, final Map<String, String> env,
            final StackGraph graph) throws InterruptedException {
        String digest;
        try {
            digest = DeployDigest.of(run, stack, env, () -> graph);
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
        // a stack whose plan a person approved (an approval of a check's drift: the code did not change) is planned whatever
        // its digest, or the approval would apply nothing and the next check ask for it again
        if (run.request().timing() == Timing.NOW || run.request().approvedPlans().plans().containsKey(stack.id())) {
            decision = decision.now();
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
        Optional<StackId> here = run.trailSnapshot().stream()
                .filter(entry -> entry.result() == TrailResult.DEPLOYED && dependencies.contains(entry.stack()))
                .map(TrailEntry::stack).sorted().findFirst();
        if (here.isPresent() || run.shard().isEmpty()) {
            return here;
        }
        // one another shard of the run deployed before this stack's wait for it ended
        return dependencies.stream().filter(run.shard().get()::appliedElsewhere).findFirst();
    }
}
