package io.stackdrift.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

import static org.assertj.core.api.Assertions.assertThat;

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

    @Property(tries = 300)
    void anyTextGivesAModelOrProblems(@ForAll final String text) {
        assertAnswered(ConfigLoader.parse(text, "stacks.yaml", REPO));
    }

    @Property(tries = 300)
    void anyNestedStructureRenderedAsYamlGivesAModelOrProblems(@ForAll("documents") final Map<String, Object> document)
            throws JsonProcessingException {
        assertAnswered(ConfigLoader.parse(YAML.writeValueAsString(document), "stacks.yaml", REPO));
    }

    @Property(tries = 300)
    void anyEditOfAValidFileGivesAModelOrProblems(@ForAll("edits") final String text) {
        assertAnswered(ConfigLoader.parse(text, "stacks.yaml", REPO));
    }

    @Example
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

    @Provide
    Arbitrary<Map<String, Object>> documents() {
        return Arbitraries.maps(keys(), value(3)).ofMaxSize(6);
    }

    private static Arbitrary<String> keys() {
        return Arbitraries.frequencyOf(Tuple.of(5, Arbitraries.of(KEYS)), Tuple.of(1, Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(8)));
    }

    private static Arbitrary<Object> value(final int depth) {
        Arbitrary<Object> scalar = Arbitraries.oneOf(Arbitraries.of(WORDS), Arbitraries.strings().ofMaxLength(12),
                Arbitraries.integers().between(-5, 100), Arbitraries.of(true, false), Arbitraries.doubles().between(-2, 2));
        if (depth == 0) {
            return scalar;
        }
        Arbitrary<Object> list = Arbitraries.lazy(() -> value(depth - 1)).list().ofMaxSize(4).map(l -> l);
        Arbitrary<Object> map = Arbitraries.maps(keys(), Arbitraries.lazy(() -> value(depth - 1))).ofMaxSize(5).map(m -> m);
        return Arbitraries.frequencyOf(Tuple.of(4, scalar), Tuple.of(2, list), Tuple.of(3, map));
    }

    @Provide
    Arbitrary<String> edits() {
        Arbitrary<String> inserted = Arbitraries.oneOf(Arbitraries.of(" ", "\t", "\n", ":", "-", "[", "]", "{", "'", "\"", "*", "&", "#",
                "  ", "\n  - ", "~", "!!binary ", "\u0000"), Arbitraries.strings().ofMaxLength(4));
        return Arbitraries.integers().between(1, 4).flatMap(count -> {
            Arbitrary<String> text = Arbitraries.just(VALID);
            for (int i = 0; i < count; i++) {
                text = text.flatMap(current -> Arbitraries.integers().between(0, current.length()).flatMap(at ->
                        Arbitraries.integers().between(0, 2).flatMap(kind -> inserted.flatMap(piece -> Arbitraries.integers().between(1, 5)
                                .map(length -> edit(current, at, kind, piece, length))))));
            }
            return text;
        });
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
