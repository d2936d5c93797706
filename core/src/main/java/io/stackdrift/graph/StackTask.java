package io.stackdrift.graph;

import io.stackdrift.model.StackId;

/**
 * The work the scheduler runs for one stack (a deploy, a destroy, a rehearsal …). Called on an executor
 * thread, at most once per stack and run, only after every dependency let it go.
 *
 * <p>Per-stack timeouts belong to the task (the tool layer has them): the scheduler never times a task
 * out. A task must answer an interrupt (stop its processes and throw {@link InterruptedException}, or
 * return), because that is how the scheduler kills running stacks; a task that throws anything else is
 * recorded as failed.
 */
@FunctionalInterface
public interface StackTask {
    TaskOutcome run(StackId id) throws InterruptedException;
}
