package io.stackdrift.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.RunOrder;
import io.stackdrift.model.StackId;

/** What PIT found unchecked in the graph package: a graph as a value, the cycle check, and the small values around it. */
class GraphValuesTest {
    private static StackId id(final String value) {
        return StackId.of(value);
    }

    /** Pairs of (stack, comma-separated dependencies). */
    private static Map<StackId, List<StackId>> edges(final String... pairs) {
        Map<StackId, List<StackId>> map = new TreeMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            List<StackId> targets = new ArrayList<>();
            for (String target : pairs[i + 1].split(",", -1)) {
                if (!target.isBlank()) {
                    targets.add(id(target));
                }
            }
            map.put(id(pairs[i]), targets);
        }
        return map;
    }

    @Test
    void aGraphIsAnImmutableValueOfItsEdges() {
        StackGraph graph = StackGraph.of(edges("net", "", "app", "net"));
        StackGraph same = StackGraph.of(edges("app", "net", "net", ""));
        StackGraph apart = StackGraph.of(edges("net", "", "app", ""));

        assertThat(graph).isEqualTo(same).hasSameHashCodeAs(same).isNotEqualTo(apart).isNotEqualTo("net");
        assertThat(graph.toString()).isEqualTo("StackGraph{app=[net], net=[]}");
        assertThat(graph.contains(id("app"))).isTrue();
        assertThat(graph.contains(id("dns"))).isFalse();
        assertThatThrownBy(() -> graph.dependenciesOf(id("app")).add(id("dns"))).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> graph.dependentsOf(id("net")).add(id("dns"))).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aCycleInTheFileIsFoundWhateverElseTheGraphHolds() {
        // four stacks share one dependency; two others wait for each other
        Map<StackId, List<StackId>> hubAndCycle = edges("w", "t", "x", "t", "y", "t", "z", "t", "t", "", "p", "q", "q", "p");
        assertThatThrownBy(() -> StackGraph.of(hubAndCycle)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the file's dependsOn lists form a cycle: p -> q -> p");
        Map<StackId, List<StackId>> three = edges("a", "c", "b", "a", "c", "b", "d", "");
        assertThatThrownBy(() -> StackGraph.of(three)).hasMessageStartingWith("the file's dependsOn lists form a cycle: ");
        assertThat(StackGraph.of(edges("w", "t", "x", "t", "y", "t", "z", "t", "t", "")).stacks()).hasSize(5);
    }

    @Test
    void theFileMayNameOnlyStacksOfTheRun() {
        assertThatThrownBy(() -> StackGraph.build(edges("ghost", ""), Map.of(), Set.of(id("net"))))
                .hasMessage("the file names stack ghost, which is not a stack of this run");
    }

    @Test
    void eachGroupOfARunOrderIsSortedById() {
        // m is ready before z (its dependency y sorts first), yet c (after z) still comes first in the group
        Map<StackId, List<StackId>> file = edges("y", "", "z", "", "m", "y", "c", "z");
        RunOrder order = RunOrders.of(StackGraph.build(file, Map.of(), file.keySet()), file);
        assertThat(order.groups()).containsExactly(List.of(id("y"), id("z")), List.of(id("c"), id("m")));
    }

    @Test
    void edgesSortByDependentThenDependency() {
        DependencyEdge appDb = new DependencyEdge(id("app"), id("db"));
        DependencyEdge appNet = new DependencyEdge(id("app"), id("net"));
        DependencyEdge dbNet = new DependencyEdge(id("db"), id("net"));
        assertThat(new TreeSet<>(List.of(dbNet, appNet, appDb))).containsExactly(appDb, appNet, dbNet);
        assertThat(appDb).hasToString("app -> db");
    }

    @Test
    void aPatternThatMatchesNothingNamesTenKnownStacksAndCountsTheRest() {
        Set<StackId> known = new TreeSet<>();
        for (int i = 10; i < 22; i++) {
            known.add(id("s" + i));
        }
        assertThat(StackSelection.of(List.of("nope")).resolve(known).problems()).containsExactly(
                "'nope' matches no stack; known stacks: s10, s11, s12, s13, s14, s15, s16, s17, s18, s19 … (2 more)");
        assertThat(StackSelection.of(List.of("a*", " ", "b")).toString()).isEqualTo("a*, b");
        assertThat(StackSelection.of(List.of(" ")).toString()).isEqualTo("a blank selection");
        assertThat(StackSelection.all().toString()).isEqualTo("all stacks");
    }

    private static StackResult result(final String stack, final StackState state, final String blockedBy) {
        return new StackResult(id(stack), state, "", -1, 0, Duration.ZERO, blockedBy == null ? null : id(blockedBy));
    }

    @Test
    void aRunWentWhenNothingFailedNorWasKeptFromStarting() {
        StackResult ok = result("a", StackState.SUCCEEDED, null);
        StackResult nothing = result("b", StackState.NOTHING_TO_DO, null);
        StackResult skippedByTask = result("c", StackState.SKIPPED, null);
        assertThat(new ScheduleResult(List.of(ok, nothing, skippedByTask), false).allWent()).isTrue();
        assertThat(new ScheduleResult(List.of(ok), true).allWent()).isFalse();
        assertThat(new ScheduleResult(List.of(ok, result("d", StackState.SKIPPED, "a")), false).allWent()).isFalse();
        assertThat(new ScheduleResult(List.of(ok, result("e", StackState.FAILED, null)), false).allWent()).isFalse();
        assertThat(new ScheduleResult(List.of(ok, result("f", StackState.AWAITING_APPROVAL, null)), false).allWent()).isFalse();
        assertThat(new ScheduleResult(List.of(ok, nothing), false).inState(StackState.NOTHING_TO_DO)).containsExactly(nothing);
        assertThat(StackState.NOTHING_TO_DO).hasToString("nothing to deploy");
    }

    @Test
    void durationsChangeUnitExactlyAtTenSecondsAMinuteAndAnHour() {
        assertThat(ProgressLines.duration(Duration.ofMillis(9_949))).isEqualTo("9.9s");
        assertThat(ProgressLines.duration(Duration.ofSeconds(10))).isEqualTo("10s");
        assertThat(ProgressLines.duration(Duration.ofSeconds(60))).isEqualTo("1m00s");
        assertThat(ProgressLines.duration(Duration.ofSeconds(3600))).isEqualTo("1h00m");
    }
}
