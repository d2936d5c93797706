package io.stackdrift.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No test keys anything on the CI variable: Jenkins sets {@code CI=true} in every build (ci.jenkins.io too), where
 * {@code ../shared} and Chromium are absent, so a test that turned strict on it failed there. Strictness keys on the
 * project's own switch ({@link Fixtures#SWITCH}). The scan reads every module's test sources for the variable's name
 * as a string literal, which any read of it ({@code getenv}, an environment map) needs.
 */
class NoCiSwitchTest {
    /** The name between quotes, not inside another literal (where the quotes would be escaped). */
    private static final Pattern CI_LITERAL = Pattern.compile("(?<!\\\\)\"CI\"");

    @TempDir
    Path dir;

    /** Where a Java source under {@code root} whose path has {@code under} in it names the variable: file:line. */
    static List<String> readsOfCi(final Path root, final String under) {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> root.relativize(f).toString().replace('\\', '/').contains(under)).sorted().toList()) {
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                for (int i = 0; i < lines.size(); i++) {
                    if (CI_LITERAL.matcher(lines.get(i)).find()) {
                        found.add(root.relativize(file).toString().replace('\\', '/') + ":" + (i + 1));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    @Test
    void noTestSourceOfAnyModuleReadsTheCiVariable() {
        Path checkout = Fixtures.checkout();

        assertThat(readsOfCi(checkout, "/src/test/")).isEmpty();
        // the scan sees every module's tests
        assertThat(checkout.resolve("cli/src/test/java")).isDirectory();
        assertThat(checkout.resolve("plugin/src/test/java")).isDirectory();
    }

    @Test
    void thePlantedReadsAreFound() throws IOException {
        Files.writeString(dir.resolve("Strict.java"), """
                class Strict {
                    boolean strict() {
                        return "true".equals(System.getenv(\"CI\"));
                    }

                    boolean map() {
                        return System.getenv().containsKey( \"CI\" );
                    }
                }
                """);
        Path nested = Files.createDirectories(dir.resolve("a/b"));
        Files.writeString(nested.resolve("Constant.java"), "class Constant {\n    static final String NAME = \"CI\";\n}\n");
        Files.writeString(nested.resolve("Fine.java"), """
                class Fine {
                    String circle = System.getenv("CIRCLECI");
                    String quoted = "the variable \\\"CI\\\" is never read";
                    String own = System.getenv("STACKDRIFT_REQUIRE_FIXTURES");
                }
                """);

        assertThat(readsOfCi(dir, "")).containsExactly("Strict.java:3", "Strict.java:7", "a/b/Constant.java:2");
        assertThat(readsOfCi(dir, "/b/")).containsExactly("a/b/Constant.java:2");
    }
}
