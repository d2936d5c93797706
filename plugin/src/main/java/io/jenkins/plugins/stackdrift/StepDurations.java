package io.jenkins.plugins.stackdrift;

import java.time.Duration;
import java.util.Optional;

import io.stackdrift.engine.StackDriftEngine;

/**
 * The duration words of the steps' {@code lockTimeout}: {@code 90s}, {@code 30m}, {@code 2h}, {@code 1h30m}, and
 * {@code 0} for "no limit": the notation of stacks.yaml, read by the engine's own reader
 * ({@link StackDriftEngine#duration}).
 */
public final class StepDurations {
    private StepDurations() {
    }

    /** The duration a word names; empty when it is not one (units in the order d, h, m, s). */
    public static Optional<Duration> parse(final String word) {
        return StackDriftEngine.duration(word);
    }

    /** The shortest word for a duration, in the same notation ({@code 1h30m}); zero is {@code 0}. */
    public static String format(final Duration duration) {
        long seconds = duration.toSeconds();
        if (seconds == 0) {
            return "0";
        }
        StringBuilder word = new StringBuilder();
        append(word, seconds / 3600, "h");
        append(word, seconds % 3600 / 60, "m");
        append(word, seconds % 60, "s");
        return word.toString();
    }

    private static void append(final StringBuilder word, final long amount, final String unit) {
        if (amount > 0) {
            word.append(amount).append(unit);
        }
    }
}
