package io.stackdrift.tool;

import java.util.List;
import java.util.Set;

import io.stackdrift.model.StackId;

/**
 * Turns the names Pulumi {@code StackReference} reads carry into stack ids (spec §4). The rules (org/project/
 * stack, project/stack, stack alone; names that fit nothing or several are counted and logged) live in the
 * plan package ({@code StackReferences.resolve}); the adapters only call this port, so no name a program
 * wrote leaves them.
 */
@FunctionalInterface
public interface StackReferenceResolver {
    /**
     * @param self        the stack whose preview read the references (its project is the default project)
     * @param names       the referenced names as the program wrote them
     * @param knownStacks every stack id of the configuration
     * @return the ids the names resolve to; names that fit no known stack, or several, are left out
     */
    List<StackId> resolve(StackId self, List<String> names, Set<StackId> knownStacks);
}
