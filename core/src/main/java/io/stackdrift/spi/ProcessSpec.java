package io.stackdrift.spi;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One tool invocation: never through a shell, arguments as an array.
 *
 * @param command     the executable and its arguments
 * @param workingDir  the stack directory
 * @param environment variables added to the inherited environment (credentials among them: never logged)
 * @param timeout     the per-stack timeout; the process is killed when it passes
 * @param stdoutFile  where stdout goes: a file, so that large plans are streamed, never held in memory
 */
public record ProcessSpec(List<String> command, Path workingDir, Map<String, String> environment, Duration timeout, Path stdoutFile) {
    public ProcessSpec {
        command = List.copyOf(command);
        Objects.requireNonNull(workingDir, "workingDir");
        environment = Map.copyOf(environment);
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(stdoutFile, "stdoutFile");
    }
}
