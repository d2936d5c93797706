package io.stackdrift.testing;

import java.util.List;

import org.assertj.core.api.AbstractAssert;

import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

/**
 * AssertJ assertions on one deploy of the trail ({@code assertThat(entry).hasResult(DEPLOYED).putBack("aws_vpc.main.tags")});
 * a failure names the stack and the run. Entry point: {@link StackDriftAssertions}.
 */
public final class TrailEntryAssert extends AbstractAssert<TrailEntryAssert, TrailEntry> {
    TrailEntryAssert(final TrailEntry actual) {
        super(actual, TrailEntryAssert.class);
    }

    public TrailEntryAssert hasResult(final TrailResult expected) {
        isNotNull();
        if (actual.result() != expected) {
            failWithMessage("Expected the deploy of %s in run %s to be %s but it was %s (reason: %s)", actual.stack(), actual.runId(),
                    expected.word(), actual.result().word(), actual.reason());
        }
        return this;
    }

    /** A deploy that repaired drift and put back exactly these paths ({@code address.path}), in order. */
    public TrailEntryAssert putBack(final String... paths) {
        isNotNull();
        if (!actual.repairedDrift() || !actual.restoredPaths().equals(List.of(paths))) {
            failWithMessage("Expected the deploy of %s in run %s to put back %s but it repaired drift: %s, put back %s", actual.stack(),
                    actual.runId(), List.of(paths), actual.repairedDrift(), actual.restoredPaths());
        }
        return this;
    }

    public TrailEntryAssert finishedAt(final long epochMillis) {
        isNotNull();
        if (actual.finishedAt() != epochMillis) {
            failWithMessage("Expected the deploy of %s in run %s to finish at %s but it finished at %s", actual.stack(), actual.runId(),
                    epochMillis, actual.finishedAt());
        }
        return this;
    }

    /** For a repair: when the drift it put back was first seen (epoch ms). */
    public TrailEntryAssert hasDriftedSince(final long epochMillis) {
        isNotNull();
        if (actual.driftedSince() != epochMillis) {
            failWithMessage("Expected the repair of %s in run %s to put back drift seen since %s but it says %s", actual.stack(),
                    actual.runId(), epochMillis, actual.driftedSince());
        }
        return this;
    }

    public TrailEntryAssert hasReasonContaining(final String part) {
        isNotNull();
        if (!actual.reason().contains(part)) {
            failWithMessage("Expected the reason of the deploy of %s in run %s to contain <%s> but it was <%s>", actual.stack(),
                    actual.runId(), part, actual.reason());
        }
        return this;
    }
}
