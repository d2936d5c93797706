package io.stackdrift.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.StackId;
import io.stackdrift.testing.Gen;
import io.stackdrift.testing.Tries;

/**
 * The scheduler on random DAGs with a deterministic fake task. The oracle works on the scenario's own edge
 * lists, not on {@link StackGraph}'s answers. Sizes stay small: the machine is shared.
 */
class StackSchedulerPropertiesTest {
    /** One stack of a scenario: the indexes of the stacks it depends on, its fake outcome, its sleep. */
    record Node(Set<Integer> dependsOn, TaskOutcome.Kind outcome, int sleepMillis) {
    }

    record Scenario(List<Node> nodes, int parallelism, boolean destroy) {
        /** Names run against the index order, so id order and dependency order disagree. */
        StackId id(final int index) {
            return StackId.of(String.format("s%02d", nodes.size() - index));
        }

        Map<StackId, List<StackId>> edges() {
            Map<StackId, List<StackId>> edges = new HashMap<>();
            for (int i = 0; i < nodes.size(); i++) {
                edges.put(id(i), nodes.get(i).dependsOn().stream().map(this::id).toList());
            }
            return edges;
        }

        /** The edges as the run sees them: turned around for a destroy. */
        Map<StackId, Set<StackId>> waitsFor() {
            Map<StackId, Set<StackId>> waits = new HashMap<>();
            edges().keySet().forEach(id -> waits.put(id, new HashSet<>()));
            edges().forEach((id, deps) -> deps.forEach(dep -> {
                if (destroy) {
                    waits.get(dep).add(id);
                } else {
                    waits.get(id).add(dep);
                }
            }));
            return waits;
        }

        TaskOutcome.Kind outcome(final StackId id) {
            return nodes.get(nodes.size() - Integer.parseInt(id.value().substring(1))).outcome();
        }

        int sleep(final StackId id) {
            return nodes.get(nodes.size() - Integer.parseInt(id.value().substring(1))).sleepMillis();
        }
    }

    private static final TaskOutcome.Kind[] OUTCOMES = {TaskOutcome.Kind.SUCCEEDED, TaskOutcome.Kind.FAILED,
        TaskOutcome.Kind.NOTHING_TO_DO, TaskOutcome.Kind.SKIPPED, TaskOutcome.Kind.AWAITING_APPROVAL};

    static Scenario scenario(final Gen gen) {
        int n = gen.ints(1, 16);
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int before = i;
            Set<Integer> deps = i == 0 ? Set.of() : gen.set(Math.min(i, 3), () -> gen.ints(0, before - 1));
            TaskOutcome.Kind outcome = OUTCOMES[gen.weighted(10, 2, 1, 1, 1)];
            nodes.add(new Node(deps, outcome, gen.ints(0, 2)));
        }
        return new Scenario(nodes, gen.ints(1, 4), gen.of(false, false, true));
    }

    /** What a fake run observed from inside its tasks. */
    static final class Observed {
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger mostAtOnce = new AtomicInteger();
        final AtomicLong clock = new AtomicLong();
        final Map<StackId, Long> started = new ConcurrentHashMap<>();
        final Map<StackId, Long> ended = new ConcurrentHashMap<>();
        final Map<StackId, AtomicInteger> calls = new ConcurrentHashMap<>();
    }

    private static ScheduleResult run(final Scenario scenario, final Observed seen) {
        StackGraph graph = StackGraph.of(scenario.edges());
        ScheduleOptions options = scenario.destroy() ? ScheduleOptions.destroy(scenario.parallelism())
                : ScheduleOptions.deploy(scenario.parallelism());
        // more threads than any parallelism: the limit must come from the scheduler, not from the pool
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            return run(scenario, seen, graph, options, pool);
        } finally {
            pool.shutdownNow();
        }
    }

    private static ScheduleResult run(final Scenario scenario, final Observed seen, final StackGraph graph,
            final ScheduleOptions options, final ExecutorService pool) {
        return new StackScheduler(options, pool).run(graph, id -> {
            seen.calls.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
            seen.mostAtOnce.accumulateAndGet(seen.running.incrementAndGet(), Math::max);
            seen.started.put(id, seen.clock.incrementAndGet());
            try {
                Thread.sleep(scenario.sleep(id));
                TaskOutcome.Kind kind = scenario.outcome(id);
                return new TaskOutcome(kind, kind == TaskOutcome.Kind.SUCCEEDED || kind == TaskOutcome.Kind.NOTHING_TO_DO
                        ? "" : "fake " + kind);
            } finally {
                seen.ended.put(id, seen.clock.incrementAndGet());
                seen.running.decrementAndGet();
            }
        }, SchedulerListener.NONE);
    }

    @Test
    void everyStackEndsInExactlyOneStateAndTasksRunAtMostOnce() {
        Tries.check(60, gen -> everyStackEndsInExactlyOneStateAndTasksRunAtMostOnce(scenario(gen)));
    }

    private static void everyStackEndsInExactlyOneStateAndTasksRunAtMostOnce(final Scenario scenario) {
        Observed seen = new Observed();
        ScheduleResult result = run(scenario, seen);

        assertThat(result.endOrder()).doesNotHaveDuplicates().hasSize(scenario.nodes().size())
                .containsExactlyInAnyOrderElementsOf(scenario.edges().keySet());
        assertThat(seen.calls.values()).allSatisfy(calls -> assertThat(calls.get()).isEqualTo(1));
        assertThat(seen.calls.keySet()).containsExactlyInAnyOrderElementsOf(result.startOrder());
        assertThat(result.interrupted()).isFalse();
    }

    @Test
    void neverMoreThanParallelismAtOnceAndOrderAlwaysRespected() {
        Tries.check(60, gen -> neverMoreThanParallelismAtOnceAndOrderAlwaysRespected(scenario(gen)));
    }

    private static void neverMoreThanParallelismAtOnceAndOrderAlwaysRespected(final Scenario scenario) {
        Observed seen = new Observed();
        run(scenario, seen);

        assertThat(seen.mostAtOnce.get()).isLessThanOrEqualTo(scenario.parallelism());
        scenario.waitsFor().forEach((id, waits) -> {
            if (seen.started.containsKey(id)) {
                for (StackId before : waits) {
                    assertThat(seen.ended).as("%s waits for %s", id, before).containsKey(before);
                    assertThat(seen.ended.get(before)).as("%s ends before %s starts", before, id)
                            .isLessThan(seen.started.get(id));
                }
            }
        });
    }

    @Test
    void aFailureSkipsExactlyItsTransitiveDependents() {
        Tries.check(60, gen -> aFailureSkipsExactlyItsTransitiveDependents(scenario(gen)));
    }

    private static void aFailureSkipsExactlyItsTransitiveDependents(final Scenario scenario) {
        Observed seen = new Observed();
        ScheduleResult result = run(scenario, seen);
        Map<StackId, Set<StackId>> waitsFor = scenario.waitsFor();

        for (StackId id : waitsFor.keySet()) {
            Set<StackId> blockers = reachable(waitsFor, id);
            blockers.removeIf(b -> !stops(scenario.outcome(b)));
            StackResult r = result.result(id).orElseThrow();
            if (blockers.isEmpty()) {
                assertThat(r.state()).as(id.value()).isEqualTo(expectedState(scenario.outcome(id)));
                assertThat(r.blocker()).isEmpty();
            } else {
                assertThat(r.state()).as(id.value()).isEqualTo(StackState.SKIPPED);
                StackId cause = r.blocker().orElseThrow();
                assertThat(blockers).contains(cause);
                assertThat(result.result(cause).orElseThrow().started()).isTrue();
                assertThat(r.reason()).startsWith(scenario.destroy() ? "dependent " + cause : "dependency " + cause);
            }
        }
    }

    @Test
    void aStopAtAnyMomentStillEndsEveryStackOnceAndHonestly() {
        Tries.check(40, gen -> aStopAtAnyMomentStillEndsEveryStackOnceAndHonestly(scenario(gen), gen.ints(1, 16), gen.of(StopMode.class)));
    }

    private static void aStopAtAnyMomentStillEndsEveryStackOnceAndHonestly(final Scenario scenario, final int stopAtStart,
            final StopMode mode) {
        StopSignal stop = new StopSignal();
        AtomicInteger starts = new AtomicInteger();
        Set<StackId> ran = ConcurrentHashMap.newKeySet();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        ScheduleResult result;
        try {
            result = new StackScheduler(ScheduleOptions.deploy(scenario.parallelism()), pool).run(
                    StackGraph.of(scenario.edges()), id -> {
                        ran.add(id);
                        if (starts.incrementAndGet() == stopAtStart) {
                            stop.stop(mode);
                        }
                        Thread.sleep(1 + scenario.sleep(id));
                        return TaskOutcome.succeeded();
                    }, SchedulerListener.NONE, stop);
        } finally {
            pool.shutdownNow();
        }

        assertThat(result.endOrder()).doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(scenario.edges().keySet());
        assertThat(result.startOrder()).containsAll(ran);
        assertThat(result.interrupted()).isEqualTo(starts.get() >= stopAtStart);
        for (StackResult r : result.results()) {
            if (!r.started()) {
                assertThat(r.state()).isEqualTo(StackState.SKIPPED);
                assertThat(r.reason()).isEqualTo("run interrupted");
            } else if (!ran.contains(r.id())) {
                // handed to the executor, then killed before a thread took it up
                assertThat(mode).isEqualTo(StopMode.KILL_RUNNING);
                assertThat(r.state()).isEqualTo(StackState.SKIPPED);
                assertThat(r.reason()).isEqualTo("run interrupted before its task began");
            } else if (mode == StopMode.LET_RUNNING_FINISH || !result.interrupted()) {
                assertThat(r.state()).isEqualTo(StackState.SUCCEEDED);
            } else {
                assertThat(r.state()).isIn(StackState.SUCCEEDED, StackState.INTERRUPTED);
            }
        }
    }

    private static boolean stops(final TaskOutcome.Kind kind) {
        return kind == TaskOutcome.Kind.FAILED || kind == TaskOutcome.Kind.AWAITING_APPROVAL;
    }

    private static StackState expectedState(final TaskOutcome.Kind kind) {
        return switch (kind) {
            case SUCCEEDED -> StackState.SUCCEEDED;
            case NOTHING_TO_DO -> StackState.NOTHING_TO_DO;
            case SKIPPED -> StackState.SKIPPED;
            case AWAITING_APPROVAL -> StackState.AWAITING_APPROVAL;
            case FAILED -> StackState.FAILED;
        };
    }

    private static Set<StackId> reachable(final Map<StackId, Set<StackId>> edges, final StackId from) {
        Set<StackId> seen = new HashSet<>();
        Deque<StackId> todo = new ArrayDeque<>(edges.get(from));
        while (!todo.isEmpty()) {
            StackId next = todo.pop();
            if (seen.add(next)) {
                todo.addAll(edges.get(next));
            }
        }
        return seen;
    }
}
