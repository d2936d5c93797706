package io.stackdrift.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

import io.stackdrift.model.Directories;

/**
 * Rules the core, the command line and the plugin share on directories. One: a directory is made sure of through
 * {@link Directories#ensure}, never {@link Files#createDirectories} directly, which throws and catches an exception for
 * every directory that already exists (measured on the per-tool-call path, docs/benchmarks.md). Two: a tree is
 * deleted through {@link Directories} only, which deletes relative to open directories and only what this user owns;
 * a walk by path that deletes what it finds follows a directory swapped for a link.
 */
public final class DirectoryRule {
    public static final ArchRule THROUGH_DIRECTORIES_ENSURE = noClasses().that().doNotBelongToAnyOf(Directories.class)
            .should().callMethod(Files.class, "createDirectories", Path.class, FileAttribute[].class)
            .because("Files.createDirectories throws and catches an exception for a directory that exists: use Directories.ensure");

    public static final ArchRule TREES_DELETED_THROUGH_DIRECTORIES = classes().that().doNotBelongToAnyOf(Directories.class)
            .should(new WalkAndDelete())
            .because("a walk by path that deletes follows a directory swapped for a link: use Directories.delete or sweep");

    private DirectoryRule() {
    }

    /** A class that, with the classes nested in it (a file visitor), both walks a tree and deletes files. */
    private static final class WalkAndDelete extends ArchCondition<JavaClass> {
        private static final Set<String> WALKS = Set.of("walk", "walkFileTree", "find");
        private static final Set<String> DELETES = Set.of("delete", "deleteIfExists");
        private final Map<String, Set<String>> usedByTopLevel = new HashMap<>();

        WalkAndDelete() {
            super("not walk a directory tree by path and delete in it");
        }

        @Override
        public void init(final Collection<JavaClass> all) {
            for (JavaClass c : all) {
                Set<String> used = usedByTopLevel.computeIfAbsent(topLevel(c), name -> new HashSet<>());
                for (JavaAccess<?> access : c.getAccessesFromSelf()) {
                    if (access.getTargetOwner().isEquivalentTo(Files.class)) {
                        used.add(access.getName());
                    }
                }
            }
        }

        @Override
        public void check(final JavaClass c, final ConditionEvents events) {
            Set<String> used = usedByTopLevel.getOrDefault(topLevel(c), Set.of());
            boolean both = used.stream().anyMatch(WALKS::contains) && used.stream().anyMatch(DELETES::contains);
            if (both && topLevel(c).equals(c.getName())) {
                events.add(SimpleConditionEvent.violated(c, c.getName() + " walks a directory tree by path and deletes in it"));
            }
        }

        private static String topLevel(final JavaClass c) {
            int nested = c.getName().indexOf('$');
            return nested < 0 ? c.getName() : c.getName().substring(0, nested);
        }
    }
}
