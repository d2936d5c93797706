package io.stackdrift.local;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.stackdrift.model.Directories;
import io.stackdrift.record.ToolProcessLog;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.spi.ProcessSpec;

/**
 * Runs tool processes on this machine with {@link ProcessBuilder} (the CLI; the plugin uses Jenkins'
 * Launcher). stdout goes straight to the spec's file, so a large plan never passes through memory; stderr
 * is read apart into a bounded tail. At the timeout, or when the waiting thread is interrupted, the process
 * and everything it started (provider plugins, language hosts) are stopped: politely first, then forcibly.
 */
public final class LocalProcessRunner implements ProcessRunner {
    /** How long a stopped process gets to exit before it is killed forcibly. */
    private static final Duration GRACE = Duration.ofSeconds(5);
    /** How long to wait for the rest of stderr after the process ended. */
    private static final Duration STDERR_DRAIN = Duration.ofSeconds(2);

    private final int stderrLimit;
    /** Where every started process is noted, so that a lock outlives a killed run while its tool still runs. */
    private final Optional<ToolProcessLog> log;

    public LocalProcessRunner() {
        this(StderrTail.DEFAULT_LIMIT);
    }

    /** A runner that notes each process it starts in {@code log} (see {@link io.stackdrift.local.FileStackLocks}). */
    public LocalProcessRunner(final ToolProcessLog log) {
        this.stderrLimit = StderrTail.DEFAULT_LIMIT;
        this.log = Optional.of(log);
    }

    LocalProcessRunner(final int stderrLimit) {
        this.stderrLimit = stderrLimit;
        this.log = Optional.empty();
    }

    @Override
    public ProcessResult run(final ProcessSpec spec) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(spec.command())
                .directory(spec.workingDir().toFile())
                .redirectOutput(spec.stdoutFile().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
        builder.environment().putAll(spec.environment());
        // checked first, so that a failing start can only mean the executable
        if (!Files.isDirectory(spec.workingDir())) {
            throw new IOException("the directory " + spec.workingDir() + " does not exist");
        }
        Path stdoutParent = spec.stdoutFile().toAbsolutePath().getParent();
        if (stdoutParent != null) {
            Directories.ensure(stdoutParent);
        }
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            // the executable is missing or cannot be executed: the adapter says how to fix it
            return new ProcessResult(-1, spec.stdoutFile(), "", false, true);
        }
        if (log.isPresent()) {
            try {
                log.get().started(process.toHandle());
            } catch (IOException e) {
                // a tool whose start cannot be noted must not run unseen: a killed run would free its lock too early
                stop(process);
                throw new IOException("cannot note the tool process in " + e.getMessage(), e);
            }
        }
        StderrTail tail = new StderrTail(stderrLimit);
        Thread reader = new Thread(() -> drain(process.getErrorStream(), tail), "stderr of " + spec.command().get(0));
        reader.setDaemon(true);
        reader.start();
        try {
            if (!process.waitFor(spec.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
                stop(process);
                reader.join(STDERR_DRAIN.toMillis());
                return new ProcessResult(-1, spec.stdoutFile(), tail.text(), true, false);
            }
            reader.join(STDERR_DRAIN.toMillis());
            return ProcessResult.exited(process.exitValue(), spec.stdoutFile(), tail.text());
        } catch (InterruptedException e) {
            stop(process);
            throw e;
        }
    }

    /**
     * Stops the process and its descendants (listed first, as they are re-parented once it is gone). The process
     * is stopped before its children: stopped the other way round, a wrapper script saw its child end and ran its
     * next command before its own signal came (seen under load in LocalProcessRunnerTest).
     */
    private static void stop(final Process process) {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroy();
        descendants.forEach(ProcessHandle::destroy);
        boolean exited;
        try {
            exited = process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exited = false;
        }
        if (!exited) {
            process.destroyForcibly();
        }
        descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    private static void drain(final InputStream stderr, final StderrTail tail) {
        try (stderr) {
            tail.drain(stderr);
        } catch (IOException e) {
            // the stream closes when the process is killed; what was read is kept
        }
    }

    private static File nullDevice() {
        return new File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

}
