package io.jenkins.plugins.stackdrift.actions;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Supplier;

import hudson.model.Job;
import hudson.model.Run;

/**
 * The job trend each job page view would otherwise read again from up to 30 builds' build.xml: kept per job until a
 * build of the job completes, is finalized or is deleted ({@link TrendInvalidation}), and read again when the job's last
 * completed build is no longer the one it was read with (an event missed cannot leave it stale for long). Weak keys, so
 * a deleted job's trend goes with it; the trend holds no build, only numbers and small summaries.
 */
final class TrendCache {
    private static final Map<Job<?, ?>, Kept> TRENDS = Collections.synchronizedMap(new WeakHashMap<>());

    private TrendCache() {
    }

    /** A trend and the number of the last completed build it was read with (0: none). */
    private record Kept(int lastCompleted, JobTrend trend) {
    }

    /** The job's trend, read with {@code read} only when none is kept for its last completed build. */
    static JobTrend trendOf(final Job<?, ?> job, final Supplier<JobTrend> read) {
        int last = lastCompleted(job);
        Kept kept = TRENDS.get(job);
        if (kept != null && kept.lastCompleted() == last) {
            return kept.trend();
        }
        // read outside the lock: two views at once may both read, the later one is kept
        JobTrend trend = read.get();
        TRENDS.put(job, new Kept(last, trend));
        return trend;
    }

    /** Forgets the job's trend: one of its builds completed or was deleted. */
    static void forget(final Job<?, ?> job) {
        TRENDS.remove(job);
    }

    static boolean isKept(final Job<?, ?> job) {
        return TRENDS.containsKey(job);
    }

    private static int lastCompleted(final Job<?, ?> job) {
        Run<?, ?> last = job.getLastCompletedBuild();
        return last == null ? 0 : last.getNumber();
    }
}
