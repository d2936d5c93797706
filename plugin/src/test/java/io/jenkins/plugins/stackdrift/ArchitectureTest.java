package io.jenkins.plugins.stackdrift;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import jenkins.model.Jenkins;

/** Package rules of the Jenkins layer, checked in the build. */
class ArchitectureTest {
    private static final JavaClasses PLUGIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.jenkins.plugins.stackdrift");

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
                .or().haveFullyQualifiedName(HeldStackLocks.class.getName())
                .or().haveFullyQualifiedName(JobHistory.class.getName())
                .should().dependOnClassesThat().resideInAnyPackage("hudson..", "jenkins..", "org.kohsuke..", "org.jenkinsci..")
                .check(PLUGIN);
    }
}
