package io.stackdrift.drift;

import static io.stackdrift.drift.DueCheckTest.stack;
import static io.stackdrift.drift.DueCheckTest.status;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.StackConfig;
import io.stackdrift.drift.CheckDecision.Action;
import io.stackdrift.drift.DueCheck.Input;
import io.stackdrift.drift.DueCheck.Trigger;
import io.stackdrift.model.RowState;
import io.stackdrift.record.StackStatus;

/** When a scheduled check next takes a stack: the time at which {@link DueCheck#decide} turns from skip to check. */
class NextScheduledTest {
    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

    @ParameterizedTest(name = "every {0}, checked {1} ago, {2} failures → due in {3}")
    @CsvSource({
        // every, since last check, consecutive failures, due from now
        "PT6H,  PT5H,  0, PT1H",
        "PT15M, PT14M, 0, PT1M",
        "PT6H,  PT10M, 1, PT5M",     // backoff 15m after the first failure
        "PT6H,  PT10M, 2, PT20M",    // 30m after the second
        "PT6H,  PT1H,  10, PT5H",    // capped at every
        "PT6H,  PT7H,  0, -PT1H"})   // overdue
    void theTimeIsTheScheduleOrTheBackoffCountedFromTheLastCheck(final Duration every, final Duration ago, final int failures,
            final Duration dueIn) {
        StackConfig stack = stack("network", true, DriftMode.REPORT, every);
        StackStatus status = status("network", failures > 0 ? RowState.FAILED : RowState.IN_SYNC, ago, failures);

        Optional<Instant> next = DueCheck.nextScheduled(stack, Optional.of(status), NOW);

        assertThat(next).contains(NOW.plus(dueIn));
        // the same rule as the decision: skipped one millisecond before, checked at the time
        assertThat(decisionAt(stack, status, next.get().minusMillis(1))).isEqualTo(Action.SKIP);
        assertThat(decisionAt(stack, status, next.get())).isEqualTo(Action.CHECK);
    }

    private static Action decisionAt(final StackConfig stack, final StackStatus status, final Instant at) {
        return DueCheck.decide(List.of(stack), new Input(Trigger.SCHEDULED, Map.of(status.id(), status), Set.of(), Set.of(), at))
                .get(0).action();
    }

    @Test
    void aStackNoScheduledCheckTakesHasNoTime() {
        StackStatus checked = status("network", RowState.IN_SYNC, Duration.ofMinutes(5), 0);
        assertThat(DueCheck.nextScheduled(stack("network", false, DriftMode.REPORT, Duration.ofHours(6)), Optional.of(checked), NOW))
                .as("drift disabled").isEmpty();
        assertThat(DueCheck.nextScheduled(stack("network", true, DriftMode.OFF, Duration.ofHours(6)), Optional.of(checked), NOW))
                .as("drift off").isEmpty();
        StackStatus awaiting = status("network", RowState.AWAITING_APPROVAL, Duration.ofMinutes(5), 0);
        assertThat(DueCheck.nextScheduled(stack("network", true, DriftMode.APPROVE, Duration.ofHours(6)), Optional.of(awaiting), NOW))
                .as("a plan awaits approval").isEmpty();
    }

    @Test
    void aStackNeverCheckedOrCheckedByAClockAheadIsDueNow() {
        StackConfig stack = stack("network", true, DriftMode.REPORT, Duration.ofHours(6));
        assertThat(DueCheck.nextScheduled(stack, Optional.empty(), NOW)).contains(NOW);
        StackStatus ahead = status("network", RowState.IN_SYNC, Duration.ofHours(-2), 0);
        assertThat(DueCheck.nextScheduled(stack, Optional.of(ahead), NOW)).contains(NOW);
    }
}
