package io.stackdrift.tool;

import java.util.List;
import java.util.Set;

import io.stackdrift.model.StackId;

/**
 * Turns the names Pulumi {@code StackReference} reads carry into stack ids (docs/tools.md, "Pulumi"). The rules (org/project/
 * stack, project/stack, stack alone; names that fit nothing or several are counted and logged; the stack
 * itself dropped) live in the plan package; the adapters only call this port, so no name a program wrote
 * leaves them. Wiring: {@code (names, project, stack, known) -> StackReferences.resolve(names, project, stack,
 * known, log)}.
 */
@FunctionalInterface
public interface StackReferenceResolver {
    /**
     * @param names       the referenced names as the program wrote them
     * @param ownProject  the project of the stack whose preview read them (its default project)
     * @param ownStack    that stack's name
     * @param knownStacks every stack id of the configuration
     * @return the ids the names resolve to; names that fit no known stack, or several, are left out
     */
    List<StackId> resolve(List<String> names, String ownProject, String ownStack, Set<StackId> knownStacks);
}
