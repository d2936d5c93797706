package io.stackdrift.engine;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Objects;

import io.stackdrift.spi.CredentialsResolver;
import io.stackdrift.spi.DeployJournal;
import io.stackdrift.spi.HistoryView;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.spi.ProgressListener;
import io.stackdrift.spi.StackLocks;
import io.stackdrift.spi.ToolSettings;

/**
 * What the engine needs from its host (CLI or Jenkins). The engine reads the history through {@code history} and
 * writes nothing of it but the markers of running deploys ({@code journal}); what a run found comes back in its
 * {@link RunOutcome} for the host to save.
 *
 * @param processes   runs tool processes (ProcessBuilder in the CLI, Launcher in Jenkins)
 * @param tools       executable paths and the per-stack timeout
 * @param history     what the run reads of earlier runs
 * @param journal     where running deploys are marked (and interrupted ones recovered)
 * @param locks       per-stack deploy locks
 * @param credentials turns credentials ids into environment variables
 * @param workDir     scratch space for plan files and tool output of this run
 * @param clock       the time source
 * @param progress    progress lines
 */
public record EngineServices(ProcessRunner processes, ToolSettings tools, HistoryView history, DeployJournal journal,
        StackLocks locks, CredentialsResolver credentials, Path workDir, Clock clock, ProgressListener progress) {
    public EngineServices {
        Objects.requireNonNull(processes, "processes");
        Objects.requireNonNull(tools, "tools");
        Objects.requireNonNull(history, "history");
        Objects.requireNonNull(journal, "journal");
        Objects.requireNonNull(locks, "locks");
        Objects.requireNonNull(credentials, "credentials");
        Objects.requireNonNull(workDir, "workDir");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(progress, "progress");
    }
}
