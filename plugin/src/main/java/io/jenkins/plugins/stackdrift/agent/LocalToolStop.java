package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The agent's own way to stop the tools of one engine call, by their cookies ({@link ToolCookie}), for when the
 * controller cannot be reached: a lost channel or a controller restart. Every stop goes through the step's launcher
 * on the controller first; when that call fails, or the channel closes while tools run ({@link #channelClosed}), the
 * agent kills here what carries their cookies (in Jenkins: core's process-tree killer on this machine). That reaches
 * a tool on a plain agent and, when the agent user may read the container's processes, inside {@code docker.inside};
 * not one in another container of a Kubernetes pod (its processes are not visible from the agent's container).
 */
final class LocalToolStop {
    /** Kills every process on this machine whose environment holds {@code variables}. */
    @FunctionalInterface
    interface KillMarked {
        void kill(Map<String, String> variables) throws IOException, InterruptedException;
    }

    /** For a call on the controller itself (the built-in node, tests): no channel to lose, nothing to do here. */
    static final LocalToolStop NONE = new LocalToolStop(variables -> { });

    private final KillMarked kill;
    private final Set<String> running = ConcurrentHashMap.newKeySet();

    LocalToolStop(final KillMarked kill) {
        this.kill = kill;
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

    /** The channel to the controller has closed: every tool of the call still running is killed here. */
    void channelClosed() {
        for (String cookie : List.copyOf(running)) {
            kill(cookie);
        }
    }
}
