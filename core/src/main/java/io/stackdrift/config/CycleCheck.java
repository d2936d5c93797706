package io.stackdrift.config;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.stackdrift.model.StackId;

/** Cycles among dependsOn edges: one per strongly connected component, printed from its smallest id. */
final class CycleCheck {
    private final Map<StackId, Map<StackId, Location>> edges;

    /** {@code edges}: each stack's dependencies, each with where the file names it. */
    CycleCheck(final Map<StackId, Map<StackId, Location>> edges) {
        this.edges = Map.copyOf(edges);
    }

    List<List<StackId>> cycles() {
        List<List<StackId>> cycles = new ArrayList<>();
        Set<StackId> inReportedCycle = new HashSet<>();
        for (StackId start : new TreeSet<>(edges.keySet())) {
            if (inReportedCycle.contains(start)) {
                continue;
            }
            List<StackId> path = shortestPathBack(start);
            if (!path.isEmpty()) {
                cycles.add(path);
                inReportedCycle.addAll(path);
            }
        }
        return cycles;
    }

    /** start → … → start by breadth-first search (ids in order), or empty when start is on no cycle. */
    private List<StackId> shortestPathBack(final StackId start) {
        Map<StackId, StackId> cameFrom = new HashMap<>();
        List<StackId> queue = new ArrayList<>(List.of(start));
        for (int i = 0; i < queue.size(); i++) {
            StackId current = queue.get(i);
            for (StackId next : new TreeSet<>(edges.getOrDefault(current, Map.of()).keySet())) {
                if (next.equals(start)) {
                    List<StackId> path = new ArrayList<>();
                    for (StackId step = current; step != null; step = cameFrom.get(step)) {
                        path.add(0, step);
                    }
                    path.add(start);
                    return path;
                }
                if (!cameFrom.containsKey(next) && !next.equals(start) && edges.containsKey(next)) {
                    cameFrom.put(next, current);
                    queue.add(next);
                }
            }
        }
        return List.of();
    }
}
