package io.stackdrift.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.lang.ArchRule;

/**
 * The shard planner and board are pure (docs/architecture.md): they see the graph and the model values, and neither
 * files, threads, clocks nor anything of the hosts, so every process that plans the same stacks gets the same shards
 * and the board's rule can be tested on its own.
 */
public final class ShardRule {
    public static final ArchRule PURE = classes().that().resideInAPackage("io.stackdrift.shard..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("io.stackdrift.shard..", "io.stackdrift.graph..",
                    "io.stackdrift.model..", "java.lang", "java.lang.invoke", "java.lang.runtime", "java.util", "java.util.function",
                    "java.util.stream")
            .andShould().onlyDependOnClassesThat().doNotBelongToAnyOf(Thread.class, System.class, ProcessBuilder.class, Runtime.class)
            .because("the same stacks must always give the same shards, and the board's rule must stand without a host");

    private ShardRule() {
    }
}
