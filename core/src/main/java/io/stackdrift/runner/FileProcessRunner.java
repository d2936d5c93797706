package io.stackdrift.runner;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

import io.stackdrift.model.Directories;
import io.stackdrift.render.SecretMask;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.spi.ProcessSpec;

/**
 * The engine process's process port: it starts nothing itself. Each call is written to {@code calls/N.json} for the
 * host to launch (through its own launcher, with the tool wrapper), and this side waits for the wrapper's
 * {@code calls/N.exit}, then takes the tool's stdout and the masked tail of its stderr. A call survives a restart of
 * the host: the wrapper runs on and leaves its files, and a host that comes back launches only unclaimed calls.
 *
 * <p>The timeout is kept here: at it, {@code calls/N.stop} asks the wrapper to stop the tool gently. A {@code stop}
 * of the whole step, or an interrupt of the waiting thread, starts no new call; a running one is left to the wrapper,
 * which stops its tool gently too, and this side waits for its exit (at most the grace and a margin) before it
 * reports the interrupt, so the engine records the run only once its tools have ended.
 */
public final class FileProcessRunner implements ProcessRunner {
    /** The part of stderr kept, as the other runners keep it. */
    static final int TAIL_LIMIT = 16 * 1024;
    /** How long after a stop the wrapper may take beyond its grace (its one-second checks, the kill). */
    private static final Duration MARGIN = Duration.ofSeconds(30);
    private static final long FIRST_WAIT_MILLIS = 20;
    private static final long LONGEST_WAIT_MILLIS = 500;

    private final StepDirectory dir;
    private final StepSecrets secrets;
    private final SecretMask mask;
    private final Duration grace;
    private final AtomicInteger next = new AtomicInteger();

    /** @param grace the wrapper's grace between its interrupt and its kill, as the host launches it */
    public FileProcessRunner(final StepDirectory dir, final StepSecrets secrets, final Duration grace) {
        this.dir = Objects.requireNonNull(dir, "dir");
        this.secrets = Objects.requireNonNull(secrets, "secrets");
        this.mask = secrets.mask();
        this.grace = Objects.requireNonNull(grace, "grace");
    }

    /** The tool calls asked so far. */
    public int callsAsked() {
        return next.get();
    }

    @Override
    public ProcessResult run(final ProcessSpec spec) throws IOException, InterruptedException {
        if (dir.stopAsked() || Thread.currentThread().isInterrupted()) {
            throw new InterruptedException("the step was asked to stop: no new tool call");
        }
        if (!Files.isDirectory(spec.workingDir())) {
            throw new IOException("the directory " + spec.workingDir() + " does not exist");
        }
        int n = next.getAndIncrement();
        ToolCall.of(n, spec, secrets).write(dir);
        long deadline = System.nanoTime() + spec.timeout().toNanos();
        boolean timedOut = false;
        long wait = FIRST_WAIT_MILLIS;
        while (!Files.exists(dir.exit(n))) {
            if (!dir.exists()) {
                throw new IOException("the step directory " + dir.root() + " is gone: call " + n + " has no result");
            }
            boolean stopped = dir.stopAsked();
            if (stopped || Thread.currentThread().isInterrupted()) {
                awaitStopped(n);
                throw new InterruptedException("the step was stopped during call " + n);
            }
            if (System.nanoTime() - deadline > 0) {
                timedOut = true;
                awaitStopped(n);
                break;
            }
            try {
                Thread.sleep(wait);
            } catch (InterruptedException e) {
                awaitStopped(n);
                throw e;
            }
            wait = Math.min(wait * 2, LONGEST_WAIT_MILLIS);
        }
        return result(n, spec, timedOut);
    }

    /**
     * Asks the wrapper of call {@code n} to stop its tool, and waits, not interruptibly, for its exit. A call no host
     * has claimed yet is claimed here instead, so it is never launched and there is nothing to wait for.
     */
    private void awaitStopped(final int n) throws IOException {
        if (!dir.exists() || dir.claim(n)) {
            return;
        }
        if (!Files.exists(dir.callStop(n))) {
            Files.writeString(dir.callStop(n), "");
        }
        long until = System.nanoTime() + grace.plus(MARGIN).toNanos();
        boolean interrupted = Thread.interrupted();
        try {
            while (!Files.exists(dir.exit(n)) && dir.exists() && System.nanoTime() - until < 0) {
                try {
                    Thread.sleep(LONGEST_WAIT_MILLIS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private ProcessResult result(final int n, final ProcessSpec spec, final boolean timedOut) throws IOException {
        Path stdout = spec.stdoutFile();
        Path outDir = stdout.toAbsolutePath().getParent();
        if (outDir != null) {
            Directories.ensure(outDir);
        }
        if (Files.exists(dir.out(n))) {
            Files.move(dir.out(n), stdout, StandardCopyOption.REPLACE_EXISTING);
        } else {
            Files.write(stdout, new byte[0]);
        }
        // a host's inner wrapper leaves the tool's own stderr, and a mark when the tool was not found, beside the output
        String tail = mask.mask(tail(dir.err(n)) + tail(dir.toolErr(n)));
        if (timedOut && !Files.exists(dir.exit(n))) {
            return new ProcessResult(-1, stdout, tail, true, false);
        }
        return new ProcessResult(exitCode(n), stdout, tail, timedOut, Files.exists(dir.toolMissing(n)));
    }

    private int exitCode(final int n) throws IOException {
        String text = Files.readString(dir.exit(n), StandardCharsets.UTF_8).strip();
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IOException("the exit status of call " + n + " in " + dir.exit(n) + " is not a number", e);
        }
    }

    /** The last {@value #TAIL_LIMIT} bytes of {@code file}, or nothing when there is none. */
    static String tail(final Path file) throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(file)) {
            long size = channel.size();
            long from = Math.max(0, size - TAIL_LIMIT);
            channel.position(from);
            ByteBuffer buffer = ByteBuffer.allocate((int) (size - from));
            while (buffer.hasRemaining() && channel.read(buffer) > 0) {
                // reads until the buffer is full
            }
            return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return "";
        }
    }
}
