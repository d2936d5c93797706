package io.stackdrift.graph;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import io.stackdrift.model.StackId;

/**
 * For every stack, the length of the longest chain of dependents behind it (the stack itself included):
 * the priority of the scheduler. Starting the stack with the longest chain first keeps the end of the run
 * from waiting on one long chain that started late.
 *
 * <p>Without history every stack weighs 1 and the length counts stacks; with duration estimates (e.g. from
 * earlier runs) it is the sum of the estimates along the chain.
 */
public final class CriticalPath {
    private final Map<StackId, Double> lengths;

    private CriticalPath(final Map<StackId, Double> lengths) {
        this.lengths = Map.copyOf(lengths);
    }

    /** Every stack weighs 1. */
    public static CriticalPath byCount(final StackGraph graph) {
        return weighted(graph, id -> 1.0);
    }

    /** Each stack weighs its estimate; a negative or missing estimate must be mapped by the caller. */
    public static CriticalPath weighted(final StackGraph graph, final ToDoubleFunction<StackId> weight) {
        List<StackId> order = graph.topologicalOrder();
        Map<StackId, Double> lengths = new HashMap<>();
        for (int i = order.size() - 1; i >= 0; i--) {
            StackId id = order.get(i);
            double longestBehind = 0;
            for (StackId dependent : graph.dependentsOf(id)) {
                longestBehind = Math.max(longestBehind, lengths.get(dependent));
            }
            lengths.put(id, weight.applyAsDouble(id) + longestBehind);
        }
        return new CriticalPath(lengths);
    }

    public double length(final StackId id) {
        Double length = lengths.get(id);
        if (length == null) {
            throw new IllegalArgumentException(id + " is not a stack of this graph");
        }
        return length;
    }

    /** The longest chain of the whole graph. */
    public double longest() {
        return lengths.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }

    /** Longest chain first; ties by stack id, so the choice never depends on timing or hashing. */
    public Comparator<StackId> firstToStart() {
        return Comparator.comparingDouble((StackId id) -> -length(id)).thenComparing(Comparator.naturalOrder());
    }
}
