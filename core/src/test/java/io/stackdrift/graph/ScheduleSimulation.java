package io.stackdrift.graph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

import io.stackdrift.model.StackId;

/**
 * Runs the scheduler's policy on a virtual clock: the same {@link ScheduleState} that {@link StackScheduler}
 * drives, with stacks that take known durations instead of threads. Also the two yardsticks the benchmark
 * compares with: the lower bound and a layer-by-layer schedule.
 */
final class ScheduleSimulation {
    private ScheduleSimulation() {
    }

    private record Running(long end, StackId id) {
    }

    /** The makespan of the scheduler's policy with {@code parallelism} slots and chain lengths {@code priority}. */
    static long makespan(final StackGraph graph, final Map<StackId, Long> durations, final int parallelism,
            final CriticalPath priority) {
        ScheduleState state = new ScheduleState(graph, priority);
        PriorityQueue<Running> running = new PriorityQueue<>(
                Comparator.comparingLong(Running::end).thenComparing(Running::id));
        long now = 0;
        while (!state.isComplete()) {
            while (state.running() < parallelism && state.hasReady()) {
                StackId next = state.startNext();
                running.add(new Running(now + durations.get(next), next));
            }
            Running first = running.poll();
            if (first == null) {
                throw new IllegalStateException("stacks left but nothing runs");
            }
            now = first.end();
            state.succeeded(first.id());
            while (!running.isEmpty() && running.peek().end() == now) {
                state.succeeded(running.poll().id());
            }
        }
        return now;
    }

    /** max(longest chain of durations, total work / parallelism): no schedule can beat it. */
    static double lowerBound(final StackGraph graph, final Map<StackId, Long> durations, final int parallelism) {
        double chain = CriticalPath.weighted(graph, id -> durations.get(id)).longest();
        double total = durations.values().stream().mapToLong(Long::longValue).sum();
        return Math.max(chain, total / parallelism);
    }

    /** The stacks by layer: a stack's layer is the length of the longest chain of dependencies in front of it. */
    static List<List<StackId>> layers(final StackGraph graph) {
        Map<StackId, Integer> layerOf = new HashMap<>();
        List<List<StackId>> layers = new ArrayList<>();
        for (StackId id : graph.topologicalOrder()) {
            int layer = 0;
            for (StackId dependency : graph.dependenciesOf(id)) {
                layer = Math.max(layer, layerOf.get(dependency) + 1);
            }
            layerOf.put(id, layer);
            while (layers.size() <= layer) {
                layers.add(new ArrayList<>());
            }
            layers.get(layer).add(id);
        }
        return layers;
    }

    /**
     * Layer by layer: a stack's layer is the length of the longest chain of dependencies in front of it; each
     * layer starts when the whole layer before it has finished, its stacks taken in id order by whichever of
     * the {@code parallelism} slots frees first.
     */
    static long layered(final StackGraph graph, final Map<StackId, Long> durations, final int parallelism) {
        List<List<StackId>> layers = layers(graph);
        long total = 0;
        for (List<StackId> layer : layers) {
            PriorityQueue<Long> slots = new PriorityQueue<>();
            for (int i = 0; i < parallelism; i++) {
                slots.add(0L);
            }
            long end = 0;
            for (StackId id : layer.stream().sorted().toList()) {
                long finish = slots.poll() + durations.get(id);
                slots.add(finish);
                end = Math.max(end, finish);
            }
            total += end;
        }
        return total;
    }
}
