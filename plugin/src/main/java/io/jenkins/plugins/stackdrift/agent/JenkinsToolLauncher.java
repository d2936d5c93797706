package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.util.Map;

import hudson.FilePath;
import hudson.Launcher;
import hudson.Proc;
import hudson.remoting.VirtualChannel;

import io.stackdrift.runner.ToolWrapper;

/**
 * The one place the plugin starts tool processes (ArchUnit-checked): the step's {@link Launcher} from its context,
 * decorated as {@code sh}'s is by {@code container()}, {@code docker.image(…).inside}, tool installers. It lives on
 * the controller; the engine on the agent reaches it through {@link #forAgent()}, a proxy exported over the
 * workspace's channel ({@code VirtualChannel.export}, as core's {@code RemoteLauncher} exports its processes), and
 * each process handle it hands out is exported the same way. Nothing but the command line and the environment
 * travels: the tool writes its output into files in the workspace's temporary directory, which the agent reads.
 *
 * <p>A stop is {@code Launcher.kill} with the launch's cookie, as durable-task stops {@code sh}: the decorators
 * implement it (a search of the container's processes by the cookie), where {@code Proc.kill} only ends the exec's
 * client (docker) or writes Ctrl-C into a stdin nothing reads (Kubernetes).
 *
 * <p>Compiled here against the declaration-only stand-in, run only in a real Jenkins: its logic (the command line,
 * escaping, files, timeout, interrupt, not-found, the cookie kill) sits in {@link AgentProcessRunner},
 * {@link ToolCommand}, {@link WatchedProcess} and {@link ToolLaunchService}, which are tested here with a fake
 * decorating launcher.
 */
public final class JenkinsToolLauncher extends ToolLaunchService {
    private final Launcher launcher;
    private final VirtualChannel channel;

    /**
     * @param launcher the step context's launcher
     * @param channel  the workspace's channel: the agent's (the built-in node's local one, where export is identity)
     * @param policy   what the agent may ask this service to start
     */
    public JenkinsToolLauncher(final Launcher launcher, final VirtualChannel channel, final LaunchPolicy policy) {
        super(policy);
        this.launcher = launcher;
        this.channel = channel;
    }

    /**
     * The same, stopping tools gently: at close the step directory's stop file is written on the agent (each tool's
     * wrapper sends it SIGINT, and kills its tree after the grace), and a kill follows only after the grace.
     *
     * @param stepDir the step's temporary directory on the agent
     */
    public JenkinsToolLauncher(final Launcher launcher, final VirtualChannel channel, final LaunchPolicy policy,
            final String stepDir, final ToolStops stops) {
        this(launcher, channel, policy);
        gentleStop(() -> new FilePath(channel, stepDir).child(ToolWrapper.STOP_FILE).write("", "UTF-8"), stops);
    }

    /** This service as the agent call holds it: an exported proxy, serialized with the call. */
    public ToolLauncher forAgent() {
        return channel.export(ToolLauncher.class, this);
    }

    @Override
    protected WatchedProcess launch(final ToolCommand command) throws IOException {
        // quiet: the command line is the plugin's own wrapper; stdout and stderr of the launch itself stay the
        // launcher's null stream, the tool writes its own into files on the agent
        Proc proc = launcher.launch().cmds(command.command()).envs(command.environment())
                .pwd(new FilePath(channel, command.workingDir())).quiet(true).start();
        return WatchedProcess.watch(proc::join, proc::kill, "Stack Drift: waiting for a tool process in " + command.workingDir());
    }

    @Override
    protected void killMarked(final Map<String, String> variables) throws IOException, InterruptedException {
        launcher.kill(variables);
    }

    @Override
    protected LaunchedTool handed(final LaunchedTool process) {
        return channel.export(LaunchedTool.class, process);
    }
}
