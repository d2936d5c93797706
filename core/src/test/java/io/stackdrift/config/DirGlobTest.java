package io.stackdrift.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
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

    /** The regular expression the matcher replaced: the reference for what a pattern means. */
    private static Pattern reference(final String glob) {
        String[] segments = glob.split("/", -1);
        StringBuilder regex = new StringBuilder();
        boolean needSlash = false;
        for (int i = 0; i < segments.length; i++) {
            if ("**".equals(segments[i])) {
                regex.append(needSlash ? "(?:/[^/]+)*" : i == segments.length - 1 ? "(?:[^/]+(?:/[^/]+)*)?" : "(?:[^/]+/)*");
                needSlash |= i == segments.length - 1;
                continue;
            }
            if (needSlash) {
                regex.append('/');
            }
            for (char c : segments[i].toCharArray()) {
                regex.append(c == '*' ? "[^/]*" : c == '?' ? "[^/]" : Pattern.quote(String.valueOf(c)));
            }
            needSlash = true;
        }
        return Pattern.compile(regex.toString());
    }

    @Test
    void agreesWithTheRegularExpressionOnRandomPatternsAndDirectories() {
        Random random = new Random(20261201);
        String[] patternParts = {"a", "b", "*", "?", "**", "/"};
        String[] dirParts = {"a", "b", "ab", "/"};
        for (int n = 0; n < 20_000; n++) {
            StringBuilder pattern = new StringBuilder();
            for (int i = random.nextInt(7) + 1; i > 0; i--) {
                pattern.append(patternParts[random.nextInt(patternParts.length)]);
            }
            StringBuilder dir = new StringBuilder();
            for (int i = random.nextInt(7); i > 0; i--) {
                dir.append(dirParts[random.nextInt(dirParts.length)]);
            }
            String p = pattern.toString();
            String d = dir.toString();
            assertThat(DirGlob.of(p).matches(d)).as("%s vs %s", p, d).isEqualTo(reference(p).matcher(d).matches());
        }
    }

    @Test
    void hostilePatternsMatchInLinearTime() {
        // each of these took the backtracking regex seconds to forever; a guard with a generous bound, not a benchmark
        String stars = "*a".repeat(20) + "b";
        String deep = "**/".repeat(20) + "zz";
        String path = String.join("/", Collections.nCopies(31, "a"));
        Assertions.assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            assertThat(DirGlob.of(stars).matches("a".repeat(63))).isFalse();
            assertThat(DirGlob.of(deep).matches(path)).isFalse();
            assertThat(DirGlob.of(deep).matches(path + "/zz")).isTrue();
        });
        assertThat(stars).hasSize(41);
        assertThat(deep).hasSize(62);
    }

    @Test
    void theMatcherReadsEachCharacterOnce() {
        // linear by construction: all states advance together, so no character is read twice (a backtracking
        // regex rereads the input once per way of splitting it between the stars)
        int[] reads = {0};
        String text = "a".repeat(5000);
        CharSequence counted = new CharSequence() {
            @Override
            public int length() {
                return text.length();
            }

            @Override
            public char charAt(final int index) {
                reads[0]++;
                return text.charAt(index);
            }

            @Override
            public CharSequence subSequence(final int start, final int end) {
                return text.subSequence(start, end);
            }

            @Override
            public String toString() {
                return text;
            }
        };
        GlobMatcher matcher = GlobMatcher.of(List.of(GlobMatcher.star(GlobMatcher.any()), GlobMatcher.literal('a'),
                GlobMatcher.star(GlobMatcher.notSlash()), GlobMatcher.literal('a'), GlobMatcher.star(GlobMatcher.any()),
                GlobMatcher.literal('b')));
        assertThat(matcher.matches(counted)).isFalse();
        assertThat(reads[0]).isLessThanOrEqualTo(text.length());
    }
}
