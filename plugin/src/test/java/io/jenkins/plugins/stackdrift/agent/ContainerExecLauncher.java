package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;

/**
 * A launcher as {@code container('…')} decorates the step's: the launch's own {@code Proc.kill} does not stop the
 * tool (Kubernetes writes Ctrl-C into the stdin of the exec'd shell, which nothing reads; docker ends only its exec
 * client), while {@code Launcher.kill(Map)} finds the processes by their environment and kills them. Until the
 * process ends, the launch's join does not return. {@link #loseChannel()} then makes both kills fail as over a
 * closed channel.
 */
public final class ContainerExecLauncher extends FakeLocalLauncher {
    private volatile boolean channelLost;

    public ContainerExecLauncher() {
        super();
    }

    public ContainerExecLauncher(final LaunchPolicy policy) {
        super(policy);
    }

    /** With a shorter wait for killed processes at close. */
    public ContainerExecLauncher(final Duration stopWait) {
        super();
        stopWait(stopWait);
    }

    public void loseChannel() {
        channelLost = true;
    }

    @Override
    protected void procKill(final Process process) throws IOException {
        if (channelLost) {
            throw new IOException("channel is already closed");
        }
        // the exec's stdin gets Ctrl-C: the tool, reading /dev/null, never sees it
    }

    @Override
    protected void killMarked(final Map<String, String> variables) throws IOException, InterruptedException {
        if (channelLost) {
            throw new IOException("channel is already closed");
        }
        super.killMarked(variables);
    }
}
