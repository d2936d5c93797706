package io.stackdrift.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.RunOrder;
import io.stackdrift.model.RunOrder.Edge;
import io.stackdrift.model.RunOrder.Origin;
import io.stackdrift.model.StackId;

class RunOrdersTest {
    private static StackId id(final String value) {
        return StackId.of(value);
    }

    @Test
    void stacksSitInTheEarliestGroupTheirDependenciesAllow() {
        Map<StackId, List<StackId>> file = Map.of(
                id("network"), List.of(),
                id("dns"), List.of(id("network")),
                id("db"), List.of(id("network")),
                id("app"), List.of(id("db"), id("dns")),
                id("lonely"), List.of());
        RunOrder order = RunOrders.of(StackGraph.build(file, Map.of(), file.keySet()), file);
        assertThat(order.groups()).containsExactly(
                List.of(id("lonely"), id("network")),
                List.of(id("db"), id("dns")),
                List.of(id("app")));
        assertThat(order.edges()).allMatch(edge -> edge.origin() == Origin.FILE).hasSize(4);
    }

    @Test
    void edgesReadFromReferencesAreMarked() {
        Map<StackId, List<StackId>> file = Map.of(id("platform:prod"), List.of(), id("shop:prod"), List.of());
        Map<StackId, List<StackId>> read = Map.of(id("shop:prod"), List.of(id("platform:prod")));
        RunOrder order = RunOrders.of(StackGraph.build(file, read, file.keySet()), file);
        assertThat(order.groups()).containsExactly(List.of(id("platform:prod")), List.of(id("shop:prod")));
        assertThat(order.edges()).containsExactly(new Edge(id("shop:prod"), id("platform:prod"), Origin.REFERENCE));
    }

    @Test
    void edgesReadFromRemoteStateAreMarkedApartFromReferencesAndTheFileWins() {
        Map<StackId, List<StackId>> file = Map.of(id("network"), List.of(), id("dns"), List.of(), id("app"), List.of(id("dns")),
                id("shop:prod"), List.of());
        Map<StackId, List<StackId>> state = Map.of(id("app"), List.of(id("dns"), id("network")));
        Map<StackId, List<StackId>> read = Map.of(id("shop:prod"), List.of(id("app")));
        RunOrder order = RunOrders.of(StackGraph.build(file, state, read, file.keySet()), file);
        assertThat(order.edges()).containsExactlyInAnyOrder(new Edge(id("app"), id("dns"), Origin.FILE),
                new Edge(id("app"), id("network"), Origin.STATE), new Edge(id("shop:prod"), id("app"), Origin.REFERENCE));
        assertThat(Origin.STATE.word()).isEqualTo("state");
    }

    @Test
    void aDroppedCycleEdgeIsNoEdgeAndLeavesANote() {
        Map<StackId, List<StackId>> file = Map.of(id("a"), List.of(id("b")), id("b"), List.of());
        Map<StackId, List<StackId>> read = Map.of(id("b"), List.of(id("a")));
        RunOrder order = RunOrders.of(StackGraph.build(file, read, file.keySet()), file);
        assertThat(order.groups()).containsExactly(List.of(id("b")), List.of(id("a")));
        assertThat(order.notes()).singleElement().asString().contains("cycle");
    }

    /** Random DAGs: every stack once, each edge points to an earlier group, each stack as early as it can be. */
    @Test
    void groupsAreALayeringOfRandomGraphs() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int trial = 0; trial < 300; trial++) {
            int size = 1 + random.nextInt(40);
            Map<StackId, List<StackId>> file = new TreeMap<>();
            for (int i = 0; i < size; i++) {
                List<StackId> deps = new ArrayList<>();
                for (int j = 0; j < i; j++) {
                    if (random.nextInt(6) == 0) {
                        deps.add(id("s" + j));
                    }
                }
                file.put(id("s" + i), deps);
            }
            RunOrder order = RunOrders.of(StackGraph.build(file, Map.of(), file.keySet()), file);
            Map<StackId, Integer> groupOf = new TreeMap<>();
            for (int g = 0; g < order.groups().size(); g++) {
                for (StackId stack : order.groups().get(g)) {
                    assertThat(groupOf.put(stack, g)).as("seed %d: %s in one group only", seed, stack).isNull();
                }
            }
            assertThat(groupOf.keySet()).as("seed %d", seed).isEqualTo(new TreeSet<>(file.keySet()));
            file.forEach((stack, deps) -> {
                int latest = deps.stream().mapToInt(groupOf::get).max().orElse(-1);
                assertThat(groupOf.get(stack)).as("seed %d: %s right after its latest dependency", seed, stack)
                        .isEqualTo(latest + 1);
            });
            assertThat(order.stacks()).isEqualTo(Set.copyOf(file.keySet()));
        }
    }
}
