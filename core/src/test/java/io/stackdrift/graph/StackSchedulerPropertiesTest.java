package io.stackdrift.graph;

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

import io.stackdrift.model.StackId;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

import static org.assertj.core.api.Assertions.assertThat;

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

    @Provide
    Arbitrary<Scenario> scenarios() {
        Arbitrary<List<Node>> nodes = Arbitraries.integers().between(1, 16).flatMap(n -> {
            List<Arbitrary<Node>> each = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Arbitrary<Set<Integer>> deps = i == 0 ? Arbitraries.just(Set.of())
                        : Arbitraries.integers().between(0, i - 1).set().ofMaxSize(Math.min(i, 3));
                Arbitrary<TaskOutcome.Kind> outcome = Arbitraries.frequencyOf(
                        Tuple.of(10, Arbitraries.just(TaskOutcome.Kind.SUCCEEDED)),
                        Tuple.of(2, Arbitraries.just(TaskOutcome.Kind.FAILED)),
                        Tuple.of(1, Arbitraries.just(TaskOutcome.Kind.NOTHING_TO_DO)),
                        Tuple.of(1, Arbitraries.just(TaskOutcome.Kind.SKIPPED)),
                        Tuple.of(1, Arbitraries.just(TaskOutcome.Kind.AWAITING_APPROVAL)));
                each.add(Combinators.combine(deps, outcome, Arbitraries.integers().between(0, 2)).as(Node::new));
            }
            return Combinators.combine(each).as(list -> list);
        });
        return Combinators.combine(nodes, Arbitraries.integers().between(1, 4), Arbitraries.of(false, false, true))
                .as(Scenario::new);
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

    @Property(tries = 60)
    void everyStackEndsInExactlyOneStateAndTasksRunAtMostOnce(@ForAll("scenarios") final Scenario scenario) {
        Observed seen = new Observed();
        ScheduleResult result = run(scenario, seen);

        assertThat(result.endOrder()).doesNotHaveDuplicates().hasSize(scenario.nodes().size())
                .containsExactlyInAnyOrderElementsOf(scenario.edges().keySet());
        assertThat(seen.calls.values()).allSatisfy(calls -> assertThat(calls.get()).isEqualTo(1));
        assertThat(seen.calls.keySet()).containsExactlyInAnyOrderElementsOf(result.startOrder());
        assertThat(result.interrupted()).isFalse();
    }

    @Property(tries = 60)
    void neverMoreThanParallelismAtOnceAndOrderAlwaysRespected(@ForAll("scenarios") final Scenario scenario) {
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

    @Property(tries = 60)
    void aFailureSkipsExactlyItsTransitiveDependents(@ForAll("scenarios") final Scenario scenario) {
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

    @Property(tries = 40)
    void aStopAtAnyMomentStillEndsEveryStackOnceAndHonestly(@ForAll("scenarios") final Scenario scenario,
            @ForAll @net.jqwik.api.constraints.IntRange(min = 1, max = 16) final int stopAtStart,
            @ForAll final StopMode mode) {
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
