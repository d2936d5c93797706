package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Problem;

class ErrorJsonTest {
    @Test
    void everyKeyIsThereAndAnUnknownOneIsEmpty() throws Exception {
        Map<String, Object> json = new ObjectMapper().readValue(
                ErrorJson.json(new ErrorJson.Failure("it broke", null, "--record", null, 0, 0), 1, List.of(), List.of()),
                new TypeReference<>() { });

        assertThat(json.keySet()).containsExactly("error", "exitCode", "problems", "warnings");
        assertThat(json.get("error")).isEqualTo(Map.of("message", "it broke", "hint", "", "option", "--record", "file", "",
                "line", 0, "column", 0));
        assertThat(json.get("exitCode")).isEqualTo(1);
    }

    @Test
    void aConfigurationProblemIsTheErrorAndEveryProblemIsListed() throws Exception {
        Problem first = new Problem("stacks.yaml", 2, 10, "directory `missing` does not exist", "fix dir");
        Problem second = new Problem("stacks.yaml", 4, 3, "unknown key", "");
        Map<String, Object> json = new ObjectMapper().readValue(
                ErrorJson.json(ErrorJson.Failure.of(first), 1, List.of(first, second), List.of()), new TypeReference<>() { });

        assertThat(json.get("error")).isEqualTo(Map.of("message", "directory `missing` does not exist", "hint", "fix dir", "option", "",
                "file", "stacks.yaml", "line", 2, "column", 10));
        assertThat((List<?>) json.get("problems")).hasSize(2);
    }
}
