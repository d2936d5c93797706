package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The controller's side of {@link ToolLauncher}: starts each process through {@link #launch}, keeps the ones it
 * started, refuses new ones once closed, and at close kills those still running (an agent call that was cancelled
 * before it could stop its tools leaves none behind). Jenkins-free, so this part is tested here.
 */
public abstract class ToolLaunchService implements ToolLauncher, AutoCloseable {
    private static final Logger LOGGER = Logger.getLogger(ToolLaunchService.class.getName());

    private final List<WatchedProcess> started = new ArrayList<>();
    private final Optional<LaunchPolicy> policy;
    private boolean closed;

    /** A service that starts only what {@code policy} allows (the controller's, for an agent). */
    protected ToolLaunchService(final LaunchPolicy policy) {
        this.policy = Optional.of(policy);
    }

    /** A service for commands this JVM built itself (tests). */
    protected ToolLaunchService() {
        this.policy = Optional.empty();
    }

    /** Starts the process (in Jenkins: through the step's launcher). */
    protected abstract WatchedProcess launch(ToolCommand command) throws IOException, InterruptedException;

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
        WatchedProcess process = launch(admitted);
        boolean late;
        synchronized (started) {
            late = closed;
            started.add(process);
        }
        if (late) {
            process.kill();
            throw new IOException("Stack Drift: the step has ended, no tool process starts after it");
        }
        return handed(process);
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
            running = (int) started.stream().filter(p -> !p.ended()).count();
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
     * Kills every process still running; no new one starts. An aborted step closes this right after its interrupted
     * call: each kill runs with the interrupt flag cleared ({@link WithInterruptCleared}).
     */
    @Override
    public void close() {
        List<WatchedProcess> running = new ArrayList<>();
        synchronized (started) {
            closed = true;
            started.stream().filter(p -> !p.ended()).forEach(running::add);
        }
        for (WatchedProcess process : running) {
            WithInterruptCleared.run(process::kill);
        }
    }
}
