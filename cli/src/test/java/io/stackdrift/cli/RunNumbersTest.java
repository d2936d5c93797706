package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.record.HistoryStore;

class RunNumbersTest {
    @TempDir
    Path record;

    @Test
    void aRunKilledBeforeItsRecordDoesNotGiveItsNumberToTheNextRun() {
        HistoryStore history = new HistoryStore(record);

        String killed = CliHost.nextRunId(history, warning -> { });
        // kill -9: nothing was saved, the history is as empty as before
        String next = CliHost.nextRunId(new HistoryStore(record), warning -> { });

        assertThat(killed).isEqualTo("1");
        assertThat(next).isEqualTo("2");
    }
}
