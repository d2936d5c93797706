package io.stackdrift.engine;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
    /** Dependencies deployed by other shards whose wait gave up, with the reason the stacks that waited for them fail. */
    private final Map<StackId, String> gaveUp = new ConcurrentHashMap<>();

    private ShardCoordination(final ShardRun shard, final ShardPlan plan, final StackGraph graph) {
        this.shard = shard;
        this.plan = plan;
        this.graph = graph;
    }

    /**
     * The coordination, or the reason this shard may not take part in the run.
     *
     * @param problem what is wrong; empty with a coordination
     * @param hint    how to fix it
     */
    record Planned(Optional<ShardCoordination> coordination, String problem, String hint) {
        static Planned refused(final String problem, final String hint) {
            return new Planned(Optional.empty(), problem, hint);
        }
    }

    private static final String SAME_SELECTION = "start every shard of one run with the same stacks and shard count";

    /**
     * Plans the selection's shards (weights: each stack's last deploy) and fixes them with the other shards: the first
     * partition posted stands. A shard joins only a run that has not ended, that it has not taken part in before, and
     * whose shards were fixed from the same stacks, count and configuration (by its digest).
     */
    static Planned plan(final ShardRun shard, final StacksConfig config, final String configDigest, final Set<StackId> known,
            final Set<StackId> selected, final int parallelism, final HistoryView history) {
        Map<StackId, List<StackId>> recorded = new TreeMap<>();
        history.stackStatuses(known).forEach((id, status) -> recorded.put(id, status.dependsOn()));
        StackGraph graph = StackGraph.of(config, recorded).graph().restrictTo(selected);
        ShardPlan planned = ShardPlanner.plan(graph, weights(history)::weight, shard.count(), parallelism);
        List<List<StackId>> proposed = new ArrayList<>();
        planned.shards().forEach(s -> proposed.add(List.copyOf(s)));
        ShardExchange.Agreement agreed;
        try {
            agreed = shard.exchange().agree(new ShardExchange.Proposal(shard.number(), proposed, configDigest));
        } catch (UncheckedIOException e) {
            return Planned.refused(e.getMessage(), SAME_SELECTION);
        }
        if (agreed.ended().isPresent()) {
            return Planned.refused("this run is over (" + agreed.ended().get() + "); a shard never joins a run that ended, "
                    + "whose outcomes would stand for this attempt's", RETRY);
        }
        List<SortedSet<StackId>> shards = new ArrayList<>();
        agreed.shards().forEach(s -> shards.add(new TreeSet<>(s)));
        ShardPlan plan;
        try {
            plan = ShardPlan.of(shards, planned.expectedMakespan());
        } catch (IllegalArgumentException e) {
            return Planned.refused("the shards fixed for this run are broken: " + e.getMessage(), SAME_SELECTION);
        }
        if (plan.count() != shard.count() || !plan.stacks().equals(planned.stacks())) {
            return Planned.refused("another shard fixed this run's shards for " + plan.count() + " shards of "
                    + plan.stacks().size() + " stacks; this one was asked for " + shard.count() + " shards of " + planned.stacks().size()
                    + ": every shard of a run must select the same stacks and the same count", SAME_SELECTION);
        }
        if (!agreed.configDigest().isEmpty() && !agreed.configDigest().equals(configDigest)) {
            return Planned.refused("this run's shards were fixed from another revision of the configuration: "
                    + (agreed.fixedBy() > 0 ? "shard " + agreed.fixedBy() : "the first shard") + " read the one with digest "
                    + revision(agreed.configDigest()) + ", this shard read the one with digest " + revision(configDigest),
                    "start every shard of one run from the same commit of the repository");
        }
        Optional<String> refused;
        try {
            refused = shard.exchange().join(shard.number());
        } catch (UncheckedIOException e) {
            return Planned.refused(e.getMessage(), SAME_SELECTION);
        }
        if (refused.isPresent()) {
            return Planned.refused(refused.get() + "; a shard takes part in a run once, or it would go on from the outcomes "
                    + "of an earlier attempt", RETRY);
        }
        return new Planned(Optional.of(new ShardCoordination(shard, plan, graph)), "", "");
    }

    private static final String RETRY = "give every attempt of a run its own run id (a retried job too: add the attempt's "
            + "number to the pipeline's id)";

    /** A configuration digest as a message names it: its first 12 hex digits. */
    static String revision(final String digest) {
        return digest.isEmpty() ? "(none)" : "sha256:" + digest.substring(0, Math.min(12, digest.length()));
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
     * this shard wait for it. A wait that gives up (the shard wait passed, the dependency's shard is gone, the board
     * cannot be read) ends here, and the stacks that waited fail with the reason ({@link #gaveUp}).
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
            ShardExchange.Snapshot snapshot;
            try {
                snapshot = shard.exchange().read();
            } catch (UncheckedIOException e) {
                return giveUp(dependency, "dependency " + dependency + " could not be waited for: " + e.getMessage());
            }
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
                case FAIL -> {
                    return giveUp(dependency, decision.reason());
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
                        return giveUp(dependency, "dependency " + dependency + " was not seen to end in shard "
                                + plan.numberOf(dependency) + " of " + plan.count() + " within " + words(timeout)
                                + " (" + shard.exchange().waitTimeoutSetting() + ")");
                    }
                    Thread.sleep(Math.max(1, shard.exchange().pollInterval().toMillis()));
                }
            }
        }
    }

    /**
     * The wait for {@code dependency} ended without an answer: the stacks of this shard that wait for it fail with
     * {@code reason} (they run their task, which fails at once) and their dependents are skipped, as after any failure.
     */
    private TaskOutcome giveUp(final StackId dependency, final String reason) {
        gaveUp.put(dependency, reason);
        return TaskOutcome.succeeded();
    }

    /**
     * Why {@code stack} fails without running: the reason of the first (in id order) of its dependencies in other
     * shards whose wait gave up; empty when none did.
     */
    Optional<String> gaveUp(final StackId stack) {
        if (!graph.contains(stack)) {
            return Optional.empty();
        }
        return graph.dependenciesOf(stack).stream().sorted().map(gaveUp::get).filter(Objects::nonNull).findFirst();
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
                    + " give up after the shard wait");
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
                    + " give up after the shard wait");
        }
    }

    /** This shard ended: the others stop waiting for what it did not deploy. */
    void shardEnded(final Consumer<String> notes) {
        try {
            shard.exchange().ended(shard.number());
        } catch (UncheckedIOException e) {
            notes.accept("warning: " + e.getMessage() + "; the other shards' stacks that wait for this one give up after the shard wait");
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
        for (Map.Entry<Integer, String> gone : snapshot.gone().entrySet()) {
            if (gone.getKey() >= 1 && gone.getKey() <= plan.count()) {
                board = board.gone(gone.getKey(), gone.getValue());
            }
        }
        return board;
    }

    private static String words(final Duration d) {
        return d.toMinutes() > 0 && d.toSecondsPart() == 0 ? d.toMinutes() + "m" : d.toSeconds() + "s";
    }
}
