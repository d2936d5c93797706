package io.stackdrift.testing;

import org.assertj.core.api.AbstractAssert;

import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;

/**
 * AssertJ assertions on one stack's row, so an engine scenario reads as what it checks
 * ({@code assertThatRow(row).hasState(REPAIRED).hasReasonContaining("put back")}); a failure names the stack, its
 * state and its reason.
 */
public final class RowAssert extends AbstractAssert<RowAssert, Row> {
    private RowAssert(final Row actual) {
        super(actual, RowAssert.class);
    }

    public static RowAssert assertThatRow(final Row actual) {
        return new RowAssert(actual);
    }

    public RowAssert hasState(final RowState expected) {
        isNotNull();
        if (actual.state() != expected) {
            failWithMessage("Expected stack %s to be %s but it was %s (reason: %s)", actual.id(), expected.word(),
                    actual.state().word(), actual.reason());
        }
        return this;
    }

    public RowAssert hasReasonContaining(final String part) {
        isNotNull();
        if (!actual.reason().contains(part)) {
            failWithMessage("Expected the reason of stack %s to contain <%s> but it was <%s>", actual.id(), part, actual.reason());
        }
        return this;
    }

    public RowAssert hasDriftCount(final int expected) {
        isNotNull();
        if (actual.drift().size() != expected) {
            failWithMessage("Expected stack %s to show %s drifted resource(s) but it shows %s", actual.id(), expected,
                    actual.drift().size());
        }
        return this;
    }
}
