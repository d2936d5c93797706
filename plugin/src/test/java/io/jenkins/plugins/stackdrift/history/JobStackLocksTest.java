package io.jenkins.plugins.stackdrift.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;

class JobStackLocksTest {
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final PrintStream log = new PrintStream(console, true, StandardCharsets.UTF_8);

    @Test
    void aSecondDeployOfAStackWaitsUntilTheFirstLetsGoAndSaysForWhom() throws Exception {
        JobStackLocks.Held first = JobStackLocks.acquireAll("job-a", List.of("network", "dns"), "the deploy of build #1", log);
        CompletableFuture<JobStackLocks.Held> second = CompletableFuture.supplyAsync(() -> {
            try {
                return JobStackLocks.acquireAll("job-a", List.of("dns"), "the deploy of build #2", log);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThatThrownBy(() -> second.get(300, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("waiting for the deploy of build #1 to finish (it holds dns)");
        first.close();
        try (JobStackLocks.Held held = second.get(10, TimeUnit.SECONDS)) {
            assertThat(held.stacks()).containsExactly("dns");
        }
    }

    @Test
    void otherJobsAndOtherStacksDoNotWait() throws Exception {
        try (JobStackLocks.Held a = JobStackLocks.acquireAll("job-b", List.of("network"), "x", log);
                JobStackLocks.Held b = JobStackLocks.acquireAll("job-c", List.of("network"), "y", log);
                JobStackLocks.Held c = JobStackLocks.acquireAll("job-b", List.of("dns"), "z", log)) {
            assertThat(a.stacks()).containsExactly("network");
            assertThat(b.stacks()).containsExactly("network");
            assertThat(c.stacks()).containsExactly("dns");
        }
    }

    @Test
    void takingOnlyTheFreeStacksNeverWaitsAndNamesTheHolders() {
        try (JobStackLocks.Held deploy = JobStackLocks.acquireFree("job-d", List.of("network"), "the deploy of build #4");
                JobStackLocks.Held check = JobStackLocks.acquireFree("job-d", List.of("network", "dns"), "the drift check of build #5")) {
            assertThat(check.stacks()).containsExactly("dns");
            assertThat(check.busy()).containsExactly(Map.entry("network", "the deploy of build #4"));
        }
        try (JobStackLocks.Held after = JobStackLocks.acquireFree("job-d", List.of("network", "dns"), "later")) {
            assertThat(after.busy()).isEmpty();
        }
    }
}
