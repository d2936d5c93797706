package org.jenkinsci.remoting;

import java.io.IOException;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.remoting.Channel;

public class ChannelStateException extends IOException {
    public ChannelStateException(@CheckForNull Channel channel, @NonNull String message) {
        super(message);
    }

    public ChannelStateException(@CheckForNull Channel channel, String message, @CheckForNull Throwable cause) {
        super(message, cause);
    }
}
