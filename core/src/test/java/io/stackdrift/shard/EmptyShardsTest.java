package io.stackdrift.shard;

import static io.stackdrift.shard.ShardPlannerTest.graph;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

import org.junit.jupiter.api.Test;

import io.stackdrift.graph.StackGraph;
import io.stackdrift.model.ShardLayout;
import io.stackdrift.model.StackId;
import io.stackdrift.render.ShardLayoutOutput;

/** A split that leaves a shard empty says why, in its text (the log of stackShards) and its JSON. */
class EmptyShardsTest {
    private static List<List<StackId>> split(final StackGraph graph, final int count, final int slots) {
        List<List<StackId>> shards = new ArrayList<>();
        ShardPlanner.plan(graph, id -> 1.0, count, slots).shards().forEach(s -> shards.add(List.copyOf(s)));
        return shards;
    }

    @Test
    void aChainSplitInTwoLeavesShardTwoEmptyAndSaysTheStacksFormOneChain() {
        // net → app → dns, as a new repository's README example: the default parallelism keeps the chain together
        StackGraph chain = graph("net", "", "app", "net", "dns", "app");
        List<List<StackId>> shards = split(chain, 2, 4);
        assertThat(shards.get(1)).isEmpty();

        List<String> notes = EmptyShards.notes(chain, shards);

        assertThat(notes).containsExactly("shard 2 is empty: the stacks form one chain");
        ShardLayout layout = new ShardLayout(shards, List.of(), OptionalInt.empty(), OptionalInt.of(3), notes);
        assertThat(ShardLayoutOutput.text(layout))
                .contains("shard 2 of 2 (0 stacks): (none)\nshard 2 is empty: the stacks form one chain\n");
        assertThat(ShardLayoutOutput.json(layout)).contains("\"notes\" : [ \"shard 2 is empty: the stacks form one chain\" ]");
    }

    @Test
    void otherEmptyShardsSayWhyAndFullOnesSayNothing() {
        assertThat(EmptyShards.notes(graph("solo", ""), split(graph("solo", ""), 2, 1)))
                .containsExactly("shard 2 is empty: 1 stack for 2 shards");
        assertThat(EmptyShards.notes(graph(), List.of(List.of(), List.of()))).containsExactly(
                "shard 1 is empty: no stack is selected", "shard 2 is empty: no stack is selected");
        StackGraph twoIndependent = graph("a", "", "b", "");
        assertThat(EmptyShards.notes(twoIndependent, split(twoIndependent, 2, 1))).isEmpty();
        // a diamond is no chain: its two middle stacks could run at once
        StackGraph diamond = graph("top", "", "left", "top", "right", "top", "bottom", "left,right");
        assertThat(EmptyShards.notes(diamond, List.of(new ArrayList<>(diamond.stacks()), List.of(), List.of())))
                .allSatisfy(note -> assertThat(note).doesNotContain("one chain"));
    }
}
