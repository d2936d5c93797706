package hudson.remoting;

import edu.umd.cs.findbugs.annotations.CheckForNull;

public interface VirtualChannel {
    <T> T export(Class<T> type, @CheckForNull T instance);
}
