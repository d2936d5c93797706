package io.stackdrift.graph;

import java.time.Duration;
import java.util.Map;

import io.stackdrift.model.StackId;

/**
 * What one stack weighs in the chain lengths that order ready stacks: 1 each, or an estimate of its
 * duration (e.g. its last deploy's), with stacks without an estimate weighing the median of the others.
 */
public interface PriorityWeights {
    PriorityWeights EQUAL = id -> 1.0;

    double weight(StackId id);

    /** Weights from earlier durations; a stack without one weighs the median of those known (1s if none). */
    static PriorityWeights estimates(final Map<StackId, Duration> durations) {
        Map<StackId, Duration> copy = Map.copyOf(durations);
        double[] known = copy.values().stream().mapToDouble(d -> Math.max(1, d.toMillis())).sorted().toArray();
        double fallback = known.length == 0 ? 1000 : known[known.length / 2];
        return id -> {
            Duration d = copy.get(id);
            return d == null ? fallback : Math.max(1, d.toMillis());
        };
    }

    /** The chain lengths of {@code graph} under these weights. */
    default CriticalPath criticalPath(final StackGraph graph) {
        return CriticalPath.weighted(graph, this::weight);
    }
}
