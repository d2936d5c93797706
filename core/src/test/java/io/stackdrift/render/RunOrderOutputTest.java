package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import io.stackdrift.graph.RunOrders;
import io.stackdrift.graph.StackGraph;
import io.stackdrift.model.RunOrder;
import io.stackdrift.model.StackId;

class RunOrderOutputTest {
    private static final StackId NETWORK = StackId.of("network");
    private static final StackId DNS = StackId.of("dns");
    private static final StackId APP = StackId.of("shop:prod");

    private final Map<StackId, List<StackId>> file = Map.of(NETWORK, List.of(), DNS, List.of(NETWORK), APP, List.of());
    private final RunOrder order = RunOrders.of(
            StackGraph.build(file, Map.of(APP, List.of(DNS)), file.keySet()), file);

    @Test
    void theJsonAndTheStepsMapHaveOneShapeAndTheJsonAddsTheNotes() throws IOException {
        RunOrder noted = new RunOrder(order.groups(), order.edges(), List.of("an edge was dropped"));
        Map<String, Object> json = new ObjectMapper().readValue(RunOrderOutput.json(noted), new TypeReference<>() { });
        Map<String, Object> map = new LinkedHashMap<>(RunMaps.runOrder(noted));
        map.put("notes", List.of("an edge was dropped"));
        assertThat(json).isEqualTo(map);
        assertThat(json.keySet()).containsExactly("groups", "edges", "notes");
        assertThat(json.get("edges")).isEqualTo(List.of(Map.of("stack", "dns", "dependsOn", "network", "from", "file"),
                Map.of("stack", "shop:prod", "dependsOn", "dns", "from", "reference")));
        assertThat(RunOrderOutput.json(noted)).endsWith("}" + System.lineSeparator());
    }

    @Test
    void textListsGroupsThenEdgesWithWhereTheyWereRead() {
        assertThat(RunOrderOutput.text(order)).isEqualTo("""
                group 1: network
                group 2: dns
                group 3: shop:prod
                dns depends on network (file)
                shop:prod depends on dns (reference)
                3 groups, 3 stacks, 2 edges
                """);
    }

    @Test
    void anEdgeReadFromRemoteStateIsMarkedStateAndDashedLikeAReference() {
        Map<StackId, List<StackId>> plain = Map.of(NETWORK, List.of(), DNS, List.of(), APP, List.of());
        RunOrder read = RunOrders.of(StackGraph.build(plain, Map.of(DNS, List.of(NETWORK)), Map.of(APP, List.of(DNS)),
                plain.keySet()), plain);

        assertThat(RunOrderOutput.text(read)).contains("dns depends on network (state)\n", "shop:prod depends on dns (reference)\n");
        assertThat(RunOrderOutput.dot(read)).contains("\"network\" -> \"dns\" [style=dashed];", "\"dns\" -> \"shop:prod\" [style=dashed];");
        assertThat(RunOrderOutput.json(read)).contains("\"from\" : \"state\"");
    }

    @Test
    void textSaysWhichEdgeWasLeftOutAsTheJsonDoes() {
        Map<StackId, List<StackId>> cycle = Map.of(NETWORK, List.of(), DNS, List.of(NETWORK));
        StackGraph.Build built = StackGraph.build(cycle, Map.of(NETWORK, List.of(DNS)), cycle.keySet());
        RunOrder closing = RunOrders.of(built, cycle);

        assertThat(closing.notes()).hasSize(1);
        assertThat(RunOrderOutput.text(closing)).contains("note: " + closing.notes().get(0) + "\n")
                .contains("network's dependency on dns").endsWith("2 groups, 2 stacks, 1 edge\n");
    }

    @Test
    void dotQuotesIdsAndDashesReferenceEdges() {
        Map<StackId, List<StackId>> odd = Map.of(StackId.of("a\"b"), List.of());
        assertThat(RunOrderOutput.dot(RunOrders.of(StackGraph.build(odd, Map.of(), odd.keySet()), odd)))
                .contains("\"a\\\"b\"");
        assertThat(RunOrderOutput.dot(order)).contains("\"network\" -> \"dns\";")
                .contains("\"dns\" -> \"shop:prod\" [style=dashed];");
    }

    @Test
    void controlCharactersInIdsAreInertInText() {
        Map<StackId, List<StackId>> odd = Map.of(StackId.of("evil\u001b[2J"), List.of());
        assertThat(RunOrderOutput.text(RunOrders.of(StackGraph.build(odd, Map.of(), odd.keySet()), odd)))
                .doesNotContain("\u001b").contains("evil\\u001B[2J");
    }
}
