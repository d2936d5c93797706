package io.stackdrift.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.ValueKey;
import io.stackdrift.testing.ImportedClasses;

/**
 * A sink that passes another sink's calls on must pass on what the reader asks it as well: one that answers
 * {@code wantsPaths} but not {@code valueKey} makes the reader digest no value, and every approval's pin then leaves
 * the values out (the mistake {@code JsonPlanReader}'s counting sink once made).
 */
class SinkWrappersTest {
    /** Sinks of {@code classes} that pass calls on to another sink (a field) and answer wantsPaths but not valueKey. */
    static List<String> forgetful(final JavaClasses classes) {
        List<String> found = new ArrayList<>();
        for (JavaClass type : classes) {
            boolean wraps = type.getFields().stream().anyMatch(field -> field.getRawType().isAssignableTo(PlanSink.class));
            if (type.isAssignableTo(PlanSink.class) && !type.isInterface() && wraps
                    && type.tryGetMethod("wantsPaths").isPresent() && type.tryGetMethod("valueKey").isEmpty()) {
                found.add(type.getName());
            }
        }
        return found;
    }

    @Test
    void everySinkThatAnswersWantsPathsAnswersValueKeyToo() {
        JavaClasses main = ImportedClasses.mainOf("io.stackdrift");
        assertThat(main.stream().filter(type -> type.isAssignableTo(PlanSink.class)).count()).isGreaterThan(2);
        // the rule reads the wrapper the reader passes every sink through
        assertThat(main.get(JsonPlanReader.class.getName() + "$Passed").tryGetMethod("valueKey")).isPresent();
        assertThat(forgetful(main)).isEmpty();
    }

    /** A planted wrapper that forgets the key. */
    static final class Forgetful implements PlanSink {
        private final PlanSink inner = new CollectingSink(ChangeList.SpillTarget.temporary(), ValueKey.NONE);

        @Override
        public void onChange(final Change change) {
            inner.onChange(change);
        }

        @Override
        public boolean wantsPaths() {
            return inner.wantsPaths();
        }
    }

    @Test
    void theRuleFindsAPlantedWrapperThatForgetsTheKey() {
        JavaClasses planted = new ClassFileImporter().importClasses(Forgetful.class);
        assertThat(forgetful(planted)).containsExactly(Forgetful.class.getName());
    }
}
