package io.stackdrift.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The classes the ArchUnit rules read, imported once per test JVM: an import reads every class file of a package
 * and resolves what they use from the class path, seconds each time, and a module's rule tests all read the same
 * main (or test) classes. Surefire runs a module's tests in one JVM, so each module pays each import once.
 */
public final class ImportedClasses {
    /**
     * Only this class imports whole packages: a rule test that imports its own copy brings the cost back. Planted
     * classes imported one by one ({@code importClasses}) are cheap and stay where they are planted.
     */
    public static final ArchRule IMPORTED_ONCE = noClasses().that().doNotBelongToAnyOf(ImportedClasses.class)
            .should().callMethod(ClassFileImporter.class, "importPackages", String[].class)
            .orShould().callMethod(ClassFileImporter.class, "importPackages", Collection.class)
            .orShould().callMethod(ClassFileImporter.class, "importClasspath")
            .as("no class but ImportedClasses imports whole packages for ArchUnit");

    private enum Scope { MAIN, TESTS }

    private record Key(String pkg, Scope scope) {
    }

    private static final Map<Key, JavaClasses> IMPORTED = new ConcurrentHashMap<>();

    private ImportedClasses() {
    }

    /** The main classes (no test classes) of a package and its subpackages. */
    public static JavaClasses mainOf(final String pkg) {
        return IMPORTED.computeIfAbsent(new Key(pkg, Scope.MAIN), key -> new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(key.pkg()));
    }

    /** The test classes of a package and its subpackages. */
    public static JavaClasses testsOf(final String pkg) {
        return IMPORTED.computeIfAbsent(new Key(pkg, Scope.TESTS), key -> new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS).importPackages(key.pkg()));
    }
}
