package hudson.remoting;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import org.jenkinsci.remoting.ChannelStateException;

public class ChannelClosedException extends ChannelStateException {
    public ChannelClosedException(@CheckForNull Channel channel, @CheckForNull Throwable cause) {
        super(channel, "channel is already closed", cause);
    }

    public ChannelClosedException(@CheckForNull Channel channel, @NonNull String message, @CheckForNull Throwable cause) {
        super(channel, message, cause);
    }
}
