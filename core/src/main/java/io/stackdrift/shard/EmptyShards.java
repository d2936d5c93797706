package io.stackdrift.shard;

import java.util.ArrayList;
import java.util.List;

import io.stackdrift.graph.StackGraph;
import io.stackdrift.model.StackId;

/**
 * Why a split leaves a shard empty, one line per empty shard: a shard step with nothing to deploy should not leave its
 * user guessing whether the split went wrong.
 */
public final class EmptyShards {
    private EmptyShards() {
    }

    /** {@code shard 2 is empty: the stacks form one chain}, for each empty shard of {@code shards}, in order. */
    public static List<String> notes(final StackGraph graph, final List<? extends List<StackId>> shards) {
        List<String> notes = new ArrayList<>();
        for (int i = 0; i < shards.size(); i++) {
            if (shards.get(i).isEmpty()) {
                notes.add("shard " + (i + 1) + " is empty: " + why(graph, shards.size()));
            }
        }
        return notes;
    }

    private static String why(final StackGraph graph, final int count) {
        int stacks = graph.stacks().size();
        if (stacks == 0) {
            return "no stack is selected";
        }
        if (stacks > 1 && oneChain(graph)) {
            return "the stacks form one chain";
        }
        if (stacks < count) {
            return stacks + (stacks == 1 ? " stack" : " stacks") + " for " + count + " shards";
        }
        return "the stacks' dependencies leave no stack that could deploy there while the other shards deploy theirs";
    }

    /** Whether each stack waits for the one before it: in a topological order, each depends on its predecessor. */
    private static boolean oneChain(final StackGraph graph) {
        List<StackId> order = graph.topologicalOrder();
        for (int i = 1; i < order.size(); i++) {
            if (!graph.dependenciesOf(order.get(i)).contains(order.get(i - 1))) {
                return false;
            }
        }
        return true;
    }
}
