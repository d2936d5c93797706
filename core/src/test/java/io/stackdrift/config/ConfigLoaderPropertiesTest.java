package io.stackdrift.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.junit.jupiter.api.Test;

import io.stackdrift.testing.Gen;
import io.stackdrift.testing.Tries;

/**
 * Whatever text arrives as stacks.yaml, the loader answers with a configuration or with problems,
 * never with an exception, and never both.
 */
class ConfigLoaderPropertiesTest {
    private static final Path REPO = Path.of("src/test/resources/config-corpus/repo");
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final List<String> KEYS = Stream.of(ConfigParser.TOP_KEYS, ConfigParser.DRIFT_KEYS, ConfigParser.ENTRY_KEYS,
            ConfigParser.RULE_KEYS, ConfigParser.IGNORE_KEYS, ConfigParser.OUTPUTS_KEYS, List.of("AWS_ACCESS_KEY_ID"))
            .flatMap(List::stream).distinct().toList();
    private static final List<String> WORDS = List.of("network", "dns", "platform", "app", "envs/*", "legacy/**", "modules/vpc",
            "auto", "prod", "dev", "default", "report", "correct", "approve", "off", "warn", "manual", "15m", "0", "1h30m", "6h",
            "onChange", "once", "tofu", "terraform", "pulumi", "shop-app:prod", "platform:prod", "aws_vpc.main.tags",
            "out/network.json", "../x", "/abs", "true", "*");
    /** What an edit inserts besides random text. */
    private static final List<String> INSERTED = List.of(" ", "\t", "\n", ":", "-", "[", "]", "{", "'", "\"", "*", "&", "#",
            "  ", "\n  - ", "~", "!!binary ", "\u0000");

    private static final String VALID = """
            drift:
              mode: report
              every: 6h
            reapply: 0
            stacks:
              - dir: network
                drift:
                  mode: correct
                  every: 15m
                  ignore:
                    - paths: [aws_vpc.main.tags.Owner]
                      reason: the cost team owns it
                outputs: out/network.json
              - dir: dns
                dependsOn: [network]
              - dir: app
                name: prod
                dependsOn: auto
            ignore:
              - dir: legacy/**
                reason: moved
            """;

    @Test
    void anyTextGivesAModelOrProblems() {
        Tries.check(300, gen -> assertAnswered(ConfigLoader.parse(gen.string(0, 255), "stacks.yaml", REPO)));
    }

    @Test
    void anyNestedStructureRenderedAsYamlGivesAModelOrProblems() {
        Tries.check(300, gen -> assertAnswered(ConfigLoader.parse(YAML.writeValueAsString(document(gen)), "stacks.yaml", REPO)));
    }

    @Test
    void anyEditOfAValidFileGivesAModelOrProblems() {
        Tries.check(300, gen -> assertAnswered(ConfigLoader.parse(edited(gen), "stacks.yaml", REPO)));
    }

    @Test
    void theUneditedFileIsValid() {
        assertThat(ConfigLoader.parse(VALID, "stacks.yaml", REPO).problems()).isEmpty();
    }

    private static void assertAnswered(final ConfigResult result) {
        if (result.isValid()) {
            assertThat(result.problems()).isEmpty();
            assertThat(result.config().stacks()).allSatisfy(s -> assertThat(s.dir()).doesNotStartWith("/").doesNotContain(".."));
        } else {
            assertThat(result.problems()).isNotEmpty().allSatisfy(p -> {
                assertThat(p.message()).isNotBlank();
                assertThat(p.hint()).isNotBlank();
                assertThat(p.line()).isNotNegative();
                assertThat(p.column()).isNotNegative();
            });
        }
    }

    private static Map<String, Object> document(final Gen gen) {
        return gen.map(6, () -> key(gen), () -> value(gen, 3));
    }

    private static String key(final Gen gen) {
        return gen.weighted(5, 1) == 0 ? gen.of(KEYS) : gen.string(1, 8, () -> gen.chars('a', 'z', "ABCDEFGHIJKLMNOPQRSTUVWXYZ"));
    }

    private static Object value(final Gen gen, final int depth) {
        int kind = depth == 0 ? 0 : gen.weighted(4, 2, 3);
        return switch (kind) {
            case 0 -> scalar(gen);
            case 1 -> gen.list(0, 4, () -> value(gen, depth - 1));
            default -> gen.map(5, () -> key(gen), () -> value(gen, depth - 1));
        };
    }

    private static Object scalar(final Gen gen) {
        return switch (gen.ints(0, 4)) {
            case 0 -> gen.of(WORDS);
            case 1 -> gen.string(0, 12);
            case 2 -> gen.ints(-5, 100);
            case 3 -> gen.bool();
            default -> gen.doubles(-2, 2);
        };
    }

    /** The valid file with one to four edits at random places. */
    private static String edited(final Gen gen) {
        String text = VALID;
        int count = gen.ints(1, 4);
        for (int i = 0; i < count; i++) {
            int at = gen.ints(0, text.length());
            int kind = gen.ints(0, 2);
            String piece = gen.bool() ? gen.of(INSERTED) : gen.string(0, 4);
            text = edit(text, at, kind, piece, gen.ints(1, 5));
        }
        return text;
    }

    /** kind 0 inserts the piece, 1 deletes some characters, 2 replaces them with the piece. */
    private static String edit(final String text, final int at, final int kind, final String piece, final int length) {
        int end = Math.min(text.length(), at + length);
        return switch (kind) {
            case 0 -> text.substring(0, at) + piece + text.substring(at);
            case 1 -> text.substring(0, at) + text.substring(end);
            default -> text.substring(0, at) + piece + text.substring(end);
        };
    }
}
