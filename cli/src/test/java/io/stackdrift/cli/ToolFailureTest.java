package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

/** A failed tool's reason on the command line: the tool's diagnostic, and the kept log named where the plugin says "console log". */
@PosixOnly
class ToolFailureTest {
    @TempDir
    Path dir;

    @Test
    void aFailedDeployNamesTheKeptLogInItsRowAndItsTrailEntryNeverTheConsoleLog() throws Exception {
        ForkedCheck repo = ForkedCheck.of(dir, "net", """
                #!/bin/sh
                case "$1" in
                  version) echo '{"terraform_version":"1.11.4"}' ;;
                  init) echo "Error: Failed to query available provider packages" >&2; exit 1 ;;
                  *) exit 0 ;;
                esac
                """);

        Process deploy = repo.command("deploy", List.of(), "--record", dir.resolve("record").toString())
                .redirectError(dir.resolve("err.txt").toFile()).redirectOutput(dir.resolve("out.txt").toFile()).start();
        assertThat(deploy.waitFor(2, TimeUnit.MINUTES)).isTrue();
        String out = Files.readString(dir.resolve("out.txt"));
        String err = Files.readString(dir.resolve("err.txt"));

        assertThat(deploy.exitValue()).isEqualTo(ExitCodes.ERROR);
        assertThat(out).doesNotContain("console log");
        assertThat(out).contains("net (failed): terraform init failed with exit code 1 (its output is kept in " + dir.resolve("record"))
                .contains("net: failed — terraform init failed with exit code 1 (its output is kept in " + dir.resolve("record"));
        // the progress line too: the command line has no console log to point at
        assertThat(err).doesNotContain("console log").contains("net: failed — terraform init failed with exit code 1 "
                + "(its output is kept in " + dir.resolve("record").resolve("logs").resolve("run-1") + " when the run ends)");
    }
}
