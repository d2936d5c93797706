package io.jenkins.plugins.stackdrift;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;

import org.junit.jupiter.api.Test;

import io.stackdrift.testing.FakeTool;
import io.stackdrift.testing.ImportedClasses;
import io.stackdrift.testing.PosixOnlyRule;

/**
 * The plugin tests that run the demo's bash tools are skipped on the Windows configuration of the plugin's CI
 * ({@code Jenkinsfile}), instead of failing it.
 */
class WindowsGuardTest {
    @Test
    void everyTestOfTheScriptedToolsIsMarkedPosixOnly() {
        PosixOnlyRule.testsUsing(DemoWorkspace.class, FakeTool.class).check(ImportedClasses
                .testsOf("io.jenkins.plugins.stackdrift").that(not(belongToAnyOf(WindowsGuardTest.class))));
    }

    /** The rule tests share one import of the plugin's classes (the core's ImportedClassesTest plants one). */
    @Test
    void theRuleTestsImportWholePackagesOnlyThroughTheSharedHolder() {
        ImportedClasses.IMPORTED_ONCE.check(ImportedClasses.testsOf("io.jenkins.plugins.stackdrift"));
    }
}
