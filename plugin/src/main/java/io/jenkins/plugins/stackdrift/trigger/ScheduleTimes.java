package io.jenkins.plugins.stackdrift.trigger;

import java.text.DateFormat;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Optional;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.scheduler.CronTab;
import hudson.scheduler.CronTabList;
import hudson.scheduler.Hash;

/**
 * When a schedule would last have run and would next run, as core's {@code TimerTrigger} form check says it. Core's
 * own {@code CronTabList.previous()} and {@code next()} are restricted to core, so the spec's lines are read here as
 * {@code CronTabList.create} reads them (a first {@code TZ=} line, comments and blank lines left out) into public
 * {@link CronTab}s, and their {@code floor} and {@code ceil} give the times. Call it on a spec that
 * {@code CronTabList.create} accepted.
 */
final class ScheduleTimes {
    /** The nearest tick at or before now and the nearest at or after it; empty when the spec has no line. */
    record Around(Calendar previous, Calendar next) {
    }

    private ScheduleTimes() {
    }

    /**
     * The ticks around now of {@code spec}; empty for a spec without a schedule line.
     *
     * @throws RuntimeException when no date matches within the years core looks ahead (core's restricted
     *                          {@code RareOrImpossibleDateException}: "February 30")
     */
    static Optional<Around> around(final String spec, @CheckForNull final Hash hash) {
        List<CronTab> tabs = new ArrayList<>();
        String timezone = null;
        int number = 0;
        for (String raw : spec.split("\\r?\\n", -1)) {
            number++;
            String line = raw.trim();
            if (number == 1 && line.startsWith("TZ=")) {
                timezone = CronTabList.getValidTimezone(line.substring("TZ=".length()));
                continue;
            }
            if (!line.isEmpty() && !line.startsWith("#")) {
                tabs.add(new CronTab(line, number, hash, timezone));
            }
        }
        Calendar previous = null;
        Calendar next = null;
        for (CronTab tab : tabs) {
            Calendar floor = tab.floor(now(tab));
            Calendar ceil = tab.ceil(now(tab));
            previous = previous == null || previous.before(floor) ? floor : previous;
            next = next == null || next.after(ceil) ? ceil : next;
        }
        return previous == null || next == null ? Optional.empty() : Optional.of(new Around(previous, next));
    }

    private static Calendar now(final CronTab tab) {
        return tab.getTimeZone() == null ? Calendar.getInstance() : Calendar.getInstance(tab.getTimeZone());
    }

    /** "Would last have run at …; would next run at …." in the controller's full date format, as core says it. */
    static String words(final Around around, final DateFormat format) {
        return "Would last have run at " + format.format(around.previous().getTime()) + "; would next run at "
                + format.format(around.next().getTime()) + ".";
    }
}
