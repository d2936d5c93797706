package io.stackdrift.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class SpellingTest {
    @Test
    void distanceCountsEditsIgnoringCase() {
        assertThat(Spelling.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(Spelling.distance("DependsOn", "dependson")).isZero();
        assertThat(Spelling.distance("", "abc")).isEqualTo(3);
    }

    @Test
    void closestSuggestsOnlyLikelyTypos() {
        List<String> keys = ConfigParser.ENTRY_KEYS;
        assertThat(Spelling.closest("dependOn", keys)).contains("dependsOn");
        assertThat(Spelling.closest("polcy", keys)).contains("policy");
        assertThat(Spelling.closest("credential", keys)).contains("credentials");
        assertThat(Spelling.closest("somethingelse", keys)).isEmpty();
    }

    @Test
    void nearestOrdersByDistanceKeepingTiesInGivenOrder() {
        assertThat(Spelling.nearest("dsn", List.of("network", "dns", "dn", "app"), 2)).containsExactly("dn", "dns");
    }
}
