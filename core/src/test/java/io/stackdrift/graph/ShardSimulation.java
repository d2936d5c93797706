package io.stackdrift.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

import io.stackdrift.model.ShardOutcome;
import io.stackdrift.model.StackId;
import io.stackdrift.shard.ShardBoard;
import io.stackdrift.shard.ShardPlan;

/**
 * Coordinated shards on a virtual clock, as the engine runs them: each shard a {@link ScheduleState} over its own
 * stacks plus the stacks of other shards they depend on, those taking no slot and ending when the {@link ShardBoard}
 * says so; every shard orders ready stacks by the chain lengths of the whole graph. Stacks in {@code failing} fail.
 *
 * <p>{@link Graphs#LOCAL} builds each shard's graph as the engine does ({@code restrictTo} its stacks and their direct
 * dependencies elsewhere), which costs a walk per stack; {@link Graphs#MIRRORS} gives every shard the whole graph with
 * every other shard's stack as a wait, which ends at the same moment (a wait can only end after its owner ended) and
 * is cheap enough for the benchmark's 2,000 stacks. A property test holds the two to the same starts.
 */
final class ShardSimulation {
    private ShardSimulation() {
    }

    /** What the run did: the makespan, when each stack started and ended (absent: never started), the final board. */
    record Result(long makespan, Map<StackId, Long> starts, Map<StackId, Long> ends, ShardBoard board) {
    }

    private record Event(long time, int shard, StackId id) {
    }

    private static void post(final ShardBoard board, final StackId id, final ShardOutcome outcome,
            final Map<StackId, List<Integer>> waiters, final ArrayDeque<Event> answered, final long now) {
        board.post(id, outcome);
        release(waiters, id, answered, now);
    }

    /** The waits for {@code id} get their answer from the board. */
    private static void release(final Map<StackId, List<Integer>> waiters, final StackId id, final ArrayDeque<Event> answered,
            final long now) {
        List<Integer> shards = waiters.remove(id);
        if (shards != null) {
            shards.forEach(s -> answered.add(new Event(now, s, id)));
        }
    }

    /** How each shard's graph is built. */
    enum Graphs { LOCAL, MIRRORS }

    static Result run(final StackGraph graph, final ShardPlan plan, final Map<StackId, Long> durations, final int slots,
            final CriticalPath priority, final Set<StackId> failing) {
        return run(graph, plan, durations, slots, priority, failing, Graphs.LOCAL);
    }

    static Result run(final StackGraph graph, final ShardPlan plan, final Map<StackId, Long> durations, final int slots,
            final CriticalPath priority, final Set<StackId> failing, final Graphs shape) {
        int count = plan.count();
        List<ScheduleState> states = new ArrayList<>();
        List<Predicate<StackId>> foreign = new ArrayList<>();
        for (int s = 1; s <= count; s++) {
            int number = s;
            if (shape == Graphs.MIRRORS) {
                Predicate<StackId> elsewhere = id -> plan.numberOf(id) != number;
                foreign.add(elsewhere);
                states.add(new ScheduleState(graph, priority, id -> id, elsewhere));
            } else {
                Set<StackId> waits = plan.foreignDependencies(s, graph);
                Set<StackId> local = new TreeSet<>(plan.shard(s));
                local.addAll(waits);
                foreign.add(waits::contains);
                states.add(new ScheduleState(graph.restrictTo(local), priority, id -> id, waits::contains));
            }
        }
        ShardBoard board = ShardBoard.of(plan);
        Map<StackId, Long> starts = new HashMap<>();
        Map<StackId, Long> ends = new HashMap<>();
        PriorityQueue<Event> events = new PriorityQueue<>(Comparator.comparingLong(Event::time)
                .thenComparingInt(Event::shard).thenComparing(Event::id));
        // waits the board has not answered yet, by the stack they wait for; and answers to hand to their shards
        Map<StackId, List<Integer>> waiters = new HashMap<>();
        ArrayDeque<Event> answered = new ArrayDeque<>();
        long now = 0;
        while (true) {
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int s = 0; s < count; s++) {
                    ScheduleState state = states.get(s);
                    while (state.hasReady(state.running() < slots)) {
                        StackId next = state.startNext(state.running() < slots);
                        if (foreign.get(s).test(next)) {
                            // a wait: the board may answer at once, else when its stack's shard posts or ends
                            if (board.await(next).verdict() == ShardBoard.Verdict.WAIT) {
                                waiters.computeIfAbsent(next, k -> new ArrayList<>()).add(s);
                            } else {
                                answered.add(new Event(now, s, next));
                            }
                        } else {
                            starts.put(next, now);
                            events.add(new Event(now + durations.get(next), s, next));
                        }
                        changed = true;
                    }
                }
                while (!answered.isEmpty()) {
                    Event a = answered.poll();
                    ScheduleState state = states.get(a.shard());
                    if (board.await(a.id()).verdict() == ShardBoard.Verdict.GO) {
                        state.succeeded(a.id());
                    } else {
                        for (StackId skipped : state.blocked(a.id())) {
                            if (!foreign.get(a.shard()).test(skipped)) {
                                post(board, skipped, ShardOutcome.SKIPPED, waiters, answered, now);
                            }
                        }
                    }
                    changed = true;
                }
                for (int s = 0; s < count; s++) {
                    if (states.get(s).isComplete() && !board.hasEnded(s + 1)) {
                        board.end(s + 1);
                        for (StackId id : plan.shard(s + 1)) {
                            if (board.outcome(id).isEmpty()) {
                                release(waiters, id, answered, now);
                            }
                        }
                        changed = true;
                    }
                }
            }
            Event first = events.poll();
            if (first == null) {
                break;
            }
            now = first.time();
            List<Event> batch = new ArrayList<>();
            batch.add(first);
            while (!events.isEmpty() && events.peek().time() == now) {
                batch.add(events.poll());
            }
            for (Event e : batch) {
                ends.put(e.id(), now);
                ScheduleState state = states.get(e.shard());
                if (failing.contains(e.id())) {
                    post(board, e.id(), ShardOutcome.FAILED, waiters, answered, now);
                    for (StackId skipped : state.blocked(e.id())) {
                        if (!foreign.get(e.shard()).test(skipped)) {
                            post(board, skipped, ShardOutcome.SKIPPED, waiters, answered, now);
                        }
                    }
                } else {
                    post(board, e.id(), ShardOutcome.DEPLOYED, waiters, answered, now);
                    state.succeeded(e.id());
                }
            }
        }
        for (int s = 0; s < count; s++) {
            if (!states.get(s).isComplete()) {
                throw new IllegalStateException("shard " + (s + 1) + " never ended: the shards wait for each other");
            }
        }
        return new Result(now, starts, ends, board);
    }
}
