package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;

/**
 * Where every tool process of a step starts: the step's own Jenkins {@code Launcher}, as {@code sh} uses it, so
 * that {@code container()}, {@code docker.image(…).inside}, {@code withEnv} and the process-tree killer apply.
 * The engine runs on the agent; this service is the controller's, reached over the remoting channel
 * ({@link JenkinsToolLauncher#forAgent()}). A seam: the agent side ({@link AgentProcessRunner}) is tested here
 * with a fake, decorating launcher; the Jenkins one is compiled here and runs only in a real Jenkins.
 */
public interface ToolLauncher {
    /**
     * Starts one process. Its output goes where the command line sends it (files in the workspace's temporary
     * directory), never back through this call.
     */
    LaunchedTool start(ToolCommand command) throws IOException, InterruptedException;
}
