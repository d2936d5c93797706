package io.stackdrift.graph;

import static io.stackdrift.graph.Graphs.id;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class ProgressLinesTest {
    private static StackResult result(final StackState state, final String reason, final Duration took) {
        return new StackResult(id("network"), state, reason, 0, 0, took, null);
    }

    @Test
    void saysOneLinePerEvent() {
        List<String> lines = new ArrayList<>();
        ProgressLines progress = new ProgressLines(lines::add);

        progress.started(id("network"));
        progress.ended(result(StackState.SUCCEEDED, "", Duration.ofSeconds(12)));
        progress.ended(result(StackState.NOTHING_TO_DO, "", Duration.ofMillis(850)));
        progress.ended(result(StackState.FAILED, "apply failed", Duration.ofSeconds(75)));
        progress.ended(new StackResult(id("app"), StackState.SKIPPED, "dependency network failed", -1, 1, Duration.ZERO, id("network")));
        progress.ended(result(StackState.AWAITING_APPROVAL, "mode approve", Duration.ofSeconds(3)));
        progress.ended(result(StackState.INTERRUPTED, "interrupted while running", Duration.ofSeconds(3725)));
        progress.stopping(StopMode.KILL_RUNNING);

        assertThat(lines).containsExactly("started network", "finished network in 12s",
                "finished network in 0.9s: nothing to deploy", "failed network after 1m15s: apply failed",
                "skipped app: dependency network failed", "network awaits approval: mode approve",
                "interrupted network after 1h02m", "stopping: no more stacks start; running ones are being interrupted");
    }
}
