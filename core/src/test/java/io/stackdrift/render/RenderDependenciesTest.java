package io.stackdrift.render;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

import io.stackdrift.testing.ImportedClasses;

/**
 * Rendering is the end of the one-way flow (config → … → record → render): it reads the model, the records and the
 * report listener port it implements ({@code spi}) and nothing else of ours, escapes with the OWASP encoder only and
 * writes JSON with Jackson's streaming generator.
 */
class RenderDependenciesTest {
    @Test
    void renderReadsOnlyTheModelTheRecordsAndThePorts() {
        JavaClasses render = ImportedClasses.mainOf("io.stackdrift");
        classes().that().resideInAPackage("io.stackdrift.render")
                .should().onlyDependOnClassesThat()
                .resideInAnyPackage("io.stackdrift.render", "io.stackdrift.model", "io.stackdrift.record", "io.stackdrift.spi",
                        "org.owasp.encoder", "com.fasterxml.jackson.core..", "java..")
                .check(render);
    }
}
