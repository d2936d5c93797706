package io.stackdrift.cli;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;

import org.junit.jupiter.api.Test;

import io.stackdrift.testing.FakeTool;
import io.stackdrift.testing.ImportedClasses;
import io.stackdrift.testing.PosixOnlyRule;

/** The command tests that run the demo's bash tools are skipped on the Windows configuration of the plugin's CI. */
class WindowsGuardTest {
    @Test
    void everyTestOfTheScriptedToolsIsMarkedPosixOnly() {
        PosixOnlyRule.testsUsing(DemoRepo.class, FakeTool.class).check(
                ImportedClasses.testsOf("io.stackdrift.cli").that(not(belongToAnyOf(WindowsGuardTest.class))));
    }

    /** The rule tests share one import of the command line's classes (the core's ImportedClassesTest plants one). */
    @Test
    void theRuleTestsImportWholePackagesOnlyThroughTheSharedHolder() {
        ImportedClasses.IMPORTED_ONCE.check(ImportedClasses.testsOf("io.stackdrift.cli"));
    }
}
