package io.stackdrift.testing;

import java.security.SecureRandom;

import org.junit.jupiter.api.function.ThrowingConsumer;

/**
 * Property tests without a framework: a property is run a fixed number of tries, each on its own seeded
 * {@link Gen}. The run's seed is random unless {@code -Dstackdrift.seed=N} fixes it; a failing try names the
 * seed, so the same tries can be run again. There is no shrinking: the failing try's message is the lead.
 */
public final class Tries {
    /** The system property that fixes the seed of every property in the run. */
    public static final String SEED_PROPERTY = "stackdrift.seed";

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private Tries() {
    }

    /** Runs {@code property} {@code tries} times; the first failing try stops the run with the seed in the message. */
    public static void check(final int tries, final ThrowingConsumer<Gen> property) {
        if (tries < 1) {
            throw new IllegalArgumentException("a property needs at least one try");
        }
        long seed = seed();
        for (int i = 0; i < tries; i++) {
            Gen gen = new Gen(seed + i * GOLDEN_GAMMA);
            try {
                property.accept(gen);
            } catch (Throwable failure) {
                if (failure instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                throw new AssertionError("property failed on try " + (i + 1) + " of " + tries + " (seed " + seed
                        + "; run it again with -D" + SEED_PROPERTY + "=" + seed + "): " + failure, failure);
            }
        }
    }

    private static long seed() {
        String fixed = System.getProperty(SEED_PROPERTY);
        if (fixed != null && !fixed.isBlank()) {
            return Long.parseLong(fixed.strip());
        }
        return new SecureRandom().nextLong();
    }
}
