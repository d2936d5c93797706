package io.stackdrift.graph;

import static io.stackdrift.graph.Graphs.deps;
import static io.stackdrift.graph.Graphs.graph;
import static io.stackdrift.graph.Graphs.id;
import static io.stackdrift.graph.Graphs.idSet;
import static io.stackdrift.graph.Graphs.ids;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.DriftSettings;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.config.StacksConfig;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

class StackGraphTest {
    @Test
    void keepsTheFileEdgesBothWays() {
        StackGraph g = graph("dns", "", "network", "dns", "app", "network,dns");

        assertThat(g.stacks()).containsExactlyElementsOf(ids("app", "dns", "network"));
        assertThat(g.dependenciesOf(id("app"))).containsExactlyElementsOf(ids("dns", "network"));
        assertThat(g.dependentsOf(id("dns"))).containsExactlyElementsOf(ids("app", "network"));
        assertThat(g.edges()).hasSize(3);
    }

    @Test
    void addsRowEdgesOfAutoStacks() {
        StackGraph.Build built = StackGraph.build(deps("a", "", "b", "", "c", ""), deps("c", "a,b"), idSet("a", "b", "c"));

        assertThat(built.graph().dependenciesOf(id("c"))).containsExactlyElementsOf(ids("a", "b"));
        assertThat(built.dropped()).isEmpty();
        assertThat(built.notes()).isEmpty();
    }

    @Test
    void leavesOutUnknownIdsAndSelfReferencesOfARowWithANote() {
        StackGraph.Build built = StackGraph.build(deps("a", "", "b", ""), deps("b", "a,b,gone:prod"), idSet("a", "b"));

        assertThat(built.graph().dependenciesOf(id("b"))).containsExactly(id("a"));
        assertThat(built.dropped()).isEmpty();
        assertThat(built.notes()).containsExactly(
                "left out b's dependency on itself read from its latest row",
                "left out b's dependency on gone:prod read from its latest row: no such stack");
    }

    @Test
    void dropsARowEdgeThatWouldCloseACycleWithTheFileAndSaysWhich() {
        // file: network depends on app; app's row says it reads network → would close the cycle
        StackGraph.Build built = StackGraph.build(deps("app", "", "network", "app"), deps("app", "network"),
                idSet("app", "network"));

        assertThat(built.graph().dependenciesOf(id("app"))).isEmpty();
        assertThat(built.dropped()).containsExactly(new DependencyEdge(id("app"), id("network")));
        assertThat(built.notes()).containsExactly(
                "dropped app's dependency on network read from its latest row: it would close the cycle app -> network -> app");
    }

    @Test
    void dropsTheLaterRowEdgeInStackIdOrderWhenTwoRowsCloseACycle() {
        // a reads c, c reads b, b reads a: the edge read last in id order (c -> b) closes the cycle and goes,
        // whatever order the map iterates in
        Map<StackId, List<StackId>> rows = new LinkedHashMap<>();
        rows.put(id("c"), ids("b"));
        rows.put(id("b"), ids("a"));
        rows.put(id("a"), ids("c"));
        StackGraph.Build built = StackGraph.build(deps("a", "", "b", "", "c", ""), rows, idSet("a", "b", "c"));

        assertThat(built.dropped()).containsExactly(new DependencyEdge(id("c"), id("b")));
        assertThat(built.notes()).singleElement().asString().contains("c -> b -> a -> c");
        assertThat(built.graph().edges()).containsExactly(new DependencyEdge(id("a"), id("c")),
                new DependencyEdge(id("b"), id("a")));
    }

    @Test
    void refusesFileEdgesTheConfigReaderShouldHaveRefused() {
        assertThatThrownBy(() -> graph("a", "b", "b", "a")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cycle").hasMessageContaining("a -> b -> a");
        assertThatThrownBy(() -> graph("a", "nope")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nope");
    }

    @Test
    void buildsFromTheConfigAndReadsRecordedDependenciesOnlyForAutoStacks() {
        StacksConfig config = new StacksConfig(Path.of("stacks.yaml"), Path.of("."), 4, List.of(
                stack("net:prod", List.of(), false), stack("app:prod", List.of(), true),
                stack("db", List.of(id("net:prod")), false)), List.of());
        Map<StackId, List<StackId>> recorded = Map.of(
                id("app:prod"), ids("net:prod"),
                id("db"), ids("app:prod"));   // db is not auto: what was recorded for it is not read

        StackGraph.Build built = StackGraph.of(config, recorded);

        assertThat(built.graph().dependenciesOf(id("app:prod"))).containsExactly(id("net:prod"));
        assertThat(built.graph().dependenciesOf(id("db"))).containsExactly(id("net:prod"));
    }

    @Test
    void aTerraformAutoStackTakesItsStateReadsNotItsRecordedListAndTheNotesComeFirst() {
        StackConfig app = new StackConfig(id("app"), Tool.TERRAFORM, "app", "", List.of(), true,
                new DriftSettings(true, DriftMode.REPORT, Duration.ofHours(24), List.of()), Duration.ofMinutes(60),
                Policy.ON_CHANGE, Map.of(), Optional.empty());
        StacksConfig config = new StacksConfig(Path.of("stacks.yaml"), Path.of("."), 4, List.of(app,
                stack("db", List.of(), false), stack("network", List.of(), false)), List.of(),
                Map.of(id("app"), ids("network")), List.of("app reads a state this repository does not deploy: …"));
        // a stale list recorded for app (db) is not read: the files say what a Terraform stack reads
        StackGraph.Build built = StackGraph.of(config, Map.of(id("app"), ids("db")));

        assertThat(built.graph().dependenciesOf(id("app"))).containsExactly(id("network"));
        assertThat(built.stateEdges()).containsExactly(new DependencyEdge(id("app"), id("network")));
        assertThat(built.notes()).containsExactly("app reads a state this repository does not deploy: …");
    }

    @Test
    void aStateEdgeThatWouldCloseACycleWithTheFileIsDroppedWithANoteLikeAReference() {
        StackGraph.Build built = StackGraph.build(deps("app", "", "network", "app"), deps("app", "network"), Map.of(),
                idSet("app", "network"));

        assertThat(built.graph().dependenciesOf(id("app"))).isEmpty();
        assertThat(built.stateEdges()).isEmpty();
        assertThat(built.dropped()).containsExactly(new DependencyEdge(id("app"), id("network")));
        assertThat(built.notes()).containsExactly("dropped app's dependency on network read from its terraform_remote_state:"
                + " it would close the cycle app -> network -> app");
    }

    @Test
    void findsTransitiveDependents() {
        StackGraph g = graph("a", "", "b", "a", "c", "b", "d", "", "e", "d,c");

        assertThat(g.transitiveDependents(id("a"))).containsExactlyElementsOf(ids("b", "c", "e"));
        assertThat(g.transitiveDependents(id("e"))).isEmpty();
    }

    @Test
    void ordersDependenciesFirstAndTiesById() {
        StackGraph g = graph("z", "", "a", "z", "m", "", "b", "m");

        assertThat(g.topologicalOrder()).containsExactlyElementsOf(ids("m", "b", "z", "a"));
    }

    @Test
    void reversesForADestroy() {
        StackGraph g = graph("dns", "", "network", "dns", "app", "network");

        StackGraph destroy = g.reversed();

        assertThat(destroy.topologicalOrder()).containsExactlyElementsOf(ids("app", "network", "dns"));
        assertThat(destroy.reversed()).isEqualTo(g);
    }

    @Test
    void aSelectionKeepsTheOrderThroughStacksLeftOut() {
        StackGraph g = graph("z", "", "y", "z", "x", "y", "w", "");

        StackGraph selected = g.restrictTo(idSet("x", "z", "w"));

        assertThat(selected.stacks()).containsExactlyElementsOf(ids("w", "x", "z"));
        assertThat(selected.dependenciesOf(id("x"))).containsExactly(id("z"));
        assertThat(g.restrictTo(idSet("x")).dependenciesOf(id("x"))).isEmpty();
    }

    @Test
    void canBringDependenciesOrDependentsAlong() {
        StackGraph g = graph("z", "", "y", "z", "x", "y", "w", "");

        assertThat(g.withDependencies(idSet("x"))).containsExactlyElementsOf(ids("x", "y", "z"));
        assertThat(g.withDependents(idSet("z"))).containsExactlyElementsOf(ids("x", "y", "z"));
    }

    private static StackConfig stack(final String id, final List<StackId> dependsOn, final boolean auto) {
        return new StackConfig(id(id), auto ? Tool.PULUMI : Tool.TOFU, id, "", dependsOn, auto,
                new DriftSettings(true, DriftMode.REPORT, Duration.ofHours(24), List.of()), Duration.ofMinutes(60),
                Policy.ON_CHANGE, Map.of(), Optional.empty());
    }

}
