package io.stackdrift.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import java.nio.file.Files;
import java.nio.file.Path;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.stackdrift.local.LocalProcessRunner;
import io.stackdrift.testing.ImportedClasses;

/**
 * The package design of the core, checked in the build (docs/architecture.md draws it). Data flows one way:
 * model ← config ← plan/tool ← ownership/drift/digest/graph ← record ← render, with the engine on top and the
 * ports it takes from its host ({@code spi}) on the ground floor, below the tool and deploy layers that use them;
 * the local machine's implementations of the ports ({@code local}) are for the command line and the tests. The
 * core knows nothing of Jenkins or of the command line.
 */
class PackageRulesTest {
    private static JavaClasses core;

    @BeforeAll
    static void importCore() {
        core = ImportedClasses.mainOf("io.stackdrift");
    }

    @Test
    void theCoreKnowsNothingOfJenkinsOrTheCommandLine() {
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("hudson..", "jenkins..", "org.jenkinsci..", "org.kohsuke..", "io.jenkins..",
                        "com.cloudbees..", "io.stackdrift.cli..", "picocli..")
                .check(core);
    }

    /**
     * The core starts processes only through the host's {@code ProcessRunner} port: {@code LocalProcessRunner} is the
     * CLI's implementation. Anything else would start, in Jenkins, in the agent's JVM, outside the build's launcher
     * (a {@code git ls-files} in the digest did).
     */
    @Test
    void processesStartOnlyInTheCliProcessRunner() {
        noClasses().that().doNotBelongToAnyOf(LocalProcessRunner.class)
                .should().dependOnClassesThat().belongToAnyOf(ProcessBuilder.class)
                .orShould().callMethod(Runtime.class, "exec", String.class)
                .orShould().callMethod(Runtime.class, "exec", String[].class)
                .check(core);
    }

    @Test
    void packagesHaveNoCycles() {
        // each package its own slice: spi sits below tool and deploy, the engine above them
        slices().matching("io.stackdrift.(**)").should().beFreeOfCycles().check(core);
    }

    @Test
    void theModelStandsAlone() {
        // the JDK only (javax.crypto: an approval's keyed digest of plan values is a model value)
        classes().that().resideInAPackage("io.stackdrift.model").should().onlyDependOnClassesThat()
                .resideInAnyPackage("io.stackdrift.model", "java..", "javax.crypto..")
                .check(core);
    }

    @Test
    void recordsDependOnTheModelOnly() {
        classes().that().resideInAPackage("io.stackdrift.record").should().onlyDependOnClassesThat()
                .resideInAnyPackage("io.stackdrift.record", "io.stackdrift.model", "java..", "com.fasterxml.jackson..")
                .check(core);
    }

    @Test
    void planReadingKnowsNeitherToolsNorRuns() {
        noClasses().that().resideInAPackage("io.stackdrift.plan").should().dependOnClassesThat()
                .resideInAnyPackage("io.stackdrift.tool..", "io.stackdrift.drift..", "io.stackdrift.record..",
                        "io.stackdrift.graph..", "io.stackdrift.deploy..", "io.stackdrift.engine..")
                .check(core);
    }

    @Test
    void onlyTheHostsUseTheEngine() {
        // the command line, the plugin, and the engine process a durable step runs on the agent (durable)
        noClasses().that().resideOutsideOfPackages("io.stackdrift.engine", "io.stackdrift.durable").should().dependOnClassesThat()
                .resideInAPackage("io.stackdrift.engine")
                .check(core);
    }

    @Test
    void thePackagesDependOnEachOtherAsDocsArchitectureDrawsThem() {
        classes().should(DesignDiagram.adheredTo(Path.of(""))).check(core);
    }

    @Test
    void thePortsAHostImplementsHoldValuesOnly() {
        classes().that().resideInAPackage("io.stackdrift.spi").should().onlyDependOnClassesThat()
                .resideInAnyPackage("io.stackdrift.spi", "io.stackdrift.model", "io.stackdrift.record", "java..")
                .check(core);
    }

    /** The local machine's adapters implement the ports and nothing of the core uses them: the hosts choose them. */
    @Test
    void theLocalAdaptersStandBesideThePortsAndNothingInTheCoreUsesThem() {
        classes().that().resideInAPackage("io.stackdrift.local").should().onlyDependOnClassesThat()
                .resideInAnyPackage("io.stackdrift.local", "io.stackdrift.spi", "io.stackdrift.model", "io.stackdrift.record",
                        "java..")
                .check(core);
        noClasses().that().resideOutsideOfPackage("io.stackdrift.local").should().dependOnClassesThat()
                .resideInAPackage("io.stackdrift.local")
                .check(core);
    }

    /** The drift decisions are pure: they run no tool and read no file; field ownership is where tools run. */
    @Test
    void theDriftDecisionsRunNoToolAndKnowNothingOfFieldOwnership() {
        noClasses().that().resideInAPackage("io.stackdrift.drift").should().dependOnClassesThat()
                .resideInAnyPackage("io.stackdrift.tool..", "io.stackdrift.ownership..", "io.stackdrift.spi..")
                .orShould().dependOnClassesThat().belongToAnyOf(Files.class)
                .check(core);
    }

    /** The shard planner and board are pure: the same stacks always give the same shards, in every process. */
    @Test
    void theShardPlannerAndBoardArePure() {
        ShardRule.PURE.check(core);
    }

    @Test
    void directoriesAreMadeSureOfThroughOneHelper() {
        DirectoryRule.THROUGH_DIRECTORIES_ENSURE.check(core);
    }

    @Test
    void theFilesOfARecordFollowTheUmask() {
        RecordFileRule.MODES_FOLLOW_THE_UMASK.check(core);
    }

    @Test
    void treesAreDeletedThroughOneHelper() {
        DirectoryRule.TREES_DELETED_THROUGH_DIRECTORIES.check(core);
    }

    @Test
    void everyOutputOfARunIsWrittenInRender() {
        OutputRule.FORMATS_ARE_WRITTEN_IN_RENDER.check(core);
    }

    @Test
    void noTwoClassesUseEachOther() {
        ClassCycleRule.NO_CLASS_CYCLES.check(core);
    }
}
