package io.stackdrift.drift;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Durations and times as the spec writes them in messages: {@code 1h30m}, {@code 2026-05-01T10:00:00Z}. */
final class Durations {
    private Durations() {
    }

    static String format(final Duration duration) {
        long seconds = duration.getSeconds();
        if (seconds == 0) {
            return "0s";
        }
        StringBuilder out = new StringBuilder();
        long days = seconds / 86_400;
        long hours = seconds % 86_400 / 3600;
        long minutes = seconds % 3600 / 60;
        long secs = seconds % 60;
        if (days > 0) {
            out.append(days).append('d');
        }
        if (hours > 0) {
            out.append(hours).append('h');
        }
        if (minutes > 0) {
            out.append(minutes).append('m');
        }
        if (secs > 0) {
            out.append(secs).append('s');
        }
        return out.toString();
    }

    static String time(final long epochMillis) {
        return Instant.ofEpochMilli(epochMillis).truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
