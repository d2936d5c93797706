package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.stackdrift.runner.ToolWrapper;

/**
 * The agent's own way to stop the tools of one engine call, for when the controller cannot be reached: a lost channel
 * or a controller restart. When the channel closes while tools run ({@link #channelClosed}), the agent writes the step
 * directory's stop file: each tool's wrapper sends its tool one SIGINT and kills its tree after the grace, inside a
 * container too (the file is in the workspace's temporary directory, mounted there). When a stop through the
 * controller fails, the agent kills here what carries the tool's cookie (in Jenkins: core's process-tree killer on
 * this machine), which reaches a tool on a plain agent and not one in another container of a Kubernetes pod. An agent
 * JVM that dies runs none of this: then the wrappers see its heartbeat stop ({@code runner.Heartbeat}).
 */
final class LocalToolStop {
    /** Kills every process on this machine whose environment holds {@code variables}. */
    @FunctionalInterface
    interface KillMarked {
        void kill(Map<String, String> variables) throws IOException, InterruptedException;
    }

    /** For a call on the controller itself (the built-in node, tests): no channel to lose, nothing to do here. */
    static final LocalToolStop NONE = new LocalToolStop(variables -> { }, Optional.empty());

    private final KillMarked kill;
    private final Optional<Path> stepDir;
    private final Set<String> running = ConcurrentHashMap.newKeySet();

    /** @param stepDir the step's temporary directory, where a lost channel writes the wrappers' stop file */
    LocalToolStop(final KillMarked kill, final Path stepDir) {
        this(kill, Optional.of(stepDir));
    }

    private LocalToolStop(final KillMarked kill, final Optional<Path> stepDir) {
        this.kill = kill;
        this.stepDir = stepDir;
    }

    void started(final String cookie) {
        running.add(cookie);
    }

    void ended(final String cookie) {
        running.remove(cookie);
    }

    /** Kills the tool with this cookie here, also from an interrupted thread. */
    void kill(final String cookie) {
        WithInterruptCleared.run(() -> kill.kill(new ToolCookie(cookie).variables()));
    }

    /**
     * The channel to the controller has closed: every tool of the call still running is asked to stop through the step
     * directory's stop file (its wrapper interrupts it, then kills its tree after the grace).
     */
    void channelClosed() {
        if (running.isEmpty() || stepDir.isEmpty()) {
            return;
        }
        try {
            Files.createFile(stepDir.get().resolve(ToolWrapper.STOP_FILE));
        } catch (FileAlreadyExistsException e) {
            // asked already
        } catch (IOException e) {
            // the step directory is gone: the tools' wrappers see no heartbeat either, and stop them
        }
    }
}
