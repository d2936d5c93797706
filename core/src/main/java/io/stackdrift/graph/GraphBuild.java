package io.stackdrift.graph;

import java.util.List;
import java.util.Objects;

/**
 * What {@link StackGraph#build} made: the graph, the row dependencies it had to drop because they would
 * have closed a cycle, and one log line per dependency it left out (the caller must print them: nothing
 * is dropped silently).
 *
 * @param graph   the acyclic graph
 * @param dropped row dependencies that would have closed a cycle, in the order they were dropped
 * @param notes   log lines: dropped cycle-closing dependencies, unknown ids and self-references from rows
 */
public record GraphBuild(StackGraph graph, List<DependencyEdge> dropped, List<String> notes) {
    public GraphBuild {
        Objects.requireNonNull(graph, "graph");
        dropped = List.copyOf(dropped);
        notes = List.copyOf(notes);
    }
}
