package io.stackdrift.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DirGlobTest {
    @ParameterizedTest(name = "{0} vs {1} → {2}")
    @CsvSource({
            "network, network, true",
            "network, networks, false",
            "network, a/network, false",
            "envs/*, envs/a, true",
            "envs/*, envs, false",
            "envs/*, envs/a/b, false",
            "legacy/**, legacy, true",
            "legacy/**, legacy/a, true",
            "legacy/**, legacy/a/b/c, true",
            "legacy/**, legacyx, false",
            "**/prod, prod, true",
            "**/prod, a/b/prod, true",
            "**/prod, a/b/production, false",
            "a/**/z, a/z, true",
            "a/**/z, a/b/c/z, true",
            "a/**/z, a/b/c/y, false",
            "**, anything/at/all, true",
            "env-?, env-1, true",
            "env-?, env-10, false",
            "'*', network, true",
            "'*', a/b, false",
            "., ., true",
            "., a, false",
            "a.b, axb, false",
            "'v(1)', v(1), true"
    })
    void matchesDirectoriesSegmentBySegment(final String pattern, final String dir, final boolean matches) {
        assertThat(DirGlob.of(pattern).matches(dir)).isEqualTo(matches);
    }
}
