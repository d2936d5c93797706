package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.ChangeList;

class WorkDirCleanupTest {
    @TempDir
    Path temp;

    private Path tree(final int stacks) throws IOException {
        Path work = temp.resolve("work");
        for (int i = 0; i < stacks; i++) {
            Path check = Files.createDirectories(work.resolve("s" + i).resolve("check"));
            Files.writeString(check.resolve("drift.plan.json"), "{}");
            Files.writeString(check.resolve("init.log"), "");
        }
        return work;
    }

    @Test
    void theDirectoryIsGoneWhenFinishReturns() throws IOException {
        Path work = tree(200);

        WorkDirCleanup.start(work).finish();

        assertThat(work).doesNotExist();
        assertThat(temp).isDirectory();
    }

    @Test
    void anInterruptedFinishStillWaitsForTheDeletionAndKeepsTheInterrupt() throws IOException {
        Path work = tree(200);
        WorkDirCleanup cleanup = WorkDirCleanup.start(work);

        Thread.currentThread().interrupt();
        cleanup.finish();

        assertThat(Thread.interrupted()).isTrue();
        assertThat(work).doesNotExist();
    }

    @Test
    void theSpillFilesTheSaveStillReadsStayUntilFinish() throws Exception {
        Path work = tree(3);
        Path spill = Files.writeString(work.resolve("s1").resolve("check").resolve(ChangeList.SPILL_FILE_PREFIX + "1.bin"), "x");
        WorkDirCleanup cleanup = WorkDirCleanup.start(work);

        // the early deletion ends with the plan files and logs gone and the spill file there
        for (int i = 0; i < 500 && otherFiles(work) != 0; i++) {
            Thread.sleep(10);
        }
        assertThat(otherFiles(work)).isZero();
        assertThat(work.resolve("s0")).doesNotExist();
        assertThat(spill).exists();

        cleanup.finish();

        assertThat(work).doesNotExist();
    }

    /** Files other than spill files, or -1 while the walk meets one the cleanup is deleting at that moment. */
    private static long otherFiles(final Path work) throws IOException {
        try (Stream<Path> all = Files.walk(work)) {
            return all.filter(Files::isRegularFile).filter(f -> !ChangeList.isSpillFile(f)).count();
        } catch (UncheckedIOException e) {
            if (e.getCause() instanceof NoSuchFileException) {
                return -1;
            }
            throw e;
        }
    }
}
