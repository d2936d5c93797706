package io.stackdrift.testing;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/** Every core test class that runs the scripted tools is skipped on Windows, and the rule sees a forgotten mark. */
class PosixOnlyRuleTest {
    @Test
    void everyTestOfTheScriptedToolsIsMarked() {
        JavaClasses tests = ImportedClasses.testsOf("io.stackdrift").that(not(belongToAnyOf(PosixOnlyRuleTest.class)));
        PosixOnlyRule.testsUsing(FakeTool.class).check(tests);
    }

    @Test
    void aTestThatForgetsTheMarkFails() {
        JavaClasses planted = new ClassFileImporter().importClasses(Unmarked.class, Marked.class, Marked.Inner.class,
                FakeTool.class);
        assertThatThrownBy(() -> PosixOnlyRule.testsUsing(FakeTool.class).check(planted))
                .hasMessageContaining(Unmarked.class.getName() + " is not marked")
                .hasMessageNotContaining(Marked.class.getName() + " is not")
                .hasMessageNotContaining(Marked.Inner.class.getName() + " is not");
    }

    /** Planted: uses the scripted tool without the mark. */
    static final class Unmarked {
        String tool() {
            return FakeTool.SCENARIO_VARIABLE + FakeTool.class.getSimpleName();
        }
    }

    @PosixOnly
    static final class Marked {
        String tool() {
            return FakeTool.class.getSimpleName();
        }

        /** Nested: marked through its enclosing class. */
        static final class Inner {
            String tool() {
                return FakeTool.class.getSimpleName();
            }
        }
    }
}
