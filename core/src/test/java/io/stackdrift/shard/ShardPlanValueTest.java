package io.stackdrift.shard;

import static io.stackdrift.shard.ShardPlannerTest.graph;
import static io.stackdrift.shard.ShardPlannerTest.id;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import io.stackdrift.graph.StackGraph;
import io.stackdrift.model.ShardOutcome;
import io.stackdrift.model.StackId;

/** What PIT found unchecked in the shard package: a plan as a value, the board's reads, the planner's weights. */
class ShardPlanValueTest {
    private static TreeSet<StackId> shard(final String... ids) {
        return new TreeSet<>(Arrays.stream(ids).map(StackId::of).toList());
    }

    @Test
    void twoPlansOfTheSameShardsAreEqualWhateverTheirEstimate() {
        ShardPlan plan = ShardPlan.of(List.of(shard("b", "a"), shard("c")), 3);
        ShardPlan same = ShardPlan.of(List.of(shard("a", "b"), shard("c")), 0);
        ShardPlan swapped = ShardPlan.of(List.of(shard("c"), shard("a", "b")), 3);

        assertThat(plan).isEqualTo(same).hasSameHashCodeAs(same).isNotEqualTo(swapped).isNotEqualTo("ShardPlan[[a, b], [c]]");
        assertThat(plan.toString()).isEqualTo("ShardPlan[[a, b], [c]]");
        assertThat(plan.contains(id("c"))).isTrue();
        assertThat(plan.contains(id("d"))).isFalse();
    }

    @Test
    void theBoardAnswersWhatWasPostedAndWhichShardsEnded() {
        ShardPlan plan = ShardPlan.of(List.of(shard("network"), shard("dns")), 0);
        ShardBoard board = ShardBoard.of(plan).post(id("network"), ShardOutcome.FAILED).end(1);

        assertThat(board.plan()).isSameAs(plan);
        assertThat(board.outcome(id("network"))).contains(ShardOutcome.FAILED);
        assertThat(board.outcome(id("dns"))).isEmpty();
        assertThat(board.hasEnded(1)).isTrue();
        assertThat(board.hasEnded(2)).isFalse();
    }

    @Test
    void aWeightThatIsNotAPositiveNumberCountsOne() {
        // a chain of two: its makespan is the sum of the weights, so a weight taken as given would show there
        StackGraph chain = graph("a", "", "b", "a");
        for (double bad : new double[] {0.0, -2.0, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThat(ShardPlanner.plan(chain, id -> bad, 1, 1).expectedMakespan()).as("weight %s", bad).isEqualTo(2.0);
        }
        assertThat(ShardPlanner.plan(chain, id -> 0.5, 1, 1).expectedMakespan()).isEqualTo(1.0);
    }

    @Test
    void withRoomInEveryShardTheStacksSpreadToTheShardWithLeastWork() {
        // three slots per shard: only the work done so far keeps the four stacks from filling shard 1 first
        StackGraph four = graph("a", "", "b", "", "c", "", "d", "");
        ShardPlan plan = ShardPlanner.plan(four, id -> 1, 2, 3);

        assertThat(plan.shards()).containsExactly(shard("a", "c"), shard("b", "d"));
        Map<StackId, Double> heavyFirst = Map.of(id("a"), 3.0, id("b"), 1.0, id("c"), 1.0, id("d"), 1.0);
        assertThat(ShardPlanner.plan(four, heavyFirst::get, 2, 3).shards()).containsExactly(shard("a"), shard("b", "c", "d"));
    }

    @Test
    void asManyStacksAsShardsWithOneLeftEmptyBlamesTheDependencies() {
        // four stacks for four shards: the count is no reason, the diamond's waits are
        StackGraph diamond = graph("top", "", "left", "top", "right", "top", "bottom", "left,right");
        List<List<StackId>> shards = List.of(new ArrayList<>(diamond.stacks()), List.of(), List.of(), List.of());

        assertThat(EmptyShards.notes(diamond, shards)).hasSize(3).allSatisfy(note -> assertThat(note).endsWith(
                "is empty: the stacks' dependencies leave no stack that could deploy there while the other shards deploy theirs"));
    }
}
