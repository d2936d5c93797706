package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

/**
 * Colour follows picocli's detection ({@code CommandLine.Help.Ansi.AUTO}: a terminal, {@code NO_COLOR},
 * {@code CLICOLOR_FORCE}, {@code -Dpicocli.ansi}), not {@code System.console() != null}, which since JDK 22 can hold a
 * console with the output going into a pipe. The check fails, so its counts line carries the red dot when coloured.
 */
@PosixOnly
class ColourTest {
    private static final String ESC = "\u001B[";
    private static final Path TEMURIN_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

    @TempDir
    Path dir;

    @Test
    void colourIsPicoclisChoiceForcedByClicolorForceAndOffWithNoColor() throws Exception {
        assertThat(counts(null, Map.of("CLICOLOR_FORCE", "1"))).contains(ESC);
        assertThat(counts(null, Map.of("CLICOLOR_FORCE", "1", "NO_COLOR", "1"))).doesNotContain(ESC).contains("1 failed \u25CF");
        assertThat(counts(null, Map.of())).doesNotContain(ESC);
    }

    @Test
    void aPipeGetsNoColourOnJava25() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(TEMURIN_25), "no Temurin 25 at " + TEMURIN_25 + ": the Java 25 run is skipped");
        assertThat(counts(TEMURIN_25, Map.of())).doesNotContain(ESC).contains("1 failed \u25CF");
    }

    /** The counts line a failing check prints into a file, from {@code java} (or this JVM's) with {@code env} added. */
    private String counts(final Path java, final Map<String, String> env) throws Exception {
        Path run = Files.createTempDirectory(dir, "run");
        ForkedCheck repo = ForkedCheck.of(run, "net", "#!/bin/sh\nexit 1\n");
        ProcessBuilder check = repo.check(List.of(), "--record", run.resolve("record").toString());
        if (java != null) {
            check.command().set(0, java.toString());
        }
        check.environment().remove("NO_COLOR");
        check.environment().remove("CLICOLOR_FORCE");
        check.environment().putAll(env);
        Process process = check.redirectOutput(run.resolve("out.txt").toFile()).redirectError(run.resolve("err.txt").toFile()).start();
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(Files.readString(run.resolve("err.txt"))).isEqualTo(ExitCodes.ERROR);
        return Files.readAllLines(run.resolve("out.txt")).get(0);
    }
}
