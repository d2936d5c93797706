package io.stackdrift.engine;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import io.stackdrift.config.StacksConfig;
import io.stackdrift.graph.CriticalPath;
import io.stackdrift.graph.PriorityWeights;
import io.stackdrift.graph.StackGraph;
import io.stackdrift.graph.StackResult;
import io.stackdrift.graph.TaskOutcome;
import io.stackdrift.model.ShardOutcome;
import io.stackdrift.model.StackId;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;
import io.stackdrift.shard.ShardBoard;
import io.stackdrift.shard.ShardPlan;
import io.stackdrift.shard.ShardPlanner;
import io.stackdrift.spi.HistoryView;
import io.stackdrift.spi.ShardExchange;

/**
 * One shard's part in a run split into shards (docs/concepts.md, "Shards"): the partition every shard agreed on, the
 * graph of the whole selection, the waits for stacks other shards deploy and the posts of this shard's own outcomes.
 */
final class ShardCoordination {
    private final ShardRun shard;
    private final ShardPlan plan;
    private final StackGraph graph;
    /** Dependencies deployed by other shards that let this shard go on: whether they applied changes, and their digest. */
    private final Map<StackId, ShardExchange.Post> goneOn = new ConcurrentHashMap<>();

    private ShardCoordination(final ShardRun shard, final ShardPlan plan, final StackGraph graph) {
        this.shard = shard;
        this.plan = plan;
        this.graph = graph;
    }

    /** The coordination, or the reason the shards of the run cannot agree. */
    record Planned(Optional<ShardCoordination> coordination, String problem) {
    }

    /**
     * Plans the selection's shards (weights: each stack's last deploy) and fixes them with the other shards: the first
     * partition posted stands.
     */
    static Planned plan(final ShardRun shard, final StacksConfig config, final Set<StackId> known, final Set<StackId> selected,
            final int parallelism, final HistoryView history) {
        Map<StackId, List<StackId>> recorded = new TreeMap<>();
        history.stackStatuses(known).forEach((id, status) -> recorded.put(id, status.dependsOn()));
        StackGraph graph = StackGraph.of(config, recorded).graph().restrictTo(selected);
        ShardPlan planned = ShardPlanner.plan(graph, weights(history)::weight, shard.count(), parallelism);
        List<List<StackId>> proposed = new ArrayList<>();
        planned.shards().forEach(s -> proposed.add(List.copyOf(s)));
        List<List<StackId>> agreed;
        try {
            agreed = shard.exchange().agree(proposed);
        } catch (UncheckedIOException e) {
            return new Planned(Optional.empty(), e.getMessage());
        }
        List<SortedSet<StackId>> shards = new ArrayList<>();
        agreed.forEach(s -> shards.add(new TreeSet<>(s)));
        ShardPlan plan;
        try {
            plan = ShardPlan.of(shards, planned.expectedMakespan());
        } catch (IllegalArgumentException e) {
            return new Planned(Optional.empty(), "the shards fixed for this run are broken: " + e.getMessage());
        }
        if (plan.count() != shard.count() || !plan.stacks().equals(planned.stacks())) {
            return new Planned(Optional.empty(), "another shard fixed this run's shards for " + plan.count() + " shards of "
                    + plan.stacks().size() + " stacks; this one was asked for " + shard.count() + " shards of " + planned.stacks().size()
                    + ": every shard of a run must select the same stacks and the same count");
        }
        return new Planned(Optional.of(new ShardCoordination(shard, plan, graph)), "");
    }

    /** How long each stack's last deploy took: the planner's weights and the scheduler's chain lengths. */
    static PriorityWeights weights(final HistoryView history) {
        Map<StackId, Duration> durations = new HashMap<>();
        for (TrailEntry entry : history.trail()) {
            if (entry.result() == TrailResult.DEPLOYED && entry.finishedAt() > entry.startedAt()) {
                durations.putIfAbsent(entry.stack(), Duration.ofMillis(entry.finishedAt() - entry.startedAt()));
            }
        }
        return PriorityWeights.estimates(durations);
    }

    ShardRun shard() {
        return shard;
    }

    ShardPlan plan() {
        return plan;
    }

    /** The graph of the whole selection, every shard's stacks. */
    StackGraph graph() {
        return graph;
    }

    /** This shard's stacks. */
    SortedSet<StackId> own() {
        return plan.shard(shard.number());
    }

    /** The stacks of other shards this shard's stacks depend on directly. */
    SortedSet<StackId> waits() {
        return plan.foreignDependencies(shard.number(), graph);
    }

    /** What this shard's scheduler runs: its stacks and, as waits, the stacks of others they depend on. */
    StackGraph localGraph() {
        Set<StackId> local = new TreeSet<>(own());
        local.addAll(waits());
        return graph.restrictTo(local);
    }

    /** The chain lengths of the whole selection, so a stack whose chain goes on in another shard is not started late. */
    PriorityWeights priority(final PriorityWeights weights) {
        CriticalPath whole = CriticalPath.weighted(graph, weights::weight);
        return new PriorityWeights() {
            @Override
            public double weight(final StackId id) {
                return weights.weight(id);
            }

            @Override
            public CriticalPath criticalPath(final StackGraph ignored) {
                return whole;
            }
        };
    }

    /**
     * The task of a wait: looks at the board until {@code dependency} ended in its shard, printing once which stacks of
     * this shard wait for it; gives up after the exchange's wait timeout.
     */
    TaskOutcome await(final Consumer<String> progress, final StackId dependency) throws InterruptedException {
        return await(progress, dependency, own());
    }

    /** As {@link #await(Consumer, StackId)}, the wait line printed for those of {@code waiting} that depend on it. */
    TaskOutcome await(final Consumer<String> progress, final StackId dependency, final Set<StackId> waiting)
            throws InterruptedException {
        Duration timeout = shard.exchange().waitTimeout();
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean said = false;
        while (true) {
            ShardExchange.Snapshot snapshot = shard.exchange().read();
            ShardBoard board = board(snapshot);
            ShardBoard.Decision decision = board.await(dependency);
            switch (decision.verdict()) {
                case GO -> {
                    snapshot.posts().stream().filter(p -> p.stack().equals(dependency)).findFirst()
                            .ifPresent(p -> goneOn.put(dependency, p));
                    return TaskOutcome.succeeded();
                }
                case SKIP -> {
                    return TaskOutcome.failed(decision.what());
                }
                default -> {
                    if (!said) {
                        for (StackId dependent : graph.dependentsOf(dependency)) {
                            if (own().contains(dependent) && waiting.contains(dependent)) {
                                progress.accept(board.waitLine(dependent, dependency));
                            }
                        }
                        said = true;
                    }
                    if (System.nanoTime() > deadline) {
                        return TaskOutcome.failed("was not seen to end in shard " + plan.numberOf(dependency) + " of " + plan.count()
                                + " within " + words(timeout) + " (the lock timeout)");
                    }
                    Thread.sleep(Math.max(1, shard.exchange().pollInterval().toMillis()));
                }
            }
        }
    }

    /**
     * Posts how a stack of this shard ended; a post that cannot be written leaves the others to their timeout.
     *
     * @param applied whether it applied changes in this run
     * @param digest  its deploy digest in this run, or null
     * @param notes   where a warning goes
     */
    void ended(final StackResult result, final boolean applied, final String digest, final Consumer<String> notes) {
        if (!own().contains(result.id())) {
            return;
        }
        ShardOutcome outcome = switch (result.state()) {
            case SUCCEEDED, NOTHING_TO_DO -> applied ? ShardOutcome.DEPLOYED : ShardOutcome.UNCHANGED;
            // a task's own skip (its policy left it alone) lets dependents go; one never started was stopped or blocked
            case SKIPPED -> result.started() ? ShardOutcome.UNCHANGED : ShardOutcome.SKIPPED;
            case AWAITING_APPROVAL -> ShardOutcome.AWAITING_APPROVAL;
            case INTERRUPTED -> ShardOutcome.INTERRUPTED;
            case FAILED -> ShardOutcome.FAILED;
        };
        try {
            shard.exchange().post(new ShardExchange.Post(result.id(), outcome, digest == null ? "" : digest));
        } catch (UncheckedIOException e) {
            notes.accept("warning: " + e.getMessage() + "; the stacks of other shards that wait for " + result.id()
                    + " give up after the lock timeout");
        }
    }

    /** A stack of this shard that this run leaves as it is (a drift check found it not due): its dependents go on. */
    void leftAlone(final StackId id, final Consumer<String> notes) {
        if (!own().contains(id)) {
            return;
        }
        try {
            shard.exchange().post(new ShardExchange.Post(id, ShardOutcome.UNCHANGED, ""));
        } catch (UncheckedIOException e) {
            notes.accept("warning: " + e.getMessage() + "; the stacks of other shards that wait for " + id
                    + " give up after the lock timeout");
        }
    }

    /** This shard ended: the others stop waiting for what it did not deploy. */
    void shardEnded(final Consumer<String> notes) {
        try {
            shard.exchange().ended(shard.number());
        } catch (UncheckedIOException e) {
            notes.accept("warning: " + e.getMessage() + "; the other shards' stacks that wait for this one give up after the lock timeout");
        }
    }

    /** True when a dependency another shard deploys applied changes in this run. */
    boolean appliedElsewhere(final StackId id) {
        ShardExchange.Post post = goneOn.get(id);
        return post != null && post.outcome() == ShardOutcome.DEPLOYED;
    }

    /** The digest another shard deployed {@code id} with in this run, or null. */
    String digestElsewhere(final StackId id) {
        ShardExchange.Post post = goneOn.get(id);
        return post == null || post.digest().isEmpty() ? null : post.digest();
    }

    private ShardBoard board(final ShardExchange.Snapshot snapshot) {
        ShardBoard board = ShardBoard.of(plan);
        for (ShardExchange.Post post : snapshot.posts()) {
            if (plan.contains(post.stack()) && board.outcome(post.stack()).isEmpty()) {
                board = board.post(post.stack(), post.outcome());
            }
        }
        for (int number : snapshot.ended()) {
            if (number >= 1 && number <= plan.count()) {
                board = board.end(number);
            }
        }
        return board;
    }

    private static String words(final Duration d) {
        return d.toMinutes() > 0 && d.toSecondsPart() == 0 ? d.toMinutes() + "m" : d.toSeconds() + "s";
    }
}
