package io.stackdrift.render;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Rendering is the end of the one-way flow (config → … → record → render): it reads the model, the records and the
 * report listener port it implements ({@code spi}) and nothing else of ours, escapes with the OWASP encoder only and
 * writes JSON with Jackson's streaming generator.
 */
class RenderDependenciesTest {
    @Test
    void renderReadsOnlyTheModelTheRecordsAndThePorts() {
        JavaClasses render = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.stackdrift.render");
        classes().that().resideInAPackage("io.stackdrift.render")
                .should().onlyDependOnClassesThat()
                .resideInAnyPackage("io.stackdrift.render", "io.stackdrift.model", "io.stackdrift.record", "io.stackdrift.spi",
                        "org.owasp.encoder", "com.fasterxml.jackson.core..", "java..")
                .check(render);
    }
}
