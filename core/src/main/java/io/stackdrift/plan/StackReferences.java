package io.stackdrift.plan;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

import io.stackdrift.model.StackId;

/**
 * Turns the names Pulumi {@code StackReference} reads carry into stack ids (docs/engine.md, "Dependencies
 * read from stack references"), and drops the names:
 * <ul>
 * <li>{@code org/project/stack} → {@code project:stack};</li>
 * <li>{@code project/stack} → {@code project:stack} as a file backend reads it when that is a known stack,
 *     else {@code ownProject:stack} (Pulumi Cloud reads it as {@code org/stack});</li>
 * <li>{@code stack} → {@code ownProject:stack}.</li>
 * </ul>
 * The organization is never compared. A name that fits no known stack is counted and logged — by count
 * only, since the name is written by the program — and nothing waits on it. A reference to the stack
 * itself is dropped before anything is counted.
 */
public final class StackReferences {
    private StackReferences() {
    }

    /** The referenced stack ids, sorted and distinct. */
    public static List<StackId> resolve(final List<String> names, final String ownProject, final String ownStack,
            final Set<StackId> known, final Consumer<String> log) {
        Objects.requireNonNull(log, "log");
        StackId self = StackId.pulumi(ownProject, ownStack);
        TreeSet<StackId> ids = new TreeSet<>();
        int unknown = 0;
        for (String name : names) {
            String[] parts = name.split("/", -1);
            boolean blank = false;
            for (String part : parts) {
                blank |= part.isBlank();
            }
            List<StackId> fits;
            if (blank || parts.length > 3) {
                fits = List.of();
            } else if (parts.length == 3) {
                fits = known(known, StackId.pulumi(parts[1], parts[2]));
            } else if (parts.length == 2) {
                // The file-backend reading wins: "c2/prod" read from c1:prod must not fall back to c1:prod itself.
                List<StackId> projectStack = known(known, StackId.pulumi(parts[0], parts[1]));
                fits = projectStack.isEmpty() ? known(known, StackId.pulumi(ownProject, parts[1])) : projectStack;
            } else {
                fits = known(known, StackId.pulumi(ownProject, parts[0]));
            }
            if (fits.isEmpty()) {
                if (!isSelf(parts, ownProject, ownStack)) {
                    unknown++;
                }
            } else if (!fits.get(0).equals(self)) {
                ids.add(fits.get(0));
            }
        }
        if (unknown > 0) {
            log.accept(unknown + " stack reference(s) fit no stack of this configuration (another repository or an"
                    + " ignored stack); nothing waits on them");
        }
        return List.copyOf(ids);
    }

    private static List<StackId> known(final Set<StackId> known, final StackId candidate) {
        return known.contains(candidate) ? List.of(candidate) : List.of();
    }

    /** A reference to the stack itself is dropped even when the stack is not in {@code known}. */
    private static boolean isSelf(final String[] parts, final String ownProject, final String ownStack) {
        String stack = parts[parts.length - 1];
        String project = parts.length == 3 ? parts[1] : ownProject;
        return stack.equals(ownStack) && project.equals(ownProject)
                || parts.length == 2 && parts[0].equals(ownProject) && parts[1].equals(ownStack);
    }
}
