package io.stackdrift.graph;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.stackdrift.model.RunOrder;
import io.stackdrift.model.RunOrder.Edge;
import io.stackdrift.model.RunOrder.Origin;
import io.stackdrift.model.StackId;

/** Lays a built graph out as a {@link RunOrder}: each stack in the earliest group its dependencies allow. */
public final class RunOrders {
    private RunOrders() {
    }

    /**
     * The run order of a built graph.
     *
     * @param fileEdges the file's {@code dependsOn} of each stack: an edge of the graph found here is
     *                  {@link Origin#FILE}; any other is {@link Origin#STATE} when the build read it from remote state,
     *                  else {@link Origin#REFERENCE} (read from a row)
     */
    public static RunOrder of(final StackGraph.Build build, final Map<StackId, ? extends Collection<StackId>> fileEdges) {
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
            Origin origin = inFile ? Origin.FILE : build.stateEdges().contains(edge) ? Origin.STATE : Origin.REFERENCE;
            edges.add(new Edge(edge.dependent(), edge.dependency(), origin));
        }
        return new RunOrder(groups, edges, build.notes());
    }
}
