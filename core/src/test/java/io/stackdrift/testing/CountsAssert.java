package io.stackdrift.testing;

import org.assertj.core.api.AbstractAssert;

import io.stackdrift.model.Counts;

/**
 * AssertJ assertions on a run's counts, one {@link Counts.Field} at a time
 * ({@code assertThat(counts).has(DESTROYED, 4).hasNo(IN_SYNC)}); a failure shows every count. Entry point:
 * {@link StackDriftAssertions}.
 */
public final class CountsAssert extends AbstractAssert<CountsAssert, Counts> {
    CountsAssert(final Counts actual) {
        super(actual, CountsAssert.class);
    }

    public CountsAssert has(final Counts.Field field, final int expected) {
        isNotNull();
        if (field.of(actual) != expected) {
            failWithMessage("Expected %s but the counts are %s", field.words(expected), actual);
        }
        return this;
    }

    public CountsAssert hasNo(final Counts.Field field) {
        return has(field, 0);
    }
}
