package io.stackdrift.graph;

import io.stackdrift.model.StackId;

/**
 * Hears what a scheduled run does, e.g. to print progress lines. Every call comes from the thread that
 * called {@link StackScheduler#run}, one at a time and in order, so an implementation needs no locking;
 * it should return quickly (the next stack starts after it returns).
 */
public interface SchedulerListener {
    SchedulerListener NONE = new SchedulerListener() {
    };

    /** The task of {@code id} was handed to the executor. */
    default void started(final StackId id) {
    }

    /** {@code result.id()} ended: ran to an outcome, was skipped or was interrupted. */
    default void ended(final StackResult result) {
    }

    /** The run was asked to stop; no stack starts any more. */
    default void stopping(final StopMode mode) {
    }

    /** The task of {@code id} threw something other than an InterruptedException (recorded as failed). */
    default void taskThrew(final StackId id, final Throwable problem) {
    }
}
