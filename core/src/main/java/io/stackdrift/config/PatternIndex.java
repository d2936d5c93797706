package io.stackdrift.config;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Which items' directory patterns match a directory, in the items' own order. Exact directories are looked
 * up, not matched; each glob is compiled once; and each directory's answer is computed once, so resolving
 * is directories × globs, never directories × entries.
 */
final class PatternIndex<T> {
    private final List<T> items;
    private final Map<String, List<Integer>> exact = new HashMap<>();
    private final List<Integer> globIndexes = new ArrayList<>();
    private final List<DirGlob> globs = new ArrayList<>();
    private final Map<String, List<T>> answers = new HashMap<>();

    PatternIndex(final List<T> items, final Function<T, String> pattern) {
        this.items = List.copyOf(items);
        for (int i = 0; i < this.items.size(); i++) {
            String dir = pattern.apply(this.items.get(i));
            if (DirGlob.isGlob(dir)) {
                globIndexes.add(i);
                globs.add(DirGlob.of(dir));
            } else {
                exact.computeIfAbsent(dir, d -> new ArrayList<>()).add(i);
            }
        }
    }

    /** The items whose pattern matches {@code dir}, in list order. */
    List<T> matching(final String dir) {
        return answers.computeIfAbsent(dir, this::compute);
    }

    private List<T> compute(final String dir) {
        List<Integer> found = new ArrayList<>(exact.getOrDefault(dir, List.of()));
        for (int g = 0; g < globs.size(); g++) {
            if (globs.get(g).matches(dir)) {
                found.add(globIndexes.get(g));
            }
        }
        found.sort(null);
        List<T> matched = new ArrayList<>(found.size());
        for (int i : found) {
            matched.add(items.get(i));
        }
        return List.copyOf(matched);
    }
}
