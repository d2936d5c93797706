package io.stackdrift.graph;

import java.util.Objects;

import io.stackdrift.model.DeployKind;

/**
 * How a scheduled run goes.
 *
 * @param parallelism   stacks running at once, at least 1
 * @param kind          a deploy (a stack after every stack it depends on) or a destroy (after every stack that
 *                      depends on it: the reverse)
 * @param onInterrupt   what an interrupt of the thread that called {@link StackScheduler#run} does to running stacks
 * @param priority      the chain lengths that decide which ready stack goes first; null = every stack weighs 1
 */
public record ScheduleOptions(int parallelism, DeployKind kind, StopMode onInterrupt, PriorityWeights priority) {
    public ScheduleOptions {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, was " + parallelism);
        }
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(onInterrupt, "onInterrupt");
        priority = priority == null ? PriorityWeights.EQUAL : priority;
    }

    /** Deploy order, kill running stacks on interrupt, every stack weighs 1. */
    public static ScheduleOptions deploy(final int parallelism) {
        return new ScheduleOptions(parallelism, DeployKind.DEPLOY, StopMode.KILL_RUNNING, PriorityWeights.EQUAL);
    }

    public static ScheduleOptions destroy(final int parallelism) {
        return new ScheduleOptions(parallelism, DeployKind.DESTROY, StopMode.KILL_RUNNING, PriorityWeights.EQUAL);
    }

    public ScheduleOptions withPriority(final PriorityWeights weights) {
        return new ScheduleOptions(parallelism, kind, onInterrupt, weights);
    }
}
