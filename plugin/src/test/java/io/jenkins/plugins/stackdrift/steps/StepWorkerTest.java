package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import hudson.AbortException;
import hudson.model.Result;
import org.jenkinsci.plugins.workflow.steps.FlowInterruptedException;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

class StepWorkerTest {
    private final ScheduledExecutorService timer = mock(ScheduledExecutorService.class);
    private final List<Throwable> endedByFallback = new CopyOnWriteArrayList<>();
    private final StepWorker worker = new StepWorker();
    private final CountDownLatch running = new CountDownLatch(1);
    private final CountDownLatch cleanupMayEnd = new CountDownLatch(1);
    private final AtomicBoolean cleanedUp = new AtomicBoolean();
    private final AtomicReference<Exception> endedWith = new AtomicReference<>();

    /** A step that runs until interrupted, then cleans up until the test lets it end. */
    private Thread step() {
        Thread step = new Thread(() -> {
            worker.enter();
            try {
                running.countDown();
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                try {
                    // the cleanup: tools killed and awaited, trail entries, plan files and secret copies deleted
                    cleanupMayEnd.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException again) {
                    Thread.currentThread().interrupt();
                }
                cleanedUp.set(true);
                endedWith.set(worker.failure(e));
            } finally {
                worker.exit();
            }
        });
        step.start();
        return step;
    }

    private Runnable scheduledFallback() {
        ArgumentCaptor<Runnable> fallback = ArgumentCaptor.forClass(Runnable.class);
        verify(timer).schedule(fallback.capture(), eq(StackDriftStepExecution.STOP_FALLBACK.toMillis()), eq(TimeUnit.MILLISECONDS));
        return fallback.getValue();
    }

    @Test
    void anAbortReturnsAtOnceAndTheStepEndsWithTheAbortsCauseWhenItsCleanupIsDone() throws Exception {
        Thread step = step();
        assertThat(running.await(5, TimeUnit.SECONDS)).isTrue();
        Exception abort = new Exception("aborted by user");

        long start = System.nanoTime();
        assertThat(worker.stop(abort, timer, StackDriftStepExecution.STOP_FALLBACK, endedByFallback::add)).isTrue();

        // the Pipeline's VM thread is free again while the step still cleans up
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
        assertThat(cleanedUp).isFalse();
        cleanupMayEnd.countDown();
        step.join(10_000);
        assertThat(cleanedUp).isTrue();
        assertThat(endedWith.get()).isSameAs(abort);
        // the interrupt the abort caused is the abort: not suppressed in it (the build would print its stack trace)
        assertThat(abort.getSuppressed()).isEmpty();
        // the step ended itself: the fallback, when it comes, does nothing
        scheduledFallback().run();
        assertThat(endedByFallback).isEmpty();
    }

    @Test
    void aCleanupThatDoesNotEndIsCutShortByTheFallbackWithTheAbortsCause() throws Exception {
        Thread step = step();
        assertThat(running.await(5, TimeUnit.SECONDS)).isTrue();
        Exception abort = new Exception("aborted by user");
        worker.stop(abort, timer, StackDriftStepExecution.STOP_FALLBACK, endedByFallback::add);

        scheduledFallback().run();

        assertThat(endedByFallback).containsExactly(abort);
        cleanupMayEnd.countDown();
        step.join(10_000);
    }

    @Test
    void aStepStoppedAfterItsBodyReturnedEndsWithTheAbortNotWithSuccess() throws Exception {
        worker.enter();
        assertThat(worker.returned("while nothing stopped it")).isEqualTo("while nothing stopped it");
        Exception abort = new Exception("aborted by user");

        // the tool returned and the body is about to return its map when the abort comes
        worker.stop(abort, timer, StackDriftStepExecution.STOP_FALLBACK, endedByFallback::add);
        Thread.interrupted();

        assertThatThrownBy(() -> worker.returned("result map")).isSameAs(abort);
    }

    @Test
    void aStepThatNeverStartedOrHasEndedLeavesTheStopToJenkins() {
        assertThat(new StepWorker().stop(new Exception("aborted"), timer, Duration.ofSeconds(1), endedByFallback::add)).isFalse();
        StepWorker over = new StepWorker();
        over.enter();
        over.exit();
        assertThat(over.stop(new Exception("aborted"), timer, Duration.ofSeconds(1), endedByFallback::add)).isFalse();
        verify(timer, never()).schedule(any(Runnable.class), anyLong(), any());
    }

    @Test
    void withoutAStopTheStepEndsWithItsOwnFailure() {
        Exception own = new IllegalStateException("own");
        assertThat(new StepWorker().failure(own)).isSameAs(own);
    }

    @Test
    void anotherFailureAfterTheStopIsKeptAsAMessageWithoutAStackTrace() {
        worker.enter();
        Exception abort = new Exception("aborted by user");
        worker.stop(abort, timer, StackDriftStepExecution.STOP_FALLBACK, endedByFallback::add);
        Thread.interrupted();

        assertThat(worker.failure(new IllegalStateException("the record could not be written"))).isSameAs(abort);
        assertThat(worker.failure(new IOException("channel closed", new InterruptedException()))).isSameAs(abort);

        assertThat(abort.getSuppressed()).singleElement().isInstanceOfSatisfying(AbortException.class,
                e -> assertThat(e).hasMessage("IllegalStateException: the record could not be written"));
    }

    @Test
    void anInterruptWithoutAStopEndsTheStepAsAnAbort() {
        assertThat(new StepWorker().failure(new InterruptedException())).isInstanceOf(FlowInterruptedException.class);
        FlowInterruptedException flow = new FlowInterruptedException(Result.ABORTED);
        assertThat(new StepWorker().failure(flow)).isSameAs(flow);
    }
}
