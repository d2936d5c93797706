package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunIdsTest {
    @TempDir
    Path record;

    @Test
    void runsStartedAtOnceGetDistinctNumbers() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Long>> calls = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                calls.add(() -> RunIds.next(record, 0));
            }
            Set<Long> ids = new TreeSet<>();
            for (Future<Long> id : pool.invokeAll(calls)) {
                ids.add(id.get());
            }
            assertThat(ids).hasSize(200).first().isEqualTo(1L);
            assertThat(ids).last().isEqualTo(200L);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aNumberHandedToARunThatNeverSavedIsNotHandedOutAgain() throws Exception {
        // the run given 1 was killed before it wrote a record: the history still holds nothing
        assertThat(RunIds.next(record, 0)).isEqualTo(1);
        assertThat(RunIds.next(record, 0)).isEqualTo(2);
        // a history written before the counter existed: numbering goes on after its highest run
        assertThat(RunIds.next(record, 41)).isEqualTo(42);
        assertThat(RunIds.next(record, 3)).isEqualTo(43);
    }
}
