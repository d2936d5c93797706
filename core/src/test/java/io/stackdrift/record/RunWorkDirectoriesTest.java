package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

@PosixOnly
class RunWorkDirectoriesTest {
    @TempDir
    Path parent;

    @Test
    void theWorkDirectoryOfAKilledRunIsSweptALiveRunsIsKept() throws Exception {
        // a run that was killed: its process is gone, its plan JSON is still there
        Process gone = new ProcessBuilder("true").start();
        assertThat(gone.waitFor(10, TimeUnit.SECONDS)).isTrue();
        ProcessOwner dead = ProcessOwner.of(gone.toHandle());
        Path killed = Files.createDirectories(parent.resolve(dead.pid() + "-" + dead.started() + "-0badc0de"));
        Files.writeString(Files.createDirectories(killed.resolve("net/deploy")).resolve("preview.plan.json"), "{}");
        Path mine = RunWorkDirectories.create(parent);
        Path unrelated = Files.createDirectories(parent.resolve("not-a-run"));

        assertThat(RunWorkDirectories.sweepDead(parent)).isEqualTo(1);

        assertThat(killed).doesNotExist();
        assertThat(mine).isDirectory();
        assertThat(unrelated).isDirectory();
        assertThat(mine.getFileName().toString()).startsWith(ProcessHandle.current().pid() + "-");
        if (parent.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(mine))).isEqualTo("rwx------");
        }
    }
}
