package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

import io.stackdrift.model.Directories;
import io.stackdrift.render.SecretMask;
import io.stackdrift.runner.StepDirectory;
import io.stackdrift.runner.ToolWrapper;
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
 * <p>That {@code sh -c} runs inside core's tool wrapper ({@link ToolWrapper}), started the same way: a stop asks the
 * wrapper (a file in the step directory), which sends the tool one SIGINT, gives it the grace ({@link ToolStops}) and
 * then kills its process tree; and the wrapper stops the tool the same way when the agent's heartbeat stops (its JVM
 * was killed), since then nothing on the agent is left to stop it.
 *
 * <p>The environment is the build's under the stack's own variables, every {@code $} doubled against the
 * launcher's expansion ({@link ToolCommand}); a variable given an empty value is removed, as the launcher does.
 * The timeout is kept here: at it, or when this thread is interrupted, the tool is asked to stop through its
 * wrapper, and killed through the launcher (by its cookie, then {@code Proc.kill}) only when it has not ended after
 * the grace; when the controller cannot be reached for that, the agent kills it by its cookie itself
 * ({@link LocalToolStop}).
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
    static final String STDERR_SUFFIX = StepDirectory.TOOL_ERR_SUFFIX;
    static final String MISSING_SUFFIX = StepDirectory.TOOL_MISSING_SUFFIX;
    /** The part of stderr kept, as the core's runner keeps it. */
    static final int TAIL_LIMIT = 16 * 1024;
    /** The longest single wait on the launcher: between two, an interrupt and the timeout are acted on. */
    private static final long SLICE_MILLIS = 2_000;
    /** How long a killed process gets to end before the run goes on without it. */
    private static final Duration GRACE = Duration.ofSeconds(10);
    /** The launch's arguments before the inner wrapper's: {@code sh -c SCRIPT NAME STEP N GRACE LOST}. */
    static final int WRAPPED_FROM = 8;

    private final ToolLauncher launcher;
    private final Map<String, String> buildEnvironment;
    private final SecretMask mask;
    private final LocalToolStop local;
    private final Path stepDir;
    private final ToolStops stops;
    private final Consumer<String> notes;

    /**
     * @param stepDir the step's temporary directory on the agent: the wrappers' calls, stop files and heartbeat are there
     * @param stops   the grace of a stop and the heartbeat the wrappers watch
     */
    public AgentProcessRunner(final ToolLauncher launcher, final Map<String, String> buildEnvironment, final SecretMask mask,
            final Path stepDir, final ToolStops stops) {
        this(launcher, buildEnvironment, mask, LocalToolStop.NONE, stepDir, stops, line -> { });
    }

    /** @param notes where a line for the console goes (a timed-out tool asked to stop) */
    AgentProcessRunner(final ToolLauncher launcher, final Map<String, String> buildEnvironment, final SecretMask mask,
            final LocalToolStop local, final Path stepDir, final ToolStops stops, final Consumer<String> notes) {
        this.launcher = launcher;
        this.buildEnvironment = new TreeMap<>(buildEnvironment);
        this.mask = mask;
        this.local = local;
        this.stepDir = stepDir.toAbsolutePath().normalize();
        this.stops = stops;
        this.notes = notes;
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
        List<String> inner = new ArrayList<>(List.of(SHELL, "-c", WRAPPER, "stack-drift", out.toString(), err.toString(),
                missing.toString()));
        inner.addAll(spec.command());
        for (String argument : inner.subList(3, inner.size())) {
            if (argument.indexOf('`') >= 0 || argument.indexOf('\\') >= 0) {
                throw new IOException("an argument or path with a backslash or a backquote cannot be passed to the tool "
                        + "safely (a container step quotes arguments for a shell): " + spec.workingDir());
            }
        }
        Path calls = Directories.ensure(stepDir.resolve(ToolWrapper.CALLS_DIR));
        int call = claimCall(calls);
        List<String> command = ToolWrapper.command(stepDir, call, stops.grace(), stops.lostAfter(), inner);
        Map<String, String> environment = new TreeMap<>(buildEnvironment);
        environment.putAll(spec.environment());
        try {
            LaunchedTool tool = launcher.start(ToolCommand.of(command, spec.workingDir().toAbsolutePath().toString(), environment));
            String cookie = tool.cookie();
            local.started(cookie);
            try {
                return ended(spec, tool, cookie, new Call(calls, call), err, missing, parent);
            } finally {
                local.ended(cookie);
            }
        } finally {
            new Call(calls, call).delete();
        }
    }

    /** One call's files in the wrappers' directory: {@code N.out}, {@code N.err}, {@code N.exit}, {@code N.stop}. */
    private record Call(Path calls, int number) {
        Path stopFile() {
            return calls.resolve(number + ToolWrapper.CALL_STOP_SUFFIX);
        }

        void delete() throws IOException {
            for (String suffix : List.of(".out", ".err", ".exit", ".exit.tmp", ToolWrapper.CALL_STOP_SUFFIX)) {
                Files.deleteIfExists(calls.resolve(number + suffix));
            }
        }
    }

    /** The next free call number in the directory, taken by creating its output file (atomic on every file system). */
    private static int claimCall(final Path calls) throws IOException {
        for (int n = 0;; n++) {
            try {
                Files.createFile(calls.resolve(n + ".out"));
                return n;
            } catch (FileAlreadyExistsException e) {
                // taken by another call of the step: try the next number
            }
        }
    }

    private ProcessResult ended(final ProcessSpec spec, final LaunchedTool tool, final String cookie, final Call call,
            final Path err, final Path missing, final Path parent) throws IOException, InterruptedException {
        Integer exit;
        try {
            exit = await(tool, spec.timeout());
        } catch (InterruptedException e) {
            stop(tool, cookie, call);
            throw e;
        }
        try {
            if (exit == null) {
                notes.accept(stops.askedLine(String.valueOf(spec.command().get(0)), String.valueOf(spec.workingDir()))
                        + " (its timeout of " + spec.timeout().toSeconds() + " s passed)");
                stop(tool, cookie, call);
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
     * Asks the tool's wrapper to stop it (SIGINT, then the tree after the grace) and waits for the wrapper to end; kills
     * it through the launcher only when it has not ended by then; all this also from an interrupted thread. When the
     * controller cannot be reached (a lost channel), kills it here by its cookie.
     */
    private void stop(final LaunchedTool tool, final String cookie, final Call call) {
        boolean reached = WithInterruptCleared.run(() -> {
            try {
                Files.createFile(call.stopFile());
            } catch (FileAlreadyExistsException e) {
                // asked already
            }
            if (tool.waitFor(stops.stopWait().toMillis()) == null) {
                tool.kill();
                tool.waitFor(GRACE.toMillis());
            }
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
