package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

/**
 * The run's work directory holds plan JSON, which may carry sensitive values: on a shared host another account could
 * make {@code <tmp>/stackdrift-work-<user>} first, open to all, and swap a run's directory there for its own.
 */
@PosixOnly
class WorkFolderTest {
    @TempDir
    Path dir;

    @Test
    void aWorkFolderOthersMayWriteToIsNotUsedAndTheRunSaysSo() throws Exception {
        ForkedCheck repo = ForkedCheck.of(dir, "net", ForkedCheck.IN_SYNC_TOOL);
        Path shared = Files.createDirectory(repo.tmp.resolve("stackdrift-work-" + System.getProperty("user.name")));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));

        Process check = repo.check(List.of(), "--record", dir.resolve("record").toString())
                .redirectError(dir.resolve("err.txt").toFile()).redirectOutput(dir.resolve("out.txt").toFile()).start();
        assertThat(check.waitFor(2, TimeUnit.MINUTES)).isTrue();
        String err = Files.readString(dir.resolve("err.txt"));

        assertThat(check.exitValue()).as(err).isEqualTo(ExitCodes.OK);
        assertThat(err).contains("warning: the work folder " + shared + " is not used (others may write to it (rwxrwxrwx))",
                "this run works in " + repo.tmp.resolve("stackdrift-work-" + System.getProperty("user.name") + "-"));
        try (var left = Files.list(shared)) {
            assertThat(left).as("nothing of the run went into the open folder").isEmpty();
        }
    }
}
