package io.stackdrift.graph;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import io.stackdrift.model.StackId;

/**
 * The order a deploy runs its stacks in, as groups that can run together: every stack of a group depends
 * only on stacks of earlier groups, and sits in the earliest group it can. Each edge says where it was
 * read: the file's {@code dependsOn}, or the stack references of the latest preview ({@code dependsOn: auto}).
 */
public record RunOrder(List<List<StackId>> groups, List<Edge> edges, List<String> notes) {

    /** Where an edge of the run order comes from. */
    public enum Origin {
        /** Written in the file's {@code dependsOn}. */
        FILE("file"),
        /** Read from the stack references of the stack's latest preview. */
        REFERENCE("reference");

        private final String word;

        Origin(final String word) {
            this.word = word;
        }

        /** The word the text, JSON and DOT output use. */
        public String word() {
            return word;
        }
    }

    /** {@code dependent} runs after {@code dependency}. */
    public record Edge(StackId dependent, StackId dependency, Origin origin) {
        public Edge {
            Objects.requireNonNull(dependent, "dependent");
            Objects.requireNonNull(dependency, "dependency");
            Objects.requireNonNull(origin, "origin");
        }
    }

    public RunOrder {
        groups = groups.stream().map(List::copyOf).toList();
        edges = List.copyOf(edges);
        notes = List.copyOf(notes);
    }

    /**
     * The run order of a built graph.
     *
     * @param fileEdges the file's {@code dependsOn} of each stack: an edge of the graph found here is
     *                  {@link Origin#FILE}, any other was read from a row
     */
    public static RunOrder of(final GraphBuild build, final Map<StackId, ? extends Collection<StackId>> fileEdges) {
        StackGraph graph = build.graph();
        Map<StackId, Integer> level = new HashMap<>();
        List<List<StackId>> groups = new ArrayList<>();
        for (StackId id : graph.topologicalOrder()) {
            int group = 0;
            for (StackId dependency : graph.dependenciesOf(id)) {
                group = Math.max(group, level.get(dependency) + 1);
            }
            level.put(id, group);
            while (groups.size() <= group) {
                groups.add(new ArrayList<>());
            }
            groups.get(group).add(id);
        }
        groups.forEach(list -> list.sort(null));
        List<Edge> edges = new ArrayList<>();
        for (DependencyEdge edge : graph.edges()) {
            Collection<StackId> written = fileEdges.get(edge.dependent());
            boolean inFile = written != null && written.contains(edge.dependency());
            edges.add(new Edge(edge.dependent(), edge.dependency(), inFile ? Origin.FILE : Origin.REFERENCE));
        }
        return new RunOrder(groups, edges, build.notes());
    }

    /** Every stack of the order, sorted. */
    public Set<StackId> stacks() {
        TreeSet<StackId> all = new TreeSet<>();
        groups.forEach(all::addAll);
        return all;
    }
}
