package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;
import io.stackdrift.testing.Umask;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RunIdsTest {
    @TempDir
    Path record;

    private final List<String> warnings = new CopyOnWriteArrayList<>();

    @Test
    @PosixOnly
    void theCounterHasTheModeTheUmaskGivesAsTheRestOfTheRecord() throws Exception {
        RunIds.next(record, 0, warnings::add);
        RunIds.next(record, 0, warnings::add);

        // a second account sharing the record (one group, umask 002) must read and replace it: never 0600 regardless
        assertThat(Umask.filesNotOf(record, Umask.ofNewFile(record))).isEmpty();
    }

    @Test
    void runsStartedAtOnceGetDistinctNumbers() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Long>> calls = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                calls.add(() -> RunIds.next(record, 0, warnings::add));
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
        assertThat(RunIds.next(record, 0, warnings::add)).isEqualTo(1);
        assertThat(RunIds.next(record, 0, warnings::add)).isEqualTo(2);
        // a history written before the counter existed: numbering goes on after its highest run
        assertThat(RunIds.next(record, 41, warnings::add)).isEqualTo(42);
        assertThat(RunIds.next(record, 3, warnings::add)).isEqualTo(43);
    }

    @Test
    void oneBadByteInTheCounterRebuildsItFromTheHistoryWithAWarning() throws Exception {
        Files.write(record.resolve("run-ids"), new byte[] {'4', (byte) 0xff, '\n'});

        assertThat(RunIds.next(record, 7, warnings::add)).isEqualTo(8);

        assertThat(warnings).singleElement().asString().isEqualTo("the run counter " + record.resolve("run-ids")
                + " could not be read (it holds something other than a number); numbered this run after the history's highest "
                + "run, 7, and started the counter again");
        assertThat(Files.readString(record.resolve("run-ids"))).isEqualTo("8\n");
        assertThat(RunIds.next(record, 7, warnings::add)).isEqualTo(9);
        assertThat(warnings).hasSize(1);
    }

    @PosixOnly
    @Test
    void aFifoInPlaceOfTheCounterIsReplacedInsteadOfBlockingEveryRun() throws Exception {
        Path counter = record.resolve("run-ids");
        assertThat(new ProcessBuilder("mkfifo", counter.toString()).start().waitFor()).isZero();

        assertThat(RunIds.next(record, 2, warnings::add)).isEqualTo(3);

        assertThat(warnings).singleElement().asString().contains("is a FIFO, socket or device, not a regular file");
        assertThat(counter).isRegularFile();
    }

    @PosixOnly
    @Test
    void aLinkToAnEndlessDeviceIsNotReadIntoMemory() throws Exception {
        Path counter = Files.createSymbolicLink(record.resolve("run-ids"), Path.of("/dev/zero"));

        assertThat(RunIds.next(record, 0, warnings::add)).isEqualTo(1);

        assertThat(warnings).singleElement().asString().contains("is a symbolic link, not a regular file");
        assertThat(Files.isSymbolicLink(counter)).isFalse();
    }

    @PosixOnly
    @Test
    void aFifoInPlaceOfTheCountersLockFileFailsWithOneLineNamingIt() throws Exception {
        Path lock = record.resolve("run-ids.lock");
        assertThat(new ProcessBuilder("mkfifo", lock.toString()).start().waitFor()).isZero();

        assertThatThrownBy(() -> RunIds.next(record, 0, warnings::add)).isInstanceOf(IOException.class)
                .hasMessage(lock + " is a FIFO, socket or device, not a regular file; remove it (it only serves as a lock)");
    }
}
