/**
 * The dependency graph of a run and the scheduler that walks it.
 *
 * <p>{@link io.stackdrift.graph.StackGraph} holds which stack depends on which (the file's {@code dependsOn}
 * plus what the latest rows of {@code auto} stacks read). {@link io.stackdrift.graph.StackScheduler} runs a
 * caller-supplied {@link io.stackdrift.graph.StackTask} per stack, each as soon as its dependencies have
 * finished successfully. The choice of the next stack lives in one class shared by the scheduler and the
 * benchmark's simulation, so what the benchmark measures is what runs.
 */
package io.stackdrift.graph;
