package io.stackdrift.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import io.stackdrift.testing.Tries;

class DurationsTest {
    @ParameterizedTest
    @CsvSource({"30s, 30", "15m, 900", "6h, 21600", "2d, 172800", "1h30m, 5400", "1d2h3m4s, 93784", "0, 0", "0m, 0", "90m, 5400"})
    void parsesEveryForm(final String word, final long seconds) {
        assertThat(Durations.parse(word)).contains(Duration.ofSeconds(seconds));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "15", "6 hours", "1m30h", "h", "-5m", "1.5h", "15M", "1w", "9999999h"})
    void rejectsWhatIsNotADuration(final String word) {
        assertThat(Durations.parse(word)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"0, 0", "30, 30s", "3600, 1h", "5400, 1h30m", "86400, 24h", "172800, 2d", "183600, 51h"})
    void formatsTheShortestWord(final long seconds, final String word) {
        assertThat(Durations.format(Duration.ofSeconds(seconds))).isEqualTo(word);
    }

    @Test
    void formatThenParseGivesTheSameDuration() {
        Tries.check(1000, gen -> {
            Duration duration = Duration.ofSeconds(gen.longs(0, 999_999L * 3600));
            assertThat(Durations.parse(Durations.format(duration))).contains(duration);
        });
    }
}
