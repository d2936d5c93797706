package io.jenkins.plugins.stackdrift;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import java.nio.file.Path;

import com.tngtech.archunit.core.domain.JavaClasses;
import hudson.Launcher;
import io.jenkins.plugins.stackdrift.agent.AgentOutcome;
import io.jenkins.plugins.stackdrift.agent.AgentProcessRunner;
import io.jenkins.plugins.stackdrift.agent.DurableEngine;
import io.jenkins.plugins.stackdrift.agent.EngineRequest;
import io.jenkins.plugins.stackdrift.agent.JenkinsToolLauncher;
import io.jenkins.plugins.stackdrift.agent.LaunchPolicy;
import io.jenkins.plugins.stackdrift.agent.LaunchedTool;
import io.jenkins.plugins.stackdrift.agent.ToolCommand;
import io.jenkins.plugins.stackdrift.agent.ToolLaunchService;
import io.jenkins.plugins.stackdrift.agent.ToolLauncher;
import io.jenkins.plugins.stackdrift.agent.WatchedProcess;
import io.jenkins.plugins.stackdrift.credentials.AllowedCredentials;
import io.jenkins.plugins.stackdrift.credentials.ChangeTrust;
import io.jenkins.plugins.stackdrift.credentials.CredentialsSource;
import io.jenkins.plugins.stackdrift.credentials.StackCredentials;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import jenkins.model.Jenkins;
import org.junit.jupiter.api.Test;
import org.kohsuke.stapler.verb.POST;

import io.stackdrift.architecture.ClassCycleRule;
import io.stackdrift.architecture.DesignDiagram;
import io.stackdrift.architecture.DirectoryRule;
import io.stackdrift.architecture.OutputRule;
import io.stackdrift.local.LocalProcessRunner;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.testing.ImportedClasses;

/** Package rules of the Jenkins layer, checked in the build. */
class ArchitectureTest {
    private static final JavaClasses PLUGIN = ImportedClasses.mainOf("io.jenkins.plugins.stackdrift");

    @Test
    void thePluginUsesOnlyTheEnginesFacadeThePortsTheValuesAndTheRendering() {
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("io.stackdrift.config..", "io.stackdrift.plan..", "io.stackdrift.tool..", "io.stackdrift.graph..",
                        "io.stackdrift.drift..", "io.stackdrift.ownership..", "io.stackdrift.digest..", "io.stackdrift.deploy..",
                        "io.stackdrift.cli..", "io.stackdrift.local..", "io.stackdrift.shard..")
                .check(PLUGIN);
    }

    @Test
    void thePluginDependsOnTheCoreAsDocsArchitectureDrawsIt() {
        classes().should(DesignDiagram.adheredTo(Path.of(""))).check(PLUGIN);
    }

    @Test
    void onlyTheFacadeReachesTheJenkinsSingleton() {
        noClasses().that().doNotHaveFullyQualifiedName(JenkinsFacade.class.getName())
                .should().callMethod(Jenkins.class, "get")
                .orShould().callMethod(Jenkins.class, "getInstanceOrNull")
                .orShould().callMethod(Jenkins.class, "getInstance")
                .check(PLUGIN);
    }

    @Test
    void whatTheCoreEngineIsGivenNeverCarriesJenkinsTypes() {
        noClasses().that().haveFullyQualifiedName(EngineRequest.class.getName())
                .or().haveFullyQualifiedName(AgentOutcome.class.getName())
                .or().haveFullyQualifiedName(StackCredentials.class.getName())
                .or().haveFullyQualifiedName(AgentProcessRunner.class.getName())
                .or().haveFullyQualifiedName(ToolLauncher.class.getName())
                .or().haveFullyQualifiedName(LaunchedTool.class.getName())
                .or().haveFullyQualifiedName(ToolCommand.class.getName())
                .or().haveFullyQualifiedName(WatchedProcess.class.getName())
                .or().haveFullyQualifiedName(ToolLaunchService.class.getName())
                .or().haveFullyQualifiedName(JobHistory.class.getName())
                .or().haveFullyQualifiedName(LaunchPolicy.class.getName())
                .or().haveFullyQualifiedName(LaunchPolicy.class.getPackageName() + ".ToolGrammar")
                .or().haveFullyQualifiedName(ChangeTrust.class.getName())
                .or().haveFullyQualifiedName(CredentialsSource.class.getName())
                .or().haveFullyQualifiedName(AllowedCredentials.class.getName())
                .should().dependOnClassesThat().resideInAnyPackage("hudson..", "jenkins..", "org.kohsuke..", "org.jenkinsci..")
                .check(PLUGIN);
    }

    /** The core's rule, shared by the command line and the plugin: no two top-level classes use each other. */
    @Test
    void noTwoClassesUseEachOther() {
        ClassCycleRule.NO_CLASS_CYCLES.check(PLUGIN);
    }

    @Test
    void theSubpackagesAreFreeOfCycles() {
        slices().matching("io.jenkins.plugins.stackdrift.(*)..").should().beFreeOfCycles().check(PLUGIN);
    }

    /** Each room depends only on the rooms below it; the root package (configuration, policy, facade) on none. */
    @Test
    void noArrowRunsBackUp() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("steps").definedBy("io.jenkins.plugins.stackdrift.steps..")
                .layer("actions").definedBy("io.jenkins.plugins.stackdrift.actions..")
                .layer("trigger").definedBy("io.jenkins.plugins.stackdrift.trigger..")
                .layer("agent").definedBy("io.jenkins.plugins.stackdrift.agent..")
                .layer("credentials").definedBy("io.jenkins.plugins.stackdrift.credentials..")
                .layer("history").definedBy("io.jenkins.plugins.stackdrift.history..")
                .layer("root").definedBy("io.jenkins.plugins.stackdrift")
                .whereLayer("steps").mayNotBeAccessedByAnyLayer()
                .whereLayer("actions").mayOnlyBeAccessedByLayers("steps")
                .whereLayer("trigger").mayOnlyBeAccessedByLayers("steps", "actions")
                .whereLayer("agent").mayOnlyBeAccessedByLayers("steps")
                .whereLayer("credentials").mayOnlyBeAccessedByLayers("steps", "agent")
                .whereLayer("history").mayOnlyBeAccessedByLayers("steps", "actions", "trigger", "agent")
                .check(PLUGIN);
    }

    /**
     * Tool processes start in one place, the step's launcher: no class builds a process, execs one or uses the core's
     * runner, and only {@link JenkinsToolLauncher} asks a Launcher to launch. (Checked on the plugin's main classes:
     * the tests' fake launcher starts its processes with ProcessBuilder.)
     */
    @Test
    void noClassStartsAProcessInTheAgentsJvm() {
        noClasses().should().dependOnClassesThat().belongToAnyOf(ProcessBuilder.class, LocalProcessRunner.class)
                .orShould().callMethodWhere(target(name("exec")).and(target(owner(describe("Runtime",
                        o -> o.isAssignableTo(Runtime.class))))))
                .check(PLUGIN);
    }

    /**
     * A launcher is asked to launch in two classes only: the one the agent call reaches back to, and the durable
     * engine's follower, which starts the engine process with the node's launcher and each tool call it admitted
     * through the step's.
     */
    @Test
    void onlyTheToolLauncherAsksTheStepsLauncherToLaunch() {
        noClasses().that().doNotHaveFullyQualifiedName(JenkinsToolLauncher.class.getName())
                .and().doNotHaveFullyQualifiedName(DurableEngine.class.getName())
                .should().dependOnClassesThat().belongToAnyOf(Launcher.ProcStarter.class)
                .orShould().callMethodWhere(target(name("launch")).and(target(owner(describe("Launcher",
                        o -> o.isAssignableTo(Launcher.class))))))
                .check(PLUGIN);
    }

    /** The engine gets no runner of the plugin's but the one over the launcher. */
    @Test
    void theOnlyProcessRunnerIsTheOneOverTheLauncher() {
        classes().that().implement(ProcessRunner.class).should().haveFullyQualifiedName(AgentProcessRunner.class.getName())
                .check(PLUGIN);
    }

    /** A form check that answers a GET can be driven by a link from another site (CSRF); Jenkins wants POST. */
    @Test
    void formChecksArePostOnly() {
        methods().that().haveNameStartingWith("doCheck").should().beAnnotatedWith(POST.class).check(PLUGIN);
    }

    /** The step's result map, the pages and the counts line come from the core's rendering: no JSON of the plugin's own. */
    @Test
    void thePluginWritesNoOutputOfItsOwn() {
        OutputRule.FORMATS_ARE_WRITTEN_IN_RENDER.check(PLUGIN);
    }

    @Test
    void directoriesAreMadeSureOfThroughOneHelper() {
        DirectoryRule.THROUGH_DIRECTORIES_ENSURE.check(PLUGIN);
    }

    @Test
    void treesAreDeletedThroughOneHelper() {
        DirectoryRule.TREES_DELETED_THROUGH_DIRECTORIES.check(PLUGIN);
    }
}
