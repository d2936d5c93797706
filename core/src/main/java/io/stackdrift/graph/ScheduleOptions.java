package io.stackdrift.graph;

import java.util.Objects;

/**
 * How a scheduled run goes.
 *
 * @param parallelism   stacks running at once, at least 1
 * @param direction     deploy (dependencies first) or destroy (dependents first)
 * @param onInterrupt   what an interrupt of the thread that called {@link StackScheduler#run} does to running stacks
 * @param priority      the chain lengths that decide which ready stack goes first; null = every stack weighs 1
 */
public record ScheduleOptions(int parallelism, Direction direction, StopMode onInterrupt, PriorityWeights priority) {
    public enum Direction {
        /** A stack goes after every stack it depends on. */
        DEPLOY,
        /** A stack goes after every stack that depends on it: the reverse of a deploy. */
        DESTROY
    }

    public ScheduleOptions {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, was " + parallelism);
        }
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(onInterrupt, "onInterrupt");
        priority = priority == null ? PriorityWeights.EQUAL : priority;
    }

    /** Deploy order, kill running stacks on interrupt, every stack weighs 1. */
    public static ScheduleOptions deploy(final int parallelism) {
        return new ScheduleOptions(parallelism, Direction.DEPLOY, StopMode.KILL_RUNNING, PriorityWeights.EQUAL);
    }

    public static ScheduleOptions destroy(final int parallelism) {
        return new ScheduleOptions(parallelism, Direction.DESTROY, StopMode.KILL_RUNNING, PriorityWeights.EQUAL);
    }

    public ScheduleOptions withOnInterrupt(final StopMode mode) {
        return new ScheduleOptions(parallelism, direction, mode, priority);
    }

    public ScheduleOptions withPriority(final PriorityWeights weights) {
        return new ScheduleOptions(parallelism, direction, onInterrupt, weights);
    }
}
