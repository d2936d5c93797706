package io.stackdrift.engine;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.stackdrift.config.StackConfig;
import io.stackdrift.drift.DueCheck;
import io.stackdrift.model.StackId;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.StackIndex;
import io.stackdrift.record.StackStatus;

/**
 * When the next scheduled drift check has work, after a drift check run: the earliest time any of its stacks is due
 * again, from the statuses the history will hold once the run is saved (the same fold the history makes). A scheduler
 * that skips its ticks before then starts no build that would check nothing.
 */
final class NextCheckAfterRun {
    private NextCheckAfterRun() {
    }

    /** Empty when no scheduled check takes any of {@code stacks} (all off, or all awaiting approval). */
    static Optional<Instant> of(final List<StackConfig> stacks, final Map<StackId, StackStatus> atStart, final RunRecord record) {
        Map<StackId, StackStatus> after = StackIndex.next(atStart, 0, record, Map.of(), Set.of());
        Instant now = Instant.ofEpochMilli(record.finishedAt());
        return stacks.stream()
                .map(stack -> DueCheck.nextScheduled(stack, Optional.ofNullable(after.get(stack.id())), now))
                .flatMap(Optional::stream)
                .min(Comparator.naturalOrder());
    }
}
