package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class StepDurationsTest {
    @Test
    void readsAndWritesTheDurationWords() {
        assertThat(StepDurations.parse("90s")).contains(Duration.ofSeconds(90));
        assertThat(StepDurations.parse(" 1h30m ")).contains(Duration.ofMinutes(90));
        assertThat(StepDurations.parse("2h")).contains(Duration.ofHours(2));
        assertThat(StepDurations.parse("0")).contains(Duration.ZERO);
        assertThat(StepDurations.parse("1d")).contains(Duration.ofDays(1));
        assertThat(StepDurations.format(Duration.ofSeconds(5430))).isEqualTo("1h30m30s");
        assertThat(StepDurations.format(Duration.ofSeconds(90))).isEqualTo("1m30s");
        assertThat(StepDurations.format(Duration.ZERO)).isEqualTo("0");
        assertThat(StepDurations.format(Duration.ofDays(3))).isEqualTo("3d");
    }

    @Test
    void refusesWhatIsNoDuration() {
        for (String word : new String[] {"", "30", "m", "30 minutes", "1m2h", "-5m", "1x"}) {
            assertThat(StepDurations.parse(word)).as(word).isEmpty();
        }
    }
}
