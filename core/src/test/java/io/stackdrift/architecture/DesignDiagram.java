package io.stackdrift.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.library.plantuml.rules.PlantUmlArchCondition;

/**
 * The module and package picture of docs/architecture.md (its one {@code plantuml} block), as an ArchUnit
 * condition: every dependency between two parts of the picture must be an arrow of it, so the picture cannot
 * drift from the code. Each module checks the classes it has (core its packages, the hosts theirs).
 */
public final class DesignDiagram {
    private static final String START = "```plantuml";
    private static final String END = "```";

    private DesignDiagram() {
    }

    /** @param moduleDir the module's directory (a test's working directory); docs/ is beside it */
    public static ArchCondition<JavaClass> adheredTo(final Path moduleDir) {
        return PlantUmlArchCondition.adhereToPlantUmlDiagram(diagram(moduleDir),
                PlantUmlArchCondition.Configuration.consideringOnlyDependenciesInDiagram());
    }

    /** The block cut out of the page into a file ArchUnit reads. */
    static URL diagram(final Path moduleDir) {
        Path page = moduleDir.toAbsolutePath().resolveSibling("docs").resolve("architecture.md");
        try {
            String text = Files.readString(page);
            int start = text.indexOf(START);
            if (start < 0) {
                throw new IllegalStateException(page + " has no " + START + " block");
            }
            int body = text.indexOf('\n', start) + 1;
            int end = text.indexOf(END, body);
            Path file = Files.createTempFile("stackdrift-design", ".puml");
            Files.writeString(file, text.substring(body, end));
            file.toFile().deleteOnExit();
            return file.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the diagram in " + page, e);
        }
    }
}
