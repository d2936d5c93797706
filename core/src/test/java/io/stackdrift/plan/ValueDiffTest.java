package io.stackdrift.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class ValueDiffTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode json(final String text) throws JsonProcessingException {
        return text == null ? null : MAPPER.readTree(text);
    }

    private static List<String> diff(final String before, final String after, final String unknown, final String beforeSensitive,
            final String afterSensitive) throws JsonProcessingException {
        return ValueDiff.changedPaths(json(before), json(after), json(unknown), json(beforeSensitive), json(afterSensitive));
    }

    @Test
    void equalValuesNameNothingAndNumbersCompareByValue() throws JsonProcessingException {
        assertThat(diff("{\"a\":1,\"b\":[1,2],\"c\":null}", "{\"a\":1.0,\"b\":[1,2]}", "{}", "{}", "{}")).isEmpty();
    }

    @Test
    void leavesListsAndMaps() throws JsonProcessingException {
        assertThat(diff("{\"a\":1,\"l\":[{\"x\":1}],\"m\":{\"k\":\"v\"}}", "{\"a\":2,\"l\":[{\"x\":2},{\"x\":3}],\"m\":{\"k2\":\"v\"}}",
                "{}", "{}", "{}")).containsExactly("a", "l[0].x", "l[1]", "m.k", "m.k2");
    }

    @Test
    void unknownAfterValuesAreChanges() throws JsonProcessingException {
        assertThat(diff("{\"id\":\"x\",\"n\":{\"a\":1}}", "{\"n\":{}}", "{\"id\":true,\"n\":{\"a\":true}}", "{}", "{}"))
                .containsExactly("id", "n.a");
    }

    @Test
    void sensitiveMasksStopThePathAndHideUnchangedSecrets() throws JsonProcessingException {
        assertThat(diff("{\"s\":{\"k1\":\"a\"},\"t\":\"same\"}", "{\"s\":{\"k2\":\"a\"},\"t\":\"same\"}", "{}",
                "{\"s\":true,\"t\":true}", "{\"s\":true,\"t\":true}")).containsExactly("s");
        assertThat(diff("{\"l\":[\"a\",\"b\"]}", "{\"l\":[\"a\",\"c\"]}", "{}", "{\"l\":[false,true]}", "false"))
                .containsExactly("l[1]");
        assertThat(diff("{\"a\":1}", "{\"a\":2}", "{}", "true", "true")).isEmpty();
    }

    @Test
    void typeChangesNameTheAttribute() throws JsonProcessingException {
        assertThat(diff("{\"a\":{\"x\":1},\"b\":[1]}", "{\"a\":[1],\"b\":null}", "{}", "{}", "{}")).containsExactly("a", "b");
    }
}
