package io.stackdrift.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stale names of our classes: in the docs (read here) and in javadoc links (javac's doclint, switched on in the build). */
class DocumentedNamesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path planted;

    private static List<Path> documents() throws IOException {
        // not the CHANGELOG: it tells what a class was called when the change was made
        List<Path> documents = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CONTRIBUTING.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(documents::add);
        }
        return documents;
    }

    @Test
    void everyClassTheDocsNameExists() throws IOException {
        assertThat(DocumentedNames.stale(ROOT, documents())).isEmpty();
    }

    @Test
    void everyClassTheJavadocProseNamesExists() throws IOException {
        assertThat(DocumentedNames.stale(ROOT, DocumentedNames.javaSources(ROOT))).isEmpty();
    }

    @Test
    void aMovedClassLeftInTheDocsIsFound() throws IOException {
        Path doc = planted.resolve("records.md");
        Files.writeString(doc, """
                The run goes through `record.DeployJournal` and `spi.DeployJournal`, {@code engine.GitFiles}.
                See `core/src/main/java/io/stackdrift/record/NoSuchFile.java` and `NoSuchThingTest`.
                """);
        assertThat(DocumentedNames.stale(ROOT, List.of(doc))).hasSize(4)
                .anyMatch(p -> p.endsWith("record.DeployJournal is no class of that package"))
                .anyMatch(p -> p.endsWith("engine.GitFiles is no class of that package"))
                .anyMatch(p -> p.contains("NoSuchFile.java does not exist"))
                .anyMatch(p -> p.contains("NoSuchThingTest is no test class"));
    }

    @Test
    void theBuildChecksJavadocLinks() throws IOException {
        assertThat(Files.readString(ROOT.resolve("build-parent/pom.xml"))).contains("<arg>-Xdoclint:reference/private</arg>");
    }

    /** What the flag does: a javadoc link to a class that is not there fails the compile. */
    @Test
    void aStaleJavadocLinkFailsTheCompile() throws IOException {
        Path source = planted.resolve("Planted.java");
        Files.writeString(source, """
                /** Uses {@link MovedAway}. */
                final class Planted {
                }
                """);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (var files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            boolean compiled = javac.getTask(null, files, diagnostics,
                    List.of("-Xdoclint:reference/private", "-Werror", "-d", planted.toString()), null,
                    files.getJavaFileObjects(source)).call();
            assertThat(compiled).isFalse();
        }
        assertThat(diagnostics.getDiagnostics()).anyMatch(d -> d.getKind() == Diagnostic.Kind.ERROR
                && d.getMessage(Locale.ROOT).contains("reference not found"));
    }
}
