package io.stackdrift.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/**
 * One rule the core, the command line and the plugin share: no two top-level classes use each other, directly or
 * through others. The package rules cannot see such a cycle inside one package; a file and its nested classes are one
 * unit here, so a record nested in the class that makes it is no cycle.
 */
public final class ClassCycleRule {
    public static final ArchRule NO_CLASS_CYCLES = slices().assignedFrom(new TopLevelClasses()).should().beFreeOfCycles()
            .because("a cycle between two files means neither can be read, changed or tested without the other");

    private ClassCycleRule() {
    }

    /** Each top-level class with its nested classes is one slice. */
    private static final class TopLevelClasses implements SliceAssignment {
        @Override
        public SliceIdentifier getIdentifierOf(final JavaClass javaClass) {
            String name = javaClass.getName();
            int nested = name.indexOf('$');
            return SliceIdentifier.of(nested < 0 ? name : name.substring(0, nested));
        }

        @Override
        public String getDescription() {
            return "top-level classes with their nested classes";
        }
    }
}
