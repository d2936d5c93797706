package io.jenkins.plugins.stackdrift.steps;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import edu.umd.cs.findbugs.annotations.CheckForNull;

/**
 * The thread that runs one step, so that an abort can wait for its cleanup. Jenkins' own stop interrupts the
 * thread and reports the step's end at once, while the step is still writing "interrupted" trail entries and
 * deleting plan files and secret copies; the Pipeline may leave {@code node} and finish meanwhile. Here the
 * abort interrupts, waits (bounded) until the step's cleanup is done, and the step then ends with the abort's
 * own cause, so the build is ABORTED, not FAILURE.
 */
final class StepWorker {
    private final CountDownLatch finished = new CountDownLatch(1);
    @CheckForNull private volatile Thread thread;
    @CheckForNull private volatile Throwable stopCause;

    /** The step starts running on the current thread. */
    void enter() {
        thread = Thread.currentThread();
    }

    /** The step's run and its cleanup are over. */
    void exit() {
        finished.countDown();
    }

    /**
     * Interrupts the running step and waits for its cleanup.
     *
     * @return true when the step ended within the wait (it has then reported its end itself)
     */
    boolean stop(final Throwable cause, final long waitMillis) throws InterruptedException {
        stopCause = cause;
        Thread running = thread;
        if (running == null) {
            return false;
        }
        running.interrupt();
        return finished.await(waitMillis, TimeUnit.MILLISECONDS);
    }

    /** What the step ends with: the abort's cause once stopped (the step's own failure suppressed in it). */
    Exception failure(final Exception e) {
        Throwable cause = stopCause;
        if (cause instanceof Exception stopped && stopped != e) {
            stopped.addSuppressed(e);
            return stopped;
        }
        return e;
    }
}
