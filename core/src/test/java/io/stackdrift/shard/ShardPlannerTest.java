package io.stackdrift.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import io.stackdrift.graph.StackGraph;
import io.stackdrift.model.StackId;

class ShardPlannerTest {
    static StackId id(final String value) {
        return StackId.of(value);
    }

    /** Pairs of (stack, comma-separated dependencies). */
    static StackGraph graph(final String... pairs) {
        Map<StackId, List<StackId>> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            List<StackId> targets = new ArrayList<>();
            for (String target : pairs[i + 1].split(",", -1)) {
                if (!target.isBlank()) {
                    targets.add(id(target.strip()));
                }
            }
            map.put(id(pairs[i]), targets);
        }
        return StackGraph.of(map);
    }

    private static Set<StackId> ids(final String... values) {
        Set<StackId> set = new TreeSet<>();
        for (String v : values) {
            set.add(id(v));
        }
        return set;
    }

    @Test
    void twoIndependentChainsGoToTwoShardsEachKeptTogether() {
        StackGraph g = graph("a1", "", "a2", "a1", "a3", "a2", "b1", "", "b2", "b1", "b3", "b2");
        ShardPlan plan = ShardPlanner.plan(g, id -> 1, 2, 1);

        assertThat(plan.shards()).containsExactlyInAnyOrder(new TreeSet<>(ids("a1", "a2", "a3")), new TreeSet<>(ids("b1", "b2", "b3")));
        assertThat(plan.crossEdges(g)).isEmpty();
        assertThat(plan.expectedMakespan()).isEqualTo(3.0);
    }

    @Test
    void withoutHistoryEveryStackCountsOneAndTheShardsGetEqualCounts() {
        StackGraph g = graph("a", "", "b", "", "c", "", "d", "", "e", "", "f", "");
        ShardPlan plan = ShardPlanner.plan(g, id -> 1, 3, 1);

        assertThat(plan.shards()).allSatisfy(shard -> assertThat(shard).hasSize(2));
        assertThat(plan.expectedMakespan()).isEqualTo(2.0);
    }

    @Test
    void weightsFromTheHistoryBalanceTheWorkNotTheCounts() {
        // one long stack and four short ones: the long one alone, the short ones together
        StackGraph g = graph("long", "", "s1", "", "s2", "", "s3", "", "s4", "");
        Map<StackId, Double> w = Map.of(id("long"), 40.0, id("s1"), 10.0, id("s2"), 10.0, id("s3"), 10.0, id("s4"), 10.0);
        ShardPlan plan = ShardPlanner.plan(g, w::get, 2, 1);

        assertThat(plan.shard(plan.numberOf(id("long")))).containsExactly(id("long"));
        assertThat(plan.expectedMakespan()).isEqualTo(40.0);
    }

    @Test
    void aChainIsSplitWhenKeepingItTogetherWouldLeaveAShardIdle() {
        // network feeds four services: one shard of one slot would run them one after the other
        StackGraph g = graph("network", "", "s1", "network", "s2", "network", "s3", "network", "s4", "network");
        ShardPlan plan = ShardPlanner.plan(g, id -> 1, 2, 1);

        assertThat(plan.shards()).allSatisfy(shard -> assertThat(shard.size()).isBetween(2, 3));
        assertThat(plan.expectedMakespan()).isEqualTo(3.0);
        assertThat(plan.crossEdges(g)).hasSize(2);
        int other = 3 - plan.numberOf(id("network"));
        assertThat(plan.foreignDependencies(other, g)).containsExactly(id("network"));
    }

    @Test
    void moreShardsThanStacksLeavesShardsEmptyAndBadCountsAreRefused() {
        StackGraph g = graph("a", "", "b", "a");
        ShardPlan plan = ShardPlanner.plan(g, id -> 1, 4, 2);

        assertThat(plan.count()).isEqualTo(4);
        assertThat(plan.stacks()).containsExactlyElementsOf(ids("a", "b"));
        assertThat(plan.numberOf(id("a"))).isEqualTo(plan.numberOf(id("b")));
        assertThatThrownBy(() -> ShardPlanner.plan(g, id -> 1, 0, 1)).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> ShardPlanner.plan(g, id -> 1, 2, 0)).hasMessageContaining("at least 1");
    }

    @Test
    void aWeightThatIsNoPositiveNumberCountsOne() {
        StackGraph g = graph("a", "", "b", "");
        Map<StackId, Double> w = Map.of(id("a"), Double.NaN, id("b"), -3.0);
        assertThat(ShardPlanner.plan(g, w::get, 1, 1).expectedMakespan()).isEqualTo(2.0);
    }

    @Test
    void aPlanRefusesAStackInTwoShards() {
        assertThatThrownBy(() -> ShardPlan.of(List.of(new TreeSet<>(ids("a")), new TreeSet<>(ids("a", "b"))), 0))
                .hasMessageContaining("a is in two shards");
        assertThatThrownBy(() -> ShardPlan.of(List.of(new TreeSet<>(ids("a"))), 0).shard(2)).hasMessageContaining("between 1 and 1");
    }
}
