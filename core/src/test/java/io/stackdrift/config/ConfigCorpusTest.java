package io.stackdrift.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every file in config-corpus/cases is a broken stacks.yaml; expected.txt lists, per file, every
 * problem it must produce (line:column and the exact message, in order). The cases run against the
 * small repository in config-corpus/repo.
 */
class ConfigCorpusTest {
    private static final Path CORPUS = Path.of("src/test/resources/config-corpus");
    private static final Path CASES = CORPUS.resolve("cases");
    private static final Path REPO = CORPUS.resolve("repo");

    static Stream<String> cases() throws IOException {
        try (Stream<Path> files = Files.list(CASES)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList().stream();
        }
    }

    @Test
    void theCorpusHasAtLeastFortyCasesAndEachHasExpectations() throws IOException {
        List<String> cases = cases().toList();
        assertThat(cases).hasSizeGreaterThanOrEqualTo(40);
        assertThat(expectations().keySet()).containsExactlyInAnyOrderElementsOf(cases);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachBadFileGivesExactlyTheExpectedProblems(final String name) throws IOException {
        Path file = CASES.resolve(name);

        ConfigResult result = new ConfigLoader(4).read(file, REPO);

        assertThat(result.isValid()).as("a broken file is never valid").isFalse();
        List<String> actual = result.problems().stream().map(p -> p.line() + ":" + p.column() + " | " + p.message()).toList();
        assertThat(actual).containsExactlyElementsOf(expectations().get(name));
        assertThat(result.problems()).allSatisfy(problem -> {
            assertThat(problem.hint()).as("every problem shows how to write it").isNotBlank();
            assertThat(problem.file()).isEqualTo(file.toString().replace('\\', '/'));
            assertThat(problem.format()).doesNotContain("Exception").doesNotContain("\tat ");
        });
    }

    private static Map<String, List<String>> expectations() throws IOException {
        Map<String, List<String>> expected = new LinkedHashMap<>();
        for (String line : Files.readAllLines(CORPUS.resolve("expected.txt"), StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split(" \\| ", 2);
            expected.computeIfAbsent(parts[0], k -> new ArrayList<>()).add(parts[1]);
        }
        return expected;
    }
}
