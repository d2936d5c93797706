package hudson.remoting;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import org.jenkinsci.remoting.ChannelStateException;

public class ChannelClosedException extends ChannelStateException {
    public ChannelClosedException(@CheckForNull Channel channel, @CheckForNull Throwable cause) {
        super(channel, "channel is already closed", cause);
    }

    // deprecated in remoting, declared here so that a call with two nulls is as ambiguous as against the real class
    @Deprecated
    public ChannelClosedException(@NonNull String message, @CheckForNull Throwable cause) {
        super((Channel) null, message, cause);
    }

    public ChannelClosedException(@CheckForNull Channel channel, @NonNull String message, @CheckForNull Throwable cause) {
        super(channel, message, cause);
    }
}
