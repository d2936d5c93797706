package io.stackdrift.spi;

import java.nio.file.Path;

/**
 * What a finished tool process left behind.
 *
 * @param exitCode   the exit code; meaningless when {@code timedOut} or {@code notFound}
 * @param stdoutFile the file that holds stdout
 * @param stderrTail the last part of stderr (bounded), kept apart from stdout so JSON is never corrupted
 * @param timedOut   the process was killed at the timeout
 * @param notFound   the executable could not be started
 */
public record ProcessResult(int exitCode, Path stdoutFile, String stderrTail, boolean timedOut, boolean notFound) {
    public static ProcessResult exited(final int exitCode, final Path stdoutFile, final String stderrTail) {
        return new ProcessResult(exitCode, stdoutFile, stderrTail, false, false);
    }
}
