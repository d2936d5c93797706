package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
}
