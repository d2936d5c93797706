package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WithInterruptClearedTest {
    @AfterEach
    void clearTheFlag() {
        Thread.interrupted();
    }

    @Test
    void theStopRunsWithTheFlagClearedAndTheFlagIsSetAgainAfter() {
        AtomicBoolean seenInterrupted = new AtomicBoolean(true);
        Thread.currentThread().interrupt();

        WithInterruptCleared.run(() -> seenInterrupted.set(Thread.currentThread().isInterrupted()));

        assertThat(seenInterrupted).isFalse();
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }

    @Test
    void aStopInterruptedItselfLeavesTheFlagSet() {
        WithInterruptCleared.run(() -> {
            throw new InterruptedException("the wait for the kill");
        });

        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }

    @Test
    void aGoneChannelIsNotAnErrorAndAnUninterruptedThreadStaysSo() {
        WithInterruptCleared.run(() -> {
            throw new IOException("channel closed");
        });

        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }
}
