package io.stackdrift.drift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.stackdrift.testing.Tries;

class BackoffTest {
    @ParameterizedTest(name = "{0} failures, every {1} → {2}")
    @CsvSource({
        "1, PT24H, PT15M",
        "2, PT24H, PT30M",
        "3, PT24H, PT1H",
        "4, PT24H, PT2H",
        "6, PT24H, PT8H",
        "7, PT24H, PT16H",
        "8, PT24H, PT24H",
        "50, PT24H, PT24H",
        "1, PT10M, PT10M",
        "3, PT45M, PT45M"})
    void doublesFrom15MinutesCappedAtEvery(final int failures, final Duration every, final Duration expected) {
        assertThat(Backoff.interval(failures, every)).isEqualTo(expected);
    }

    @Test
    void neverLongerThanEveryAndNeverShrinking() {
        Tries.check(1000, gen -> {
            int failures = gen.ints(1, 200);
            Duration every = Duration.ofMinutes(gen.longs(1, 100_000));
            Duration wait = Backoff.interval(failures, every);
            assertThat(wait).isLessThanOrEqualTo(every).isPositive();
            assertThat(Backoff.interval(failures + 1, every)).isGreaterThanOrEqualTo(wait);
        });
    }

    @Test
    void needsAFailure() {
        assertThatThrownBy(() -> Backoff.interval(0, Duration.ofHours(1))).isInstanceOf(IllegalArgumentException.class);
    }
}
