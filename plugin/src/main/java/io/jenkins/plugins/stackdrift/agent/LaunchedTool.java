package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;

import edu.umd.cs.findbugs.annotations.CheckForNull;

/** A started tool process, seen from the agent (over the channel when the launcher is a remote one). */
public interface LaunchedTool {
    /**
     * Waits up to {@code millis} for the process to end. Short waits keep the agent side in charge of the timeout
     * and let an interrupt reach it between two calls.
     *
     * @return its exit code, or {@code null} while it still runs
     */
    @CheckForNull
    Integer waitFor(long millis) throws IOException, InterruptedException;

    /**
     * Stops the process and what it started: every process that carries its cookie, through the step's launcher
     * (which {@code container()} and {@code docker.inside} decorate), then the launch itself ({@code Proc.kill}).
     */
    void kill() throws IOException, InterruptedException;

    /**
     * The value of {@value ToolCookie#VARIABLE} the process was started with (made on the controller, never a secret):
     * the agent kills by it on its own when its channel to the controller is gone.
     */
    String cookie();
}
