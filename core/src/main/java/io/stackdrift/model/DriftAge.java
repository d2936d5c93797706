package io.stackdrift.model;

import java.time.Instant;
import java.util.Optional;

/**
 * How long a stack has drifted: the start of the first check in its unbroken run of drifted checks, and how many
 * checks that run holds so far (the one of this row included). {@link #NONE} on a row without drift.
 *
 * @param since  epoch milliseconds of the first drifted check of the run; 0 for none
 * @param checks drifted checks in the run, at least 1 when {@code since} is set
 */
public record DriftAge(long since, int checks) {
    public static final DriftAge NONE = new DriftAge(0, 0);

    public DriftAge {
        if (since < 0 || checks < 0 || (since == 0) != (checks == 0)) {
            throw new IllegalArgumentException("drift age needs both a start and a number of checks, or neither");
        }
    }

    /** The first drifted check of a run. */
    public static DriftAge startingAt(final long checkedAt) {
        return new DriftAge(checkedAt, 1);
    }

    public boolean isPresent() {
        return checks > 0;
    }

    /** The same run of drift, one check longer. */
    public DriftAge oneMoreCheck() {
        return new DriftAge(since, checks + 1);
    }

    /** The start, for JSON and pages (ISO-8601); empty for {@link #NONE}. */
    public Optional<Instant> sinceInstant() {
        return isPresent() ? Optional.of(Instant.ofEpochMilli(since)) : Optional.empty();
    }
}
