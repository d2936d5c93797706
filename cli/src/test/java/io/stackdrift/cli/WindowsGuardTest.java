package io.stackdrift.cli;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import io.stackdrift.testing.FakeTool;
import io.stackdrift.testing.PosixOnlyRule;

/** The command tests that run the demo's bash tools are skipped on the Windows configuration of the plugin's CI. */
class WindowsGuardTest {
    @Test
    void everyTestOfTheScriptedToolsIsMarkedPosixOnly() {
        PosixOnlyRule.testsUsing(DemoRepo.class, FakeTool.class).check(new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS).importPackages("io.stackdrift.cli")
                        .that(not(belongToAnyOf(WindowsGuardTest.class))));
    }
}
