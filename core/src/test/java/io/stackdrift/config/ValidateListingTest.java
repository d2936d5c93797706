package io.stackdrift.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Problem;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

class ValidateListingTest {
    private static final StackConfig NETWORK = new StackConfig(StackId.of("network"), Tool.TOFU, "network", "", List.of(), false,
            new DriftSettings(true, DriftMode.CORRECT, Duration.ofMinutes(15),
                    List.of(new IgnoreRule(List.of("aws_autoscaling_group.web.desired_capacity"), "the autoscaler owns it")), 5, true),
            Duration.ofMinutes(15), Policy.ON_CHANGE, Map.of("AWS_SECRET_ACCESS_KEY", "net-secret", "AWS_ACCESS_KEY_ID", "net-key"),
            Optional.of(new Outputs("out/network.json", false)));
    private static final StackConfig APP = new StackConfig(StackId.of("shop-app:prod"), Tool.PULUMI, "app", "prod",
            List.of(StackId.of("network")), true, new DriftSettings(false, DriftMode.REPORT, Duration.ofHours(24), List.of()),
            Duration.ZERO, Policy.ONCE, Map.of(), Optional.empty());

    private static StacksConfig config(final StackConfig... stacks) {
        return new StacksConfig(Path.of("stacks.yaml"), Path.of("."), 3, List.of(stacks), List.of());
    }

    @Test
    void listsEveryStackWithItsSettingsAndADependsOnColumnWhenAnyStackHasOne() {
        String text = ValidateListing.text(config(APP, NETWORK), List.of(new IgnoredStack(StackId.of("legacy"), "legacy", "moved")));

        // CHECKSTYLE.OFF: LineLength - the listing's table is as wide as its widest row, and the test shows it whole
        assertThat(text).isEqualTo("""
                2 stacks · 1 left out by ignore · parallelism 3
                STACK          TOOL    DIRECTORY  DRIFT                              REAPPLY  POLICY    MAX CHANGES  REPLACE  CREDENTIALS                               DEPENDS ON
                shop-app:prod  pulumi  app        disabled                           never    once      no limit     asks     -                                         auto, network
                network        tofu    network    correct every 15m, 1 path ignored  15m      onChange  5            allowed  AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY  -
                network leaves to its owner: aws_autoscaling_group.web.desired_capacity (the autoscaler owns it)
                network writes its outputs to out/network.json
                left out: legacy (moved)
                """);
        // CHECKSTYLE.ON: LineLength
    }

    @Test
    void withoutDependenciesThereIsNoDependsOnColumn() {
        String text = ValidateListing.text(config(NETWORK), List.of());

        assertThat(text.lines().toList().get(1)).startsWith("STACK").doesNotContain("DEPENDS ON");
        assertThat(text).startsWith("1 stack · parallelism 3\n");
    }

    @Test
    void theTableShowsCredentialsVariableNamesOnly() {
        assertThat(ValidateListing.text(config(NETWORK), List.of())).doesNotContain("net-secret").doesNotContain("net-key");
    }

    @Test
    void controlCharactersInNamesNeverReachTheTerminal() {
        StackConfig odd = new StackConfig(StackId.of("evil\u001b[31m"), Tool.TERRAFORM, "evil\u001b[31m", "", List.of(), false,
                DriftSettings.defaults(), Duration.ZERO, Policy.ON_CHANGE, Map.of(), Optional.empty());
        assertThat(ValidateListing.text(config(odd), List.of())).doesNotContain("\u001b").contains("evil?[31m");
    }

    @Test
    void jsonCarriesTheSameSettings() throws Exception {
        JsonNode json = new ObjectMapper().readTree(ValidateListing.json(config(APP, NETWORK), List.of()));

        assertThat(json.get("valid").asBoolean()).isTrue();
        assertThat(json.get("parallelism").asInt()).isEqualTo(3);
        JsonNode app = json.get("stacks").get(0);
        assertThat(app.get("id").asText()).isEqualTo("shop-app:prod");
        assertThat(app.get("dependsOnAuto").asBoolean()).isTrue();
        assertThat(app.get("dependsOn").get(0).asText()).isEqualTo("network");
        assertThat(app.get("reapply").asText()).isEqualTo("0");
        assertThat(app.get("outputs").isNull()).isTrue();
        assertThat(app.get("drift").get("maxChanges").isNull()).isTrue();
        assertThat(app.get("drift").get("allowReplace").asBoolean()).isFalse();
        assertThat(app.get("policy").asText()).isEqualTo("once");
        JsonNode network = json.get("stacks").get(1);
        assertThat(network.get("drift").get("mode").asText()).isEqualTo("correct");
        assertThat(network.get("drift").get("every").asText()).isEqualTo("15m");
        assertThat(network.get("drift").get("maxChanges").asInt()).isEqualTo(5);
        assertThat(network.get("drift").get("allowReplace").asBoolean()).isTrue();
        assertThat(network.get("drift").get("ignore").get(0).get("reason").asText()).isEqualTo("the autoscaler owns it");
        assertThat(network.get("credentials").get("AWS_ACCESS_KEY_ID").asText()).isEqualTo("net-key");
        assertThat(network.get("outputs").get("file").asText()).isEqualTo("out/network.json");
    }

    @Test
    void problemsAsJson() throws Exception {
        JsonNode json = new ObjectMapper().readTree(ValidateListing.problemsJson(
                List.of(new Problem("stacks.yaml", 3, 5, "unknown key `x`", "write y")), List.of()));

        assertThat(json.get("valid").asBoolean()).isFalse();
        assertThat(json.get("problems").get(0).get("line").asInt()).isEqualTo(3);
        assertThat(json.get("problems").get(0).get("hint").asText()).isEqualTo("write y");
    }
}
