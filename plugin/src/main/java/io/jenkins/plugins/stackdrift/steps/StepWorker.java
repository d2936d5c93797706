package io.jenkins.plugins.stackdrift.steps;

import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.AbortException;
import hudson.model.Result;
import org.jenkinsci.plugins.workflow.steps.FlowInterruptedException;

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

    /**
     * What the step ends with, as Pipeline steps end on an abort: the abort's cause once stopped (a
     * FlowInterruptedException, which the build prints as "Aborted by ..."), and an interrupt without a stop as a
     * FlowInterruptedException too. What the abort itself caused in the step (an interrupted wait or remote call) is
     * not reported again: the step has said what was interrupted, and a suppressed exception would be printed with its
     * stack trace. Another failure after the stop is kept, as a message.
     */
    Exception failure(final Exception e) {
        Throwable cause = stopCause;
        if (cause instanceof Exception stopped && stopped != e) {
            if (!byInterrupt(e)) {
                stopped.addSuppressed(e instanceof AbortException ? e
                        : new AbortException(e.getClass().getSimpleName() + ": " + e.getMessage()));
            }
            return stopped;
        }
        if (e instanceof InterruptedException && !(e instanceof FlowInterruptedException)) {
            return new FlowInterruptedException(Result.ABORTED);
        }
        return e;
    }

    /** Whether the exception is an interrupt, or a failure an interrupt caused (a remote call cut short by it). */
    private static boolean byInterrupt(final Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InterruptedException || t instanceof InterruptedIOException || t instanceof ClosedByInterruptException) {
                return true;
            }
        }
        return false;
    }
}
