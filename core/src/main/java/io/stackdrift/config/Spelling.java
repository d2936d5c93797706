package io.stackdrift.config;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean" suggestions by edit distance (Levenshtein, case-insensitive). */
final class Spelling {
    private Spelling() {
    }

    /** The known word closest to {@code word}, if it is close enough to be a typo. */
    static Optional<String> closest(final String word, final Collection<String> known) {
        return nearest(word, known, 1).stream()
                .filter(candidate -> distance(word, candidate) <= Math.max(2, candidate.length() / 3))
                .findFirst();
    }

    /** Up to {@code limit} known words, nearest first (ties in the order given). */
    static List<String> nearest(final String word, final Collection<String> known, final int limit) {
        return known.stream()
                .sorted(Comparator.comparingInt((String candidate) -> distance(word, candidate)))
                .limit(limit)
                .toList();
    }

    static int distance(final String a, final String b) {
        String left = a.toLowerCase(Locale.ROOT);
        String right = b.toLowerCase(Locale.ROOT);
        int[] previous = new int[right.length() + 1];
        int[] current = new int[right.length() + 1];
        for (int j = 0; j <= right.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= left.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= right.length(); j++) {
                int substitution = previous[j - 1] + (left.charAt(i - 1) == right.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[right.length()];
    }
}
