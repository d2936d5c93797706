package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

class StepWorkerTest {
    @Test
    void anAbortReturnsOnlyAfterTheStepsCleanupAndTheStepEndsWithTheAbortsCause() throws Exception {
        StepWorker worker = new StepWorker();
        CountDownLatch running = new CountDownLatch(1);
        AtomicBoolean cleanedUp = new AtomicBoolean();
        AtomicReference<Exception> endedWith = new AtomicReference<>();
        Thread step = new Thread(() -> {
            worker.enter();
            try {
                running.countDown();
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                try {
                    // the cleanup: trail entries, deleting plan files and secret copies
                    Thread.sleep(300);
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
        assertThat(running.await(5, TimeUnit.SECONDS)).isTrue();

        Exception abort = new Exception("aborted by user");
        assertThat(worker.stop(abort, 10_000)).isTrue();

        assertThat(cleanedUp).isTrue();
        assertThat(endedWith.get()).isSameAs(abort);
        assertThat(abort.getSuppressed()).singleElement().isInstanceOf(InterruptedException.class);
    }

    @Test
    void aStepThatNeverStartedLeavesTheStopToJenkins() throws Exception {
        assertThat(new StepWorker().stop(new Exception("aborted"), 10)).isFalse();
    }

    @Test
    void withoutAStopTheStepEndsWithItsOwnFailure() {
        Exception own = new IllegalStateException("own");
        assertThat(new StepWorker().failure(own)).isSameAs(own);
    }
}
