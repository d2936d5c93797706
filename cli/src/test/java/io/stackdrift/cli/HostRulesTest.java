package io.stackdrift.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import java.nio.file.Path;
import java.util.Arrays;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

import io.stackdrift.architecture.ClassCycleRule;
import io.stackdrift.architecture.DesignDiagram;
import io.stackdrift.architecture.DirectoryRule;
import io.stackdrift.architecture.OutputRule;
import io.stackdrift.testing.ImportedClasses;

/**
 * The command line only hosts the engine (docs/architecture.md): it reaches the core through the façade and the
 * ports of {@code spi} (with the local machine's adapters of {@code local}), and otherwise sees model values,
 * records and rendering.
 */
class HostRulesTest {
    private static final JavaClasses CLI = ImportedClasses.mainOf("io.stackdrift.cli");
    /** What the command line's classes may use: the façade, the ports, the values, the records and the rendering. */
    private static final String[] ALLOWED = {"io.stackdrift.cli..", "io.stackdrift.engine..", "io.stackdrift.spi..",
        "io.stackdrift.local..", "io.stackdrift.model..", "io.stackdrift.record..", "io.stackdrift.render..", "java..", "picocli.."};

    @Test
    void theCommandLineUsesOnlyTheFacadeThePortsTheValuesAndTheRendering() {
        classes().that().resideInAPackage("io.stackdrift.cli..").and().doNotHaveFullyQualifiedName(MemoryGuard.class.getName())
                .should().onlyDependOnClassesThat().resideInAnyPackage(ALLOWED).check(CLI);
    }

    /** The one exception: the memory guard listens to the JVM's collections, which only the management API reports. */
    @Test
    void onlyTheMemoryGuardReadsTheJvmsManagementApi() {
        classes().that().haveFullyQualifiedName(MemoryGuard.class.getName()).should().onlyDependOnClassesThat()
                .resideInAnyPackage(withManagement()).check(CLI);
    }

    private static String[] withManagement() {
        String[] packages = Arrays.copyOf(ALLOWED, ALLOWED.length + 2);
        packages[ALLOWED.length] = "javax.management..";
        packages[ALLOWED.length + 1] = "com.sun.management..";
        return packages;
    }

    @Test
    void theCommandLineKnowsNothingOfTheEnginesInside() {
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("io.stackdrift.config..", "io.stackdrift.plan..", "io.stackdrift.tool..", "io.stackdrift.graph..",
                        "io.stackdrift.drift..", "io.stackdrift.ownership..", "io.stackdrift.digest..", "io.stackdrift.deploy..",
                        "io.stackdrift.shard..")
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

    @Test
    void treesAreDeletedThroughOneHelper() {
        DirectoryRule.TREES_DELETED_THROUGH_DIRECTORIES.check(CLI);
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
