package io.stackdrift.shard;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

import io.stackdrift.graph.DependencyEdge;
import io.stackdrift.graph.StackGraph;
import io.stackdrift.model.StackId;

/**
 * A partition of a run's stacks into shards numbered 1 to {@link #count()}: every stack in exactly one shard.
 * Immutable; shards list their stacks sorted by id, so two plans of the same stacks compare equal.
 */
public final class ShardPlan {
    private final List<SortedSet<StackId>> shards;
    private final Map<StackId, Integer> numbers;
    private final double expectedMakespan;

    private ShardPlan(final List<? extends SortedSet<StackId>> shards, final double expectedMakespan) {
        List<SortedSet<StackId>> copy = new ArrayList<>();
        Map<StackId, Integer> byStack = new HashMap<>();
        for (int i = 0; i < shards.size(); i++) {
            for (StackId id : shards.get(i)) {
                if (byStack.put(id, i + 1) != null) {
                    throw new IllegalArgumentException(id + " is in two shards");
                }
            }
            copy.add(Collections.unmodifiableSortedSet(new TreeSet<>(shards.get(i))));
        }
        if (copy.isEmpty()) {
            throw new IllegalArgumentException("a plan has at least one shard");
        }
        this.shards = List.copyOf(copy);
        this.numbers = Map.copyOf(byStack);
        this.expectedMakespan = expectedMakespan;
    }

    /**
     * A plan of given shards (as a host read them back, e.g. from the build or a file); a stack in two shards is refused.
     *
     * @param expectedMakespan what the planner expected the coordinated run to take, in units of its weights; 0 unknown
     */
    public static ShardPlan of(final List<? extends SortedSet<StackId>> shards, final double expectedMakespan) {
        return new ShardPlan(shards, expectedMakespan);
    }

    public int count() {
        return shards.size();
    }

    /** The stacks of shard {@code number} (1 to {@link #count()}). */
    public SortedSet<StackId> shard(final int number) {
        if (number < 1 || number > shards.size()) {
            throw new IllegalArgumentException("shard " + number + " is not between 1 and " + shards.size());
        }
        return shards.get(number - 1);
    }

    /** Every shard, shard 1 first. */
    public List<SortedSet<StackId>> shards() {
        return shards;
    }

    public boolean contains(final StackId id) {
        return numbers.containsKey(id);
    }

    /** The number of the shard that deploys {@code id}. */
    public int numberOf(final StackId id) {
        Integer number = numbers.get(id);
        if (number == null) {
            throw new IllegalArgumentException(id + " is in no shard of this plan");
        }
        return number;
    }

    /** Every stack of the plan, sorted. */
    public SortedSet<StackId> stacks() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(numbers.keySet()));
    }

    /** The planner's estimate of the coordinated run, in the units of its weights (stacks, or milliseconds); 0 unknown. */
    public double expectedMakespan() {
        return expectedMakespan;
    }

    /** The edges of {@code graph} whose two stacks are in different shards: the waits of a run. */
    public List<DependencyEdge> crossEdges(final StackGraph graph) {
        return graph.edges().stream().filter(e -> numberOf(e.dependent()) != numberOf(e.dependency())).toList();
    }

    /**
     * The stacks shard {@code number} waits for: direct dependencies (in {@code graph}) of its stacks that other shards
     * deploy, sorted.
     */
    public SortedSet<StackId> foreignDependencies(final int number, final StackGraph graph) {
        TreeSet<StackId> foreign = new TreeSet<>();
        for (StackId id : shard(number)) {
            for (StackId dependency : graph.dependenciesOf(id)) {
                if (numberOf(dependency) != number) {
                    foreign.add(dependency);
                }
            }
        }
        return Collections.unmodifiableSortedSet(foreign);
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof ShardPlan plan && shards.equals(plan.shards);
    }

    @Override
    public int hashCode() {
        return shards.hashCode();
    }

    @Override
    public String toString() {
        return "ShardPlan" + shards;
    }
}
