package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

import edu.umd.cs.findbugs.annotations.CheckForNull;

/**
 * The controller's side of {@link ToolLauncher}: starts each process through {@link #launch} with a cookie of its own
 * ({@link ToolCookie}), keeps the ones it started, refuses new ones once closed, and at close stops those still
 * running and waits for them to end (an agent call that was cancelled before it could stop its tools leaves none
 * behind). A stop kills by the cookie through the step's launcher first ({@link #killMarked}: inside
 * {@code container()} or {@code docker.inside} the launch's own {@code Proc.kill} only ends the client of the exec),
 * then the launch. With a gentle stop set ({@link #gentleStop}), close first asks every tool to stop through its
 * wrapper (one SIGINT, the tree killed after the grace), says so in the log, and kills only what has not ended after
 * the grace. Jenkins-free, so this part is tested here.
 */
public abstract class ToolLaunchService implements ToolLauncher, AutoCloseable {
    /** How long {@link #close} waits, in all, for the killed processes to end. */
    static final Duration STOP_WAIT = Duration.ofSeconds(15);

    private static final Logger LOGGER = Logger.getLogger(ToolLaunchService.class.getName());

    private final List<MarkedTool> started = new ArrayList<>();
    private final List<String> notStopped = new ArrayList<>();
    private final Optional<LaunchPolicy> policy;
    private boolean closed;
    private volatile Duration stopWait = STOP_WAIT;
    @CheckForNull private volatile StopRequest gentle;
    private volatile ToolStops stops = ToolStops.DEFAULT;

    /** Asks every tool of the step to stop through its wrapper (in Jenkins: the step directory's stop file on the agent). */
    @FunctionalInterface
    public interface StopRequest {
        void ask() throws IOException, InterruptedException;
    }

    /** A service that starts only what {@code policy} allows (the controller's, for an agent). */
    protected ToolLaunchService(final LaunchPolicy policy) {
        this.policy = Optional.of(policy);
    }

    /** A service for commands this JVM built itself (tests). */
    protected ToolLaunchService() {
        this.policy = Optional.empty();
    }

    /** How long {@link #close} waits for killed processes (tests shorten it). */
    final void stopWait(final Duration wait) {
        stopWait = wait;
    }

    /** How {@link #close} stops tools still running: {@code request} first, a kill only after the grace of {@code setting}. */
    public final void gentleStop(final StopRequest request, final ToolStops setting) {
        this.gentle = request;
        this.stops = setting;
    }

    /** Starts the process (in Jenkins: through the step's launcher); its kill is the launch's own ({@code Proc.kill}). */
    protected abstract WatchedProcess launch(ToolCommand command) throws IOException, InterruptedException;

    /**
     * Kills every process whose environment holds {@code variables} (in Jenkins: {@code Launcher.kill(Map)}, which the
     * container steps decorate).
     */
    protected abstract void killMarked(Map<String, String> variables) throws IOException, InterruptedException;

    /** The handle as the caller gets it: over a channel, an exported proxy. */
    protected LaunchedTool handed(final LaunchedTool process) {
        return process;
    }

    @Override
    public final LaunchedTool start(final ToolCommand command) throws IOException, InterruptedException {
        ToolCommand admitted = admitted(command);
        synchronized (started) {
            if (closed) {
                throw new IOException("Stack Drift: the step has ended, no tool process starts after it");
            }
        }
        // set here, after the policy: whatever the agent sent, the cookie is the controller's
        ToolCookie cookie = ToolCookie.next();
        MarkedTool tool = new MarkedTool(launch(admitted.withVariable(ToolCookie.VARIABLE, cookie.value())), cookie,
                admitted.workingDir(), toolWord(admitted.command()));
        boolean late;
        synchronized (started) {
            late = closed;
            started.add(tool);
        }
        if (late) {
            tool.kill();
            throw new IOException("Stack Drift: the step has ended, no tool process starts after it");
        }
        return handed(tool);
    }

    /** One agent call that starts tools here. */
    @FunctionalInterface
    public interface Call<T> {
        T run() throws IOException, InterruptedException;
    }

    /**
     * The command as it starts, when the policy lets it ({@link LaunchPolicy#launched}); a refusal is logged here,
     * on the controller, and thrown back to the agent (the step's row says why).
     */
    private ToolCommand admitted(final ToolCommand command) throws IOException {
        if (policy.isEmpty()) {
            return command;
        }
        int running;
        synchronized (started) {
            running = (int) started.stream().filter(p -> !p.process.ended()).count();
        }
        Optional<String> refused = policy.get().refusal(command, running);
        if (refused.isPresent()) {
            LOGGER.log(Level.WARNING, "Stack Drift refused to start a process an agent asked for in {0}: {1}",
                    new Object[] {policy.get().shown(command.workingDir()), refused.get()});
            throw new IOException("Stack Drift: the controller refused to start a process for the agent: " + refused.get());
        }
        return policy.get().launched(command);
    }

    /**
     * Runs {@code call} with this service open; however it ends, every tool still running is then stopped and
     * awaited ({@link #close}), so the caller lets go of stack locks only after; a tool that did not end is said in
     * {@code log}.
     */
    public final <T> T serve(final Call<T> call, final PrintStream log) throws IOException, InterruptedException {
        try {
            return call.run();
        } finally {
            close(log);
            for (String directory : notStopped()) {
                log.println("Stack Drift: warning: a tool process in " + directory + " did not end within "
                        + stopWait.toSeconds() + "s of being killed; it may still be running where the step launched it"
                        + " (stop the container or pod, or the process on the agent, before deploying its stack again)");
            }
        }
    }

    /**
     * Stops every process still running and waits (at most {@link #STOP_WAIT} in all, by default) until each has ended; no new one
     * starts. An aborted step closes this right after its interrupted call: each kill and wait runs with the interrupt
     * flag cleared ({@link WithInterruptCleared}).
     */
    @Override
    public void close() {
        close(new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
    }

    /** As {@link #close()}; with a gentle stop set, the tools asked to stop are named in {@code log}. */
    public final void close(final PrintStream log) {
        List<MarkedTool> running = new ArrayList<>();
        synchronized (started) {
            closed = true;
            started.stream().filter(p -> !p.process.ended()).forEach(running::add);
        }
        StopRequest request = gentle;
        // asked over a lost channel, the request fails: the tools' wrappers stop them when the agent's heartbeat stops
        if (!running.isEmpty() && request != null && WithInterruptCleared.run(request::ask)) {
            ToolStops setting = stops;
            running.forEach(tool -> log.println("Stack Drift: " + setting.askedLine(tool.tool, tool.workingDir)));
            long deadline = System.nanoTime() + setting.stopWait().toNanos();
            for (MarkedTool tool : running) {
                WithInterruptCleared.run(() -> tool.process.waitFor(Math.max(0, (deadline - System.nanoTime()) / 1_000_000)));
            }
            running.removeIf(tool -> tool.process.ended());
        }
        for (MarkedTool tool : running) {
            WithInterruptCleared.run(tool::kill);
        }
        long deadline = System.nanoTime() + stopWait.toNanos();
        for (MarkedTool tool : running) {
            WithInterruptCleared.run(() -> tool.process.waitFor(Math.max(0, (deadline - System.nanoTime()) / 1_000_000)));
            if (!tool.process.ended()) {
                synchronized (started) {
                    notStopped.add(tool.workingDir);
                }
            }
        }
    }

    /** The tool a command runs, for the log: the inner wrapper's executable, else the command's first word. */
    private static String toolWord(final List<String> command) {
        int at = AgentProcessRunner.WRAPPED_FROM + 7;
        String word = command.size() > at ? command.get(at) : command.isEmpty() ? "a tool" : command.get(0);
        return word.replace("$$", "$");
    }

    /** The working directories of the killed processes that had not ended when {@link #close} gave up waiting. */
    public final List<String> notStopped() {
        synchronized (started) {
            return List.copyOf(notStopped);
        }
    }

    /** A started process and its cookie: its kill goes by the cookie first, then to the launch. */
    private final class MarkedTool implements LaunchedTool {
        private final WatchedProcess process;
        private final ToolCookie cookie;
        private final String workingDir;
        private final String tool;

        MarkedTool(final WatchedProcess process, final ToolCookie cookie, final String workingDir, final String tool) {
            this.process = process;
            this.cookie = cookie;
            this.workingDir = workingDir;
            this.tool = tool;
        }

        @Override
        @CheckForNull
        public Integer waitFor(final long millis) throws IOException, InterruptedException {
            return process.waitFor(millis);
        }

        @Override
        public void kill() throws IOException, InterruptedException {
            if (process.ended()) {
                return;
            }
            IOException failed = null;
            try {
                killMarked(cookie.variables());
            } catch (IOException e) {
                failed = e;
            }
            process.kill();
            if (failed != null) {
                throw failed;
            }
        }

        @Override
        public String cookie() {
            return cookie.value();
        }

        @Override
        public String toString() {
            return "tool process in " + workingDir;
        }
    }
}
