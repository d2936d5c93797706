package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.testing.PosixOnly;

/** Files of a record directory that are not what we wrote there: one line naming them, never a run that blocks. */
@PosixOnly
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HostileRecordFilesTest {
    @TempDir
    Path dir;

    @Test
    void aFifoInPlaceOfTheHistorysLockFileFailsTheSaveWithOneLineInsteadOfBlockingIt() throws Exception {
        Path lock = dir.resolve(HistoryLayout.LOCK_FILE);
        assertThat(new ProcessBuilder("mkfifo", lock.toString()).start().waitFor()).isZero();
        RunRecord run = new RunRecord("1", RunKind.CHECK, "drift check started by hand", 1, 2,
                List.of(Row.of(StackId.of("net"), Tool.TERRAFORM, "net", RowState.IN_SYNC, "")), List.of());

        assertThatThrownBy(() -> new HistoryStore(dir).save(run)).isInstanceOf(UncheckedIOException.class)
                .hasMessage("cannot write the history in " + dir.toRealPath() + ": " + lock.toRealPath()
                        + " is a FIFO, socket or device, not a regular file; remove it (it only serves as a lock)");
    }
}
