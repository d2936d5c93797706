package io.stackdrift.shard;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

import io.stackdrift.graph.CriticalPath;
import io.stackdrift.graph.StackGraph;
import io.stackdrift.model.StackId;

/**
 * Splits the stacks of a graph into shards that run at the same time, each with its own slots, and wait for each
 * other's stacks (docs/concepts.md, "Shards"). It plays the run on a virtual clock with the weights as durations:
 * whenever a slot frees, the ready stack with the longest chain behind it starts, in a shard with a free slot — the
 * one that deploys most of its dependencies (a chain stays together) when it has one free, else the one with the
 * least work so far. A stack is never held back to stay with its chain, so the shards together run as one pool of
 * {@code shards × slots} would. Deterministic: every tie is broken by stack id, then by shard number.
 */
public final class ShardPlanner {
    private ShardPlanner() {
    }

    private record Running(double end, StackId id, int shard) {
    }

    /**
     * @param graph         the selected stacks and their dependencies
     * @param weight        each stack's expected duration (its recent deploys), or 1 for every stack without history;
     *                      a weight that is not a positive number counts as 1
     * @param shards        how many shards, at least 1 (more shards than stacks leaves some empty)
     * @param slotsPerShard stacks one shard runs at once, at least 1
     */
    public static ShardPlan plan(final StackGraph graph, final ToDoubleFunction<StackId> weight, final int shards,
            final int slotsPerShard) {
        if (shards < 1) {
            throw new IllegalArgumentException("the number of shards must be at least 1, not " + shards);
        }
        if (slotsPerShard < 1) {
            throw new IllegalArgumentException("a shard runs at least 1 stack at once, not " + slotsPerShard);
        }
        Map<StackId, Double> weights = new HashMap<>();
        for (StackId id : graph.stacks()) {
            double w = weight.applyAsDouble(id);
            weights.put(id, Double.isFinite(w) && w > 0 ? w : 1.0);
        }
        CriticalPath priority = CriticalPath.weighted(graph, weights::get);
        TreeSet<StackId> ready = new TreeSet<>(priority.firstToStart());
        Map<StackId, Integer> waitingFor = new HashMap<>();
        for (StackId id : graph.stacks()) {
            waitingFor.put(id, graph.dependenciesOf(id).size());
            if (graph.dependenciesOf(id).isEmpty()) {
                ready.add(id);
            }
        }
        List<TreeSet<StackId>> members = new ArrayList<>();
        for (int s = 0; s < shards; s++) {
            members.add(new TreeSet<>());
        }
        int[] free = new int[shards];
        Arrays.fill(free, slotsPerShard);
        double[] work = new double[shards];
        Map<StackId, Integer> shardOf = new HashMap<>();
        PriorityQueue<Running> running = new PriorityQueue<>(
                Comparator.comparingDouble(Running::end).thenComparing(Running::id));
        int freeSlots = shards * slotsPerShard;
        double now = 0;
        int done = 0;
        while (done < weights.size()) {
            while (freeSlots > 0 && !ready.isEmpty()) {
                StackId next = ready.pollFirst();
                int shard = choose(next, graph, weights, shardOf, free, work);
                members.get(shard).add(next);
                shardOf.put(next, shard);
                free[shard]--;
                freeSlots--;
                work[shard] += weights.get(next);
                running.add(new Running(now + weights.get(next), next, shard));
            }
            Running first = running.poll();
            if (first == null) {
                throw new IllegalStateException("stacks left but none runs: the graph has a cycle");
            }
            now = first.end();
            List<Running> ended = new ArrayList<>();
            ended.add(first);
            while (!running.isEmpty() && running.peek().end() == now) {
                ended.add(running.poll());
            }
            for (Running end : ended) {
                free[end.shard()]++;
                freeSlots++;
                done++;
                for (StackId dependent : graph.dependentsOf(end.id())) {
                    if (waitingFor.merge(dependent, -1, Integer::sum) == 0) {
                        ready.add(dependent);
                    }
                }
            }
        }
        return ShardPlan.of(members, now);
    }

    /** The shard with a free slot that deploys most of the stack's dependencies (by weight); then least work; then lowest. */
    private static int choose(final StackId id, final StackGraph graph, final Map<StackId, Double> weights,
            final Map<StackId, Integer> shardOf, final int[] free, final double[] work) {
        double[] affinity = new double[free.length];
        for (StackId dependency : graph.dependenciesOf(id)) {
            affinity[shardOf.get(dependency)] += weights.get(dependency);
        }
        int best = -1;
        for (int s = 0; s < free.length; s++) {
            if (free[s] == 0) {
                continue;
            }
            if (best < 0 || affinity[s] > affinity[best] || affinity[s] == affinity[best] && work[s] < work[best]) {
                best = s;
            }
        }
        return best;
    }
}
