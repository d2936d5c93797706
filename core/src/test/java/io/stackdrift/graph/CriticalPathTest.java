package io.stackdrift.graph;

import static io.stackdrift.graph.Graphs.graph;
import static io.stackdrift.graph.Graphs.id;
import static io.stackdrift.graph.Graphs.ids;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

class CriticalPathTest {
    private final StackGraph g = graph("a", "", "b", "a", "c", "b", "d", "a", "e", "");

    @Test
    void countsTheLongestChainOfDependentsIncludingTheStackItself() {
        CriticalPath path = CriticalPath.byCount(g);

        assertThat(path.length(id("a"))).isEqualTo(3);
        assertThat(path.length(id("b"))).isEqualTo(2);
        assertThat(path.length(id("d"))).isEqualTo(1);
        assertThat(path.longest()).isEqualTo(3);
    }

    @Test
    void weighsChainsByEstimates() {
        CriticalPath path = CriticalPath.weighted(g, id -> id.value().equals("d") ? 100 : 1);

        assertThat(path.length(id("a"))).isEqualTo(101);
    }

    @Test
    void ordersLongestFirstThenById() {
        CriticalPath path = CriticalPath.byCount(g);

        assertThat(g.stacks().stream().sorted(path.firstToStart()).toList())
                .containsExactlyElementsOf(ids("a", "b", "c", "d", "e"));
    }

    @Test
    void estimatesFallBackToTheMedianForStacksWithoutHistory() {
        PriorityWeights weights = PriorityWeights.estimates(Map.of(id("a"), Duration.ofSeconds(10),
                id("b"), Duration.ofSeconds(30), id("c"), Duration.ofSeconds(90)));

        assertThat(weights.weight(id("a"))).isEqualTo(10_000);
        assertThat(weights.weight(id("new"))).isEqualTo(30_000);
        assertThat(PriorityWeights.estimates(Map.of()).weight(id("x"))).isEqualTo(1000);
    }
}
