package io.stackdrift.testing;

import org.assertj.core.api.Assertions;

import io.stackdrift.engine.RunOutcome;
import io.stackdrift.model.Counts;
import io.stackdrift.model.Row;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;

/**
 * The project's AssertJ entry point: AssertJ's own {@code assertThat} for everything, and domain assertions for the
 * values a run leaves — {@link RowAssert}, {@link CountsAssert}, {@link RunOutcomeAssert}, {@link RunRecordAssert} and
 * {@link TrailEntryAssert} — in the style of analysis-model's generated assertions. Written by hand: the AssertJ
 * assertions generator's released versions read JavaBeans getters, not record components.
 */
public class StackDriftAssertions extends Assertions {
    protected StackDriftAssertions() {
        // only a holder of static methods; protected as AssertJ's own entry point is
    }

    public static RowAssert assertThat(final Row actual) {
        return new RowAssert(actual);
    }

    public static CountsAssert assertThat(final Counts actual) {
        return new CountsAssert(actual);
    }

    public static RunOutcomeAssert assertThat(final RunOutcome actual) {
        return new RunOutcomeAssert(actual);
    }

    public static RunRecordAssert assertThat(final RunRecord actual) {
        return new RunRecordAssert(actual);
    }

    public static TrailEntryAssert assertThat(final TrailEntry actual) {
        return new TrailEntryAssert(actual);
    }
}
