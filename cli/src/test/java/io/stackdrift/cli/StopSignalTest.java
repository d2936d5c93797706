package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

/**
 * {@code stackdrift} stopped with SIGTERM (a CI job cancelled, {@code kill}): it stops the run, keeps the record and
 * its work directory is gone, at once, not after the stop hook's 30 s wait for a main thread that was itself blocked
 * in {@code System.exit}.
 */
@PosixOnly
class StopSignalTest {
    @TempDir
    Path dir;

    @Test
    void aRunStoppedWithSigtermEndsPromptlyAndLeavesNoWorkDirectory() throws Exception {
        Path started = dir.resolve("init-started");
        ForkedCheck run = ForkedCheck.of(dir, "net", """
                #!/bin/sh
                case "$1" in
                  version) echo '{"terraform_version":"1.11.4","platform":"linux_amd64","provider_selections":{}}' ;;
                  init) touch "$STACKDRIFT_TEST_STARTED"; sleep 60 ;;
                  *) exit 0 ;;
                esac
                """);
        Path tmp = run.tmp;
        ProcessBuilder builder = run.check(List.of(), "--record", dir.resolve("record").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("console.txt").toFile());
        builder.environment().put("STACKDRIFT_TEST_STARTED", started.toString());
        Process cli = builder.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(started) && cli.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(started).as(Files.readString(dir.resolve("console.txt"))).exists();

        long stopAt = System.nanoTime();
        cli.destroy();
        boolean ended = cli.waitFor(20, TimeUnit.SECONDS);
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - stopAt);
        if (!ended) {
            cli.destroyForcibly();
        }

        assertThat(ended).as("ended within 20 s of SIGTERM (took %d s so far)", seconds).isTrue();
        assertThat(workDirectories(tmp)).isEmpty();
        assertThat(dir.resolve("record")).isDirectory();
    }

    private static List<Path> workDirectories(final Path tmp) throws IOException {
        try (Stream<Path> parents = Files.list(tmp)) {
            return parents.filter(p -> p.getFileName().toString().startsWith("stackdrift-work-")).flatMap(parent -> {
                File[] runs = parent.toFile().listFiles();
                return runs == null ? Stream.empty() : Stream.of(runs).map(File::toPath);
            }).toList();
        }
    }
}
