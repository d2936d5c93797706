package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.StackId;

class TrailEntryLineTest {
    private static TrailEntry repair(final List<String> paths) {
        return new TrailEntry(StackId.of("network"), "7", 1, 2, TrailResult.DEPLOYED, true, paths, "", 0);
    }

    @Test
    void aLogLineNamesTheFirstPathsAndCountsTheRest() {
        TrailEntry entry = repair(List.of("a.x", "b.y", "c.z"));

        assertThat(entry.restoredPathsLine(3)).isEqualTo("a.x, b.y, c.z");
        assertThat(entry.restoredPathsLine(2)).isEqualTo("a.x, b.y and 1 more");
    }
}
