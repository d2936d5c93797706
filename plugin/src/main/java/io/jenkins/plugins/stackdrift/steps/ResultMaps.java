package io.jenkins.plugins.stackdrift.steps;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.stackdrift.model.RunOrder;
import io.stackdrift.model.StackId;
import io.stackdrift.record.RunRecord;
import io.stackdrift.render.RunMaps;

/**
 * The value a step returns to the Jenkinsfile, as the core writes it ({@link RunMaps}: only JDK maps, lists, strings
 * and numbers, so sandboxed scripts need no approval and the value survives a CPS checkpoint). The run order comes
 * back from the agent as strings and is read back into the core's value here.
 */
public final class ResultMaps {
    private ResultMaps() {
    }

    public static Map<String, Object> of(final RunRecord record, final String result) {
        return RunMaps.of(record, result);
    }

    /**
     * {@code groups} and {@code edges} as {@code stackdrift graph --json} writes them, from the agent's lists: each
     * group its stack ids, each edge its stack, the stack it depends on and where that was read.
     */
    static Map<String, Object> runOrder(final List<List<String>> groups, final List<List<String>> edges) {
        List<List<StackId>> groupIds = new ArrayList<>();
        groups.forEach(group -> groupIds.add(group.stream().map(StackId::of).toList()));
        List<RunOrder.Edge> edgeValues = new ArrayList<>();
        for (List<String> edge : edges) {
            edgeValues.add(new RunOrder.Edge(StackId.of(edge.get(0)), StackId.of(edge.get(1)), origin(edge.get(2))));
        }
        return RunMaps.runOrder(new RunOrder(groupIds, edgeValues, List.of()));
    }

    private static RunOrder.Origin origin(final String word) {
        for (RunOrder.Origin origin : RunOrder.Origin.values()) {
            if (origin.word().equals(word)) {
                return origin;
            }
        }
        throw new IllegalArgumentException("no edge origin is called " + word);
    }
}
