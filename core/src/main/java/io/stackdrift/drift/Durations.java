package io.stackdrift.drift;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Durations and times as stacks.yaml writes them in messages: {@code 1h30m}, {@code 2026-05-01T10:00:00Z}. */
final class Durations {
    private Durations() {
    }

    /** The duration words of stacks.yaml, so messages read like the file. */
    static String format(final Duration duration) {
        return io.stackdrift.config.Durations.format(duration);
    }

    static String time(final long epochMillis) {
        return Instant.ofEpochMilli(epochMillis).truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
