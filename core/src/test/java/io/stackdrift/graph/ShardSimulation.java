package io.stackdrift.graph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeSet;

import io.stackdrift.model.ShardOutcome;
import io.stackdrift.model.StackId;
import io.stackdrift.shard.ShardBoard;
import io.stackdrift.shard.ShardPlan;

/**
 * Coordinated shards on a virtual clock, as the engine runs them: each shard a {@link ScheduleState} over its own
 * stacks plus the stacks of other shards they depend on, those taking no slot and ending when the {@link ShardBoard}
 * says so; every shard orders ready stacks by the chain lengths of the whole graph. Stacks in {@code failing} fail.
 */
final class ShardSimulation {
    private ShardSimulation() {
    }

    /** What the run did: the makespan, when each stack started and ended (absent: never started), the final board. */
    record Result(long makespan, Map<StackId, Long> starts, Map<StackId, Long> ends, ShardBoard board) {
    }

    private record Event(long time, int shard, StackId id) {
    }

    static Result run(final StackGraph graph, final ShardPlan plan, final Map<StackId, Long> durations, final int slots,
            final CriticalPath priority, final Set<StackId> failing) {
        int count = plan.count();
        List<ScheduleState> states = new ArrayList<>();
        List<Set<StackId>> foreign = new ArrayList<>();
        for (int s = 1; s <= count; s++) {
            Set<StackId> waits = plan.foreignDependencies(s, graph);
            Set<StackId> local = new TreeSet<>(plan.shard(s));
            local.addAll(waits);
            foreign.add(waits);
            states.add(new ScheduleState(graph.restrictTo(local), priority, id -> id, waits::contains));
        }
        ShardBoard[] board = {ShardBoard.of(plan)};
        Map<StackId, Long> starts = new HashMap<>();
        Map<StackId, Long> ends = new HashMap<>();
        PriorityQueue<Event> events = new PriorityQueue<>(Comparator.comparingLong(Event::time)
                .thenComparingInt(Event::shard).thenComparing(Event::id));
        List<List<StackId>> waiting = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            waiting.add(new ArrayList<>());
        }
        long now = 0;
        boolean progress = true;
        while (progress) {
            progress = false;
            // start what can start; waits answered by the board end at once
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int s = 0; s < count; s++) {
                    ScheduleState state = states.get(s);
                    while (state.hasReady(state.running() < slots)) {
                        StackId next = state.startNext(state.running() < slots);
                        if (foreign.get(s).contains(next)) {
                            waiting.get(s).add(next);
                        } else {
                            starts.put(next, now);
                            events.add(new Event(now + durations.get(next), s, next));
                        }
                        changed = true;
                    }
                    for (StackId wait : List.copyOf(waiting.get(s))) {
                        ShardBoard.Decision d = board[0].await(wait);
                        if (d.verdict() == ShardBoard.Verdict.GO) {
                            waiting.get(s).remove(wait);
                            state.succeeded(wait);
                            changed = true;
                        } else if (d.verdict() == ShardBoard.Verdict.SKIP) {
                            waiting.get(s).remove(wait);
                            for (StackId skipped : state.blocked(wait)) {
                                if (!foreign.get(s).contains(skipped)) {
                                    board[0] = board[0].post(skipped, ShardOutcome.SKIPPED);
                                }
                            }
                            changed = true;
                        }
                    }
                    if (state.isComplete() && !board[0].hasEnded(s + 1)) {
                        board[0] = board[0].end(s + 1);
                        changed = true;
                    }
                }
            }
            Event first = events.poll();
            if (first == null) {
                break;
            }
            progress = true;
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
                    board[0] = board[0].post(e.id(), ShardOutcome.FAILED);
                    for (StackId skipped : state.blocked(e.id())) {
                        if (!foreign.get(e.shard()).contains(skipped)) {
                            board[0] = board[0].post(skipped, ShardOutcome.SKIPPED);
                        }
                    }
                } else {
                    board[0] = board[0].post(e.id(), ShardOutcome.DEPLOYED);
                    state.succeeded(e.id());
                }
            }
        }
        for (int s = 0; s < count; s++) {
            if (!states.get(s).isComplete()) {
                throw new IllegalStateException("shard " + (s + 1) + " never ended: the shards wait for each other");
            }
        }
        return new Result(now, starts, ends, board[0]);
    }
}
