package io.stackdrift.drift;

import java.time.Duration;

/**
 * How soon a stack whose checks keep failing is tried again: 15m after the first failure, then 30m,
 * 1h, … doubling, never longer than its own {@code every}. A failure is usually passing (a lock, an
 * expired token), so the first retry comes sooner than the schedule would; a lasting failure settles
 * back to the stack's normal cadence instead of failing every build.
 */
public final class Backoff {
    public static final Duration FIRST = Duration.ofMinutes(15);

    private Backoff() {
    }

    /** The wait after {@code consecutiveFailures} failed checks (at least 1). */
    public static Duration interval(final int consecutiveFailures, final Duration every) {
        if (consecutiveFailures < 1) {
            throw new IllegalArgumentException("backoff needs at least one failure");
        }
        int doublings = Math.min(consecutiveFailures - 1, 30);
        Duration wait = FIRST.multipliedBy(1L << doublings);
        return wait.compareTo(every) > 0 ? every : wait;
    }
}
