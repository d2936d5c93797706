package io.stackdrift.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import java.nio.file.Path;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import io.stackdrift.architecture.ClassCycleRule;
import io.stackdrift.architecture.DesignDiagram;
import io.stackdrift.architecture.DirectoryRule;
import io.stackdrift.architecture.OutputRule;

/**
 * The command line only hosts the engine (docs/architecture.md): it reaches the core through the façade and the
 * ports of {@code spi} (with the local machine's adapters of {@code local}), and otherwise sees model values,
 * records and rendering.
 */
class HostRulesTest {
    private static final JavaClasses CLI = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.stackdrift.cli");

    @Test
    void theCommandLineUsesOnlyTheFacadeThePortsTheValuesAndTheRendering() {
        classes().that().resideInAPackage("io.stackdrift.cli..").should().onlyDependOnClassesThat()
                .resideInAnyPackage("io.stackdrift.cli..", "io.stackdrift.engine..", "io.stackdrift.spi..", "io.stackdrift.local..",
                        "io.stackdrift.model..",
                        "io.stackdrift.record..", "io.stackdrift.render..", "java..", "picocli..")
                .check(CLI);
    }

    @Test
    void theCommandLineKnowsNothingOfTheEnginesInside() {
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("io.stackdrift.config..", "io.stackdrift.plan..", "io.stackdrift.tool..", "io.stackdrift.graph..",
                        "io.stackdrift.drift..", "io.stackdrift.ownership..", "io.stackdrift.digest..", "io.stackdrift.deploy..")
                .check(CLI);
    }

    @Test
    void theCommandLineDependsOnTheCoreAsDocsArchitectureDrawsIt() {
        classes().should(DesignDiagram.adheredTo(Path.of(""))).check(CLI);
    }

    @Test
    void directoriesAreMadeSureOfThroughOneHelper() {
        DirectoryRule.THROUGH_DIRECTORIES_ENSURE.check(CLI);
    }

    /** The command line prints what the core's rendering wrote: it writes no JSON of its own. */
    @Test
    void theCommandLineWritesNoOutputOfItsOwn() {
        OutputRule.FORMATS_ARE_WRITTEN_IN_RENDER.check(CLI);
    }

    @Test
    void noTwoClassesUseEachOther() {
        ClassCycleRule.NO_CLASS_CYCLES.check(CLI);
    }
}
