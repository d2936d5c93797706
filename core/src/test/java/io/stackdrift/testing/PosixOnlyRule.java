package io.stackdrift.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

/**
 * The rule behind {@link PosixOnly}: a test class that uses one of the given POSIX-only helpers (the scripted
 * tools, a demo copy with its bash executables) is marked {@code @PosixOnly}, itself or through the class it
 * is nested in, so the Windows configuration of the plugin's CI skips it rather than fails.
 */
public final class PosixOnlyRule {
    private PosixOnlyRule() {
    }

    public static ArchRule testsUsing(final Class<?>... posixOnlyHelpers) {
        Set<String> helpers = Arrays.stream(posixOnlyHelpers).map(Class::getName).collect(Collectors.toSet());
        DescribedPredicate<JavaClass> usesAHelper = new DescribedPredicate<>("use " + helpers) {
            @Override
            public boolean test(final JavaClass type) {
                return !isOrIsIn(Optional.of(type), helpers) && type.getDirectDependenciesFromSelf().stream()
                        .anyMatch(d -> helpers.contains(d.getTargetClass().getName()));
            }
        };
        return classes().that(usesAHelper).should(new ArchCondition<>("be marked @PosixOnly") {
            @Override
            public void check(final JavaClass type, final ConditionEvents events) {
                boolean marked = marked(Optional.of(type));
                events.add(new SimpleConditionEvent(type, marked, type.getName()
                        + (marked ? " is" : " is not") + " marked @PosixOnly (itself or an enclosing class)"));
            }
        });
    }

    private static boolean isOrIsIn(final Optional<JavaClass> type, final Set<String> names) {
        return type.map(t -> names.contains(t.getName()) || isOrIsIn(t.getEnclosingClass(), names)).orElse(false);
    }

    private static boolean marked(final Optional<JavaClass> type) {
        return type.map(t -> t.isAnnotatedWith(PosixOnly.class) || marked(t.getEnclosingClass())).orElse(false);
    }
}
