package io.jenkins.plugins.stackdrift.steps;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import edu.umd.cs.findbugs.annotations.CheckForNull;

/**
 * The thread that runs one step, so that an abort ends the step only after its cleanup (tools killed and awaited,
 * "interrupted" trail entries written, plan files and secret copies deleted, locks let go), without making the
 * Pipeline wait: Jenkins calls {@code stop} on the Pipeline's one VM thread, one step after another, so a stop that
 * waited would hold up every other branch of the build and the other steps' aborts. Here the abort interrupts the
 * thread and returns at once; the step ends itself with the abort's cause once the cleanup is done, or a bounded
 * fallback ends it first (the first end counts, as with durable-task's {@code sh}). A step whose body returns after
 * the abort (its tool had just ended) ends with the abort too, never as a success.
 */
final class StepWorker {
    private final CountDownLatch finished = new CountDownLatch(1);
    @CheckForNull private volatile Thread thread;
    @CheckForNull private volatile Throwable stopCause;
    @CheckForNull private volatile Future<?> fallbackTask;

    /** The step starts running on the current thread. */
    void enter() {
        thread = Thread.currentThread();
    }

    /** The step's run and its cleanup are over. */
    void exit() {
        finished.countDown();
        Future<?> fallback = fallbackTask;
        if (fallback != null) {
            fallback.cancel(false);
        }
    }

    boolean ended() {
        return finished.getCount() == 0;
    }

    /**
     * Interrupts the running step and returns at once; unless the step has ended by then, {@code end} ends it with
     * {@code cause} after {@code fallback}.
     *
     * @return false when no step runs here (never started, or already over): the caller ends it itself
     */
    boolean stop(final Throwable cause, final ScheduledExecutorService timer, final Duration fallback,
            final Consumer<Throwable> end) {
        stopCause = cause;
        Thread running = thread;
        if (running == null || ended()) {
            return false;
        }
        running.interrupt();
        fallbackTask = timer.schedule(() -> {
            if (!ended()) {
                end.accept(cause);
            }
        }, fallback.toMillis(), TimeUnit.MILLISECONDS);
        return true;
    }

    /** What the step's body returned, unless it was stopped meanwhile: then the abort's cause is thrown. */
    <T> T returned(final T result) throws Exception {
        Throwable cause = stopCause;
        if (cause == null) {
            return result;
        }
        throw cause instanceof Exception stopped ? stopped : new IllegalStateException("stopped", cause);
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
