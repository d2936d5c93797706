package io.stackdrift.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.stackdrift.model.StackId;

/** Small helpers to write graphs in tests: {@code deps("b", "a", "c", "a,b")} means b→a, c→a and c→b. */
final class Graphs {
    private Graphs() {
    }

    static StackId id(final String value) {
        return StackId.of(value);
    }

    static List<StackId> ids(final String... values) {
        return Arrays.stream(values).map(StackId::of).toList();
    }

    static Set<StackId> idSet(final String... values) {
        return new TreeSet<>(ids(values));
    }

    /** Pairs of (stack, comma-separated dependencies); "" for none. */
    static Map<StackId, List<StackId>> deps(final String... pairs) {
        Map<StackId, List<StackId>> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            List<StackId> targets = new ArrayList<>();
            for (String target : pairs[i + 1].split(",", -1)) {
                if (!target.isBlank()) {
                    targets.add(StackId.of(target.strip()));
                }
            }
            map.put(StackId.of(pairs[i]), targets);
        }
        return map;
    }

    static StackGraph graph(final String... pairs) {
        return StackGraph.of(deps(pairs));
    }
}
