package io.stackdrift.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import net.sourceforge.pmd.cpd.CPDConfiguration;
import net.sourceforge.pmd.cpd.CpdAnalysis;
import net.sourceforge.pmd.cpd.Mark;
import net.sourceforge.pmd.cpd.Match;
import net.sourceforge.pmd.lang.java.JavaLanguageModule;
import org.apache.maven.model.io.xpp3.MavenXpp3Reader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The copy detector of the quality gate: PMD's CPD, which every module's {@code verify} runs on its own main sources
 * ({@code cpd-check}, build-parent/pom.xml) with the threshold read here from the same property. This test runs it
 * over the three modules' main sources together, so a copy between the command line and the plugin fails too, and
 * shows on a planted copy that the detector and its threshold catch one.
 */
class CopyDetectorTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void noMainCodeIsCopiedWithinOrAcrossTheModules() throws Exception {
        List<String> copies = copies(minimumTokens(), ROOT.resolve("core/src/main/java"), ROOT.resolve("cli/src/main/java"),
                ROOT.resolve("plugin/src/main/java"));
        assertThat(copies).as("fold each copy into one piece of code (CONTRIBUTING.md, \"The quality gate\")").isEmpty();
    }

    @Test
    void aPlantedCopyOfTheThresholdsLengthFails(@TempDir final Path dir) throws Exception {
        int tokens = minimumTokens();
        // nine tokens a statement: twice the threshold
        Files.writeString(dir.resolve("First.java"), planted("First", tokens * 2 / 9), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("Second.java"), planted("Second", tokens * 2 / 9), StandardCharsets.UTF_8);
        assertThat(copies(tokens, dir)).singleElement().asString().contains("First.java").contains("Second.java");
    }

    @Test
    void aShorterRepeatIsLeftAlone(@TempDir final Path dir) throws Exception {
        int tokens = minimumTokens();
        // half the threshold with the method around it
        Files.writeString(dir.resolve("First.java"), planted("First", tokens / 2 / 9), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("Second.java"), planted("Second", tokens / 2 / 9), StandardCharsets.UTF_8);
        assertThat(copies(tokens, dir)).isEmpty();
    }

    /** The gate's threshold: build-parent's {@code cpd.minimumTokens}, which the Maven goal reads too. */
    static int minimumTokens() throws Exception {
        try (InputStream in = Files.newInputStream(ROOT.resolve("build-parent/pom.xml"))) {
            return Integer.parseInt(new MavenXpp3Reader().read(in).getProperties().getProperty("cpd.minimumTokens"));
        }
    }

    /** A class whose one method adds up {@code statements} values, nine tokens each. */
    private static String planted(final String name, final int statements) {
        StringBuilder out = new StringBuilder("final class " + name + " {\n    int sum(final int[] v) {\n        int total = 0;\n");
        for (int i = 0; i < statements; i++) {
            out.append("        total += v[").append(i).append("] * ").append(i + 2).append(";\n");
        }
        return out.append("        return total;\n    }\n}\n").toString();
    }

    /** Each copy CPD finds among the Java files under {@code roots}: its size and where its marks are. */
    static List<String> copies(final int minimumTokens, final Path... roots) throws IOException {
        CPDConfiguration config = new CPDConfiguration();
        config.setMinimumTileSize(minimumTokens);
        config.setOnlyRecognizeLanguage(JavaLanguageModule.getInstance());
        config.setSourceEncoding(StandardCharsets.UTF_8);
        for (Path root : roots) {
            config.addInputPath(root);
        }
        List<String> found = new ArrayList<>();
        try (CpdAnalysis cpd = CpdAnalysis.create(config)) {
            cpd.performAnalysis(report -> {
                for (Match match : report.getMatches()) {
                    StringBuilder where = new StringBuilder(match.getTokenCount() + " tokens:");
                    for (Mark mark : match) {
                        where.append(' ').append(ROOT.relativize(Path.of(mark.getLocation().getFileId().getAbsolutePath())))
                                .append(':').append(mark.getLocation().getStartLine());
                    }
                    found.add(where.toString());
                }
            });
        }
        return found;
    }
}
