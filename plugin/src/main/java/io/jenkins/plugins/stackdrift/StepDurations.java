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

    /** The shortest word for a duration, in the same notation ({@code 1h30m}, {@code 2d}); zero is {@code 0}. */
    public static String format(final Duration duration) {
        return StackDriftEngine.durationWord(duration);
    }
}
