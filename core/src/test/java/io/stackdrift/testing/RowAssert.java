package io.stackdrift.testing;

import java.util.List;

import org.assertj.core.api.AbstractAssert;

import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;

/**
 * AssertJ assertions on one stack's row, so an engine scenario reads as what it checks
 * ({@code assertThat(row).hasState(REPAIRED).hasReasonContaining("put back")}); a failure names the stack, its
 * state and its reason. Entry point: {@link StackDriftAssertions}.
 */
public final class RowAssert extends AbstractAssert<RowAssert, Row> {
    RowAssert(final Row actual) {
        super(actual, RowAssert.class);
    }

    public RowAssert hasState(final RowState expected) {
        isNotNull();
        if (actual.state() != expected) {
            failWithMessage("Expected stack %s to be %s but it was %s (reason: %s)", actual.id(), expected.word(),
                    actual.state().word(), actual.reason());
        }
        return this;
    }

    /** The state and the whole reason. */
    public RowAssert hasState(final RowState expected, final String reason) {
        return hasState(expected).hasReason(reason);
    }

    public RowAssert hasReason(final String expected) {
        isNotNull();
        if (!actual.reason().equals(expected)) {
            failWithMessage("Expected the reason of stack %s to be <%s> but it was <%s>", actual.id(), expected, actual.reason());
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

    public RowAssert hasReasonStartingWith(final String start) {
        isNotNull();
        if (!actual.reason().startsWith(start)) {
            failWithMessage("Expected the reason of stack %s to start with <%s> but it was <%s>", actual.id(), start,
                    actual.reason());
        }
        return this;
    }

    public RowAssert hasReasonEndingWith(final String end) {
        isNotNull();
        if (!actual.reason().endsWith(end)) {
            failWithMessage("Expected the reason of stack %s to end with <%s> but it was <%s>", actual.id(), end, actual.reason());
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

    /** The row's changes, each as {@code address [path, …]}, in order. */
    public RowAssert hasChanges(final String... expected) {
        isNotNull();
        return listed("changes", actual.changes(), expected);
    }

    /** The row's drift, each as {@code address [path, …]}, in order. */
    public RowAssert hasDrift(final String... expected) {
        isNotNull();
        return listed("drift", actual.drift(), expected);
    }

    /** The stacks the row depends on as its run saw them ({@link Row#dependsOn()}), in order. */
    public RowAssert dependsOn(final String... expected) {
        isNotNull();
        List<String> ids = actual.dependsOn().stream().map(StackId::value).toList();
        if (!ids.equals(List.of(expected))) {
            failWithMessage("Expected stack %s to depend on %s but it depends on %s", actual.id(), List.of(expected), ids);
        }
        return this;
    }

    public RowAssert hasDriftAge(final DriftAge expected) {
        isNotNull();
        if (!actual.driftAge().equals(expected)) {
            failWithMessage("Expected stack %s to have drift age %s but it has %s", actual.id(), expected, actual.driftAge());
        }
        return this;
    }

    private RowAssert listed(final String what, final ChangeList changes, final String... expected) {
        List<String> lines = changes.stream().map(RowAssert::line).toList();
        if (!lines.equals(List.of(expected))) {
            failWithMessage("Expected the %s of stack %s to be %s but they are %s", what, actual.id(), List.of(expected), lines);
        }
        return this;
    }

    private static String line(final Change change) {
        return change.address() + " " + change.paths();
    }
}
