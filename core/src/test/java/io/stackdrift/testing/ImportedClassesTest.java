package io.stackdrift.testing;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/** The core's rule tests share one import of its classes, and the rule sees a test that imports its own. */
class ImportedClassesTest {
    @Test
    void theCoresTestsImportWholePackagesOnlyThroughTheHolder() {
        ImportedClasses.IMPORTED_ONCE.check(ImportedClasses.testsOf("io.stackdrift")
                .that(not(belongToAnyOf(ImportedClassesTest.class))));
    }

    @Test
    void aSecondAskIsTheSameImport() {
        assertThat(ImportedClasses.mainOf("io.stackdrift")).isSameAs(ImportedClasses.mainOf("io.stackdrift"));
        assertThat(ImportedClasses.mainOf("io.stackdrift").contain(ImportedClasses.class)).isFalse();
        assertThat(ImportedClasses.testsOf("io.stackdrift").contain(ImportedClasses.class)).isTrue();
    }

    @Test
    void aTestThatImportsItsOwnPackagesFails() {
        JavaClasses planted = new ClassFileImporter().importClasses(OwnImport.class, ImportedClasses.class);
        assertThatThrownBy(() -> ImportedClasses.IMPORTED_ONCE.check(planted))
                .hasMessageContaining(OwnImport.class.getName())
                .hasMessageContaining("importPackages")
                .hasMessageContaining("(1 times)");
    }

    /** Planted: a rule test with its own import of a whole package. */
    static final class OwnImport {
        JavaClasses classes() {
            return new ClassFileImporter().importPackages("io.stackdrift.model");
        }
    }
}
