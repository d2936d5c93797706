package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.stackdrift.model.Directories;
import io.stackdrift.render.SecretMask;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.spi.ProcessSpec;

/**
 * The engine's process port on the agent. Every tool process starts through the step's launcher
 * ({@link ToolLauncher}, on the controller), so it runs where {@code sh} runs: inside {@code container('…')} or
 * {@code docker.image(…).inside}, with the build's {@code PATH}. It starts as {@code sh -c WRAPPER}, as durable-task
 * starts {@code sh}: the wrapper looks the tool up on the {@code PATH} the process sees (the container's, the
 * build's {@code withEnv}), and sends stdout and stderr into files beside the spec's stdout file, in the
 * workspace's temporary directory (mounted at the same path in a container). This side reads them: large plans
 * never pass through the controller, the stderr tail is bounded and masked before the tool adapter reads it.
 *
 * <p>The environment is the build's under the stack's own variables, every {@code $} doubled against the
 * launcher's expansion ({@link ToolCommand}); a variable given an empty value is removed, as the launcher does.
 * The timeout is kept here: at it, or when this thread is interrupted, the process is killed through the
 * launcher (by its cookie, then {@code Proc.kill}); when the controller cannot be reached for that, the agent
 * kills it by its cookie itself ({@link LocalToolStop}).
 */
public final class AgentProcessRunner implements ProcessRunner {
    /**
     * {@code sh -c WRAPPER stack-drift OUT ERR MISSING TOOL ARGS…}. stdin is the null device: inside Kubernetes'
     * {@code container} step the launched shell reads its own commands from stdin. A tool the shell cannot find
     * leaves the MISSING marker. stderr is redirected first, so an OUT that cannot be written is reported there.
     * No backslash and no backquote: the {@code container} step passes each argument in double quotes.
     */
    static final String WRAPPER = "out=$1; err=$2; missing=$3; shift 3; "
            + "command -v \"$1\" >/dev/null 2>&1 || { : >\"$missing\"; exit 127; }; "
            + "exec \"$@\" 2>\"$err\" >\"$out\" </dev/null";
    static final String SHELL = "sh";
    static final String STDERR_SUFFIX = ".stderr";
    static final String MISSING_SUFFIX = ".missing";
    /** The part of stderr kept, as the core's runner keeps it. */
    static final int TAIL_LIMIT = 16 * 1024;
    /** The longest single wait on the launcher: between two, an interrupt and the timeout are acted on. */
    private static final long SLICE_MILLIS = 2_000;
    /** How long a killed process gets to end before the run goes on without it. */
    private static final Duration GRACE = Duration.ofSeconds(10);

    private final ToolLauncher launcher;
    private final Map<String, String> buildEnvironment;
    private final SecretMask mask;
    private final LocalToolStop local;

    public AgentProcessRunner(final ToolLauncher launcher, final Map<String, String> buildEnvironment, final SecretMask mask) {
        this(launcher, buildEnvironment, mask, LocalToolStop.NONE);
    }

    AgentProcessRunner(final ToolLauncher launcher, final Map<String, String> buildEnvironment, final SecretMask mask,
            final LocalToolStop local) {
        this.launcher = launcher;
        this.buildEnvironment = new TreeMap<>(buildEnvironment);
        this.mask = mask;
        this.local = local;
    }

    @Override
    public ProcessResult run(final ProcessSpec spec) throws IOException, InterruptedException {
        if (!Files.isDirectory(spec.workingDir())) {
            throw new IOException("the directory " + spec.workingDir() + " does not exist");
        }
        Path out = spec.stdoutFile().toAbsolutePath();
        Path err = sibling(out, STDERR_SUFFIX);
        Path missing = sibling(out, MISSING_SUFFIX);
        Path parent = out.getParent();
        if (parent != null) {
            Directories.ensure(parent);
        }
        Files.deleteIfExists(err);
        Files.deleteIfExists(missing);
        List<String> command = new ArrayList<>(List.of(SHELL, "-c", WRAPPER, "stack-drift", out.toString(), err.toString(),
                missing.toString()));
        command.addAll(spec.command());
        for (String argument : command.subList(3, command.size())) {
            if (argument.indexOf('`') >= 0 || argument.indexOf('\\') >= 0) {
                throw new IOException("an argument or path with a backslash or a backquote cannot be passed to the tool "
                        + "safely (a container step quotes arguments for a shell): " + spec.workingDir());
            }
        }
        Map<String, String> environment = new TreeMap<>(buildEnvironment);
        environment.putAll(spec.environment());
        LaunchedTool tool = launcher.start(ToolCommand.of(command, spec.workingDir().toAbsolutePath().toString(), environment));
        String cookie = tool.cookie();
        local.started(cookie);
        try {
            return ended(spec, tool, cookie, err, missing, parent);
        } finally {
            local.ended(cookie);
        }
    }

    private ProcessResult ended(final ProcessSpec spec, final LaunchedTool tool, final String cookie, final Path err,
            final Path missing, final Path parent) throws IOException, InterruptedException {
        Integer exit;
        try {
            exit = await(tool, spec.timeout());
        } catch (InterruptedException e) {
            stop(tool, cookie);
            throw e;
        }
        try {
            if (exit == null) {
                stop(tool, cookie);
                return new ProcessResult(-1, spec.stdoutFile(), tail(err), true, false);
            }
            if (Files.exists(missing)) {
                return new ProcessResult(-1, spec.stdoutFile(), "", false, true);
            }
            if (!Files.exists(err)) {
                throw new IOException("the tool's output files could not be written in " + parent
                        + " (exit code " + exit + "): the user the tool runs as (a container's) must be able to write the"
                        + " workspace's temporary directory");
            }
            return ProcessResult.exited(exit, spec.stdoutFile(), tail(err));
        } finally {
            // stderr can hold anything the tool printed: only its masked tail is kept
            Files.deleteIfExists(err);
            Files.deleteIfExists(missing);
        }
    }

    private static Path sibling(final Path file, final String suffix) {
        return file.resolveSibling(file.getFileName() + suffix);
    }

    /** The exit code, or {@code null} when the timeout passed first. */
    private static Integer await(final LaunchedTool tool, final Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = Duration.ofNanos(deadline - System.nanoTime()).toMillis();
            if (left <= 0) {
                return tool.waitFor(0);
            }
            Integer exit = tool.waitFor(Math.min(left, SLICE_MILLIS));
            if (exit != null) {
                return exit;
            }
        }
    }

    /**
     * Kills the process through the launcher and gives it a moment to end, also from an interrupted thread; when the
     * controller cannot be reached (a lost channel), kills it here by its cookie.
     */
    private void stop(final LaunchedTool tool, final String cookie) {
        boolean reached = WithInterruptCleared.run(() -> {
            tool.kill();
            tool.waitFor(GRACE.toMillis());
        });
        if (!reached) {
            local.kill(cookie);
        }
    }

    /** The last {@link #TAIL_LIMIT} bytes of the file, from the next full line when cut, masked. */
    private String tail(final Path file) throws IOException {
        if (!Files.exists(file)) {
            return "";
        }
        try (SeekableByteChannel in = Files.newByteChannel(file)) {
            long size = in.size();
            long start = Math.max(0, size - TAIL_LIMIT);
            in.position(start);
            ByteBuffer buffer = ByteBuffer.allocate((int) (size - start));
            while (buffer.hasRemaining() && in.read(buffer) > 0) {
                // reads until the buffer is full or the file ends
            }
            String text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
            if (start > 0) {
                int newline = text.indexOf('\n');
                text = newline >= 0 ? text.substring(newline + 1) : text;
            }
            return mask.mask(text);
        }
    }
}
