package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The controller's side of {@link ToolLauncher}: starts each process through {@link #launch}, keeps the ones it
 * started, refuses new ones once closed, and at close kills those still running (an agent call that was cancelled
 * before it could stop its tools leaves none behind). Jenkins-free, so this part is tested here.
 */
public abstract class ToolLaunchService implements ToolLauncher, AutoCloseable {
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
        Optional<String> refused = policy.flatMap(p -> p.refusal(command));
        if (refused.isPresent()) {
            throw new IOException("Stack Drift: the controller refused to start a process for the agent: " + refused.get());
        }
        synchronized (started) {
            if (closed) {
                throw new IOException("Stack Drift: the step has ended, no tool process starts after it");
            }
        }
        WatchedProcess process = launch(command);
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
