package io.stackdrift.graph;

import static io.stackdrift.graph.Graphs.graph;
import static io.stackdrift.graph.Graphs.id;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.stackdrift.model.StackId;

/** What the scheduler measures and says beside the stacks' states: each task's own time, a listener that fails. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SchedulerMeasuresTest {
    private static final Duration NAP = Duration.ofMillis(40);

    static Stream<Arguments> endings() {
        return Stream.of(
                Arguments.of("returns an outcome", (StackTask) id -> {
                    nap();
                    return TaskOutcome.succeeded();
                }),
                Arguments.of("returns no outcome", (StackTask) id -> {
                    nap();
                    return null;
                }),
                Arguments.of("is interrupted", (StackTask) id -> {
                    nap();
                    throw new InterruptedException("stopped");
                }),
                Arguments.of("throws", (StackTask) id -> {
                    nap();
                    throw new IllegalStateException("a bug in the task");
                }));
    }

    @ParameterizedTest(name = "a task that {0}")
    @MethodSource("endings")
    void aResultsElapsedTimeIsItsTasksOwnWhicheverWayTheTaskEnds(final String ending, final StackTask task) {
        long before = System.nanoTime();

        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(1)).run(graph("a", ""), task, SchedulerListener.NONE);

        Duration wall = Duration.ofNanos(System.nanoTime() - before);
        assertThat(result.result(id("a")).orElseThrow().elapsed()).isBetween(NAP, wall);
    }

    @Test
    void aListenerThatFailsIsToldAboutOnceOnTheErrorStreamAndTheRunGoesOn() {
        SchedulerListener failing = new SchedulerListener() {
            @Override
            public void started(final StackId id) {
                throw new IllegalStateException("a broken progress line");
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream systemErr = System.err;
        ScheduleResult result;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            result = new StackScheduler(ScheduleOptions.deploy(1)).run(graph("a", "", "b", "a"), id -> TaskOutcome.succeeded(),
                    failing);
        } finally {
            System.setErr(systemErr);
        }

        assertThat(result.inState(StackState.SUCCEEDED)).hasSize(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("stackdrift: a scheduler listener failed "
                + "(IllegalStateException); the run goes on without some progress lines" + System.lineSeparator());
    }

    private static void nap() throws InterruptedException {
        Thread.sleep(NAP.toMillis());
    }
}
