package hudson.scheduler;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;

public final class CronTabList {
    public String checkSanity() {
        throw new UnsupportedOperationException();
    }

    public static @CheckForNull String getValidTimezone(String timezone) {
        throw new UnsupportedOperationException();
    }

    public static CronTabList create(@NonNull String format, Hash hash) {
        throw new UnsupportedOperationException();
    }
}
