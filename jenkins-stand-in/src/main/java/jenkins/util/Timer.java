package jenkins.util;

import java.util.concurrent.ScheduledExecutorService;

public class Timer {
    public static synchronized ScheduledExecutorService get() {
        throw new UnsupportedOperationException();
    }
}
