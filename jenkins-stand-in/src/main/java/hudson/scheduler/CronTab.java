package hudson.scheduler;

import java.util.Calendar;
import java.util.TimeZone;

import edu.umd.cs.findbugs.annotations.CheckForNull;

public final class CronTab {
    public CronTab(String format, int line, Hash hash, @CheckForNull String timezone) {
        throw new UnsupportedOperationException();
    }

    public Calendar ceil(Calendar cal) {
        throw new UnsupportedOperationException();
    }

    public Calendar floor(Calendar cal) {
        throw new UnsupportedOperationException();
    }

    @CheckForNull
    public TimeZone getTimeZone() {
        throw new UnsupportedOperationException();
    }
}
