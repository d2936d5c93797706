package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.nio.file.Path;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.Launcher;
import hudson.model.TaskListener;
import hudson.remoting.Channel;
import hudson.remoting.VirtualChannel;

/**
 * On the agent, for one engine call: when the channel to the controller closes (the controller restarts, the
 * connection drops), the tools the call still runs are asked to stop through their wrappers' stop file
 * ({@link LocalToolStop}), since no stop can come from the controller any more. Remoting calls the listener after it
 * has cancelled the call's thread
 * ({@code Channel.terminate}); the call's own interrupt handling tries the controller first and falls back to the
 * same local kill. On the built-in node the call's channel is a local one: nothing to watch.
 */
final class ChannelWatch implements AutoCloseable {
    @CheckForNull private final Channel channel;
    @CheckForNull private final Channel.Listener listener;
    private final LocalToolStop stop;

    private ChannelWatch(@CheckForNull final Channel channel, final LocalToolStop stop) {
        this.channel = channel;
        this.stop = stop;
        if (channel == null) {
            this.listener = null;
        } else {
            this.listener = new Channel.Listener() {
                @Override
                public void onClosed(final Channel closed, final IOException cause) {
                    stop.channelClosed();
                }
            };
            channel.addListener(listener);
        }
    }

    /**
     * Watches {@code channel} (the call's back channel) when it is a remoting channel; a lost channel writes the stop file
     * in {@code stepDir}; the local kill is core's process-tree killer ({@code LocalLauncher.kill}:
     * {@code ProcessTree.killAll} on this machine).
     */
    static ChannelWatch on(@CheckForNull final VirtualChannel channel, final TaskListener listener, final Path stepDir) {
        if (channel instanceof Channel remote) {
            return new ChannelWatch(remote, new LocalToolStop(variables -> new Launcher.LocalLauncher(listener).kill(variables),
                    stepDir));
        }
        return new ChannelWatch(null, LocalToolStop.NONE);
    }

    LocalToolStop stop() {
        return stop;
    }

    @Override
    public void close() {
        if (channel != null && listener != null) {
            channel.removeListener(listener);
        }
    }
}
