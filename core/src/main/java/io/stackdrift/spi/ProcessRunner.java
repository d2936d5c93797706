package io.stackdrift.spi;

import java.io.IOException;

/** Runs one tool process to its end. Implemented with ProcessBuilder (CLI) and with Launcher (plugin). */
@FunctionalInterface
public interface ProcessRunner {
    /**
     * Runs the process, streaming stdout to {@link ProcessSpec#stdoutFile()}.
     *
     * @throws InterruptedException when the run is interrupted; the process has then been killed
     */
    ProcessResult run(ProcessSpec spec) throws IOException, InterruptedException;
}
