package io.jenkins.plugins.stackdrift.trigger;

import java.time.Instant;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

import hudson.model.Job;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.history.JobHistory;

import io.stackdrift.record.NextScheduledCheck;

/**
 * Whether a tick of the drift schedule would start a build that checks nothing: the job's newest build is the drift
 * check that said when the next check has work, and that time has not come. Any later build (a push, a deploy, a
 * manual build), a first build, or a history that cannot be read lets the tick start its build, as before: only the
 * newest check's own answer holds a tick back. The cost is one small file read for a job whose schedule is due.
 */
final class ScheduledTicks {
    private static final Logger LOGGER = Logger.getLogger(ScheduledTicks.class.getName());

    private ScheduledTicks() {
    }

    static boolean nothingDue(final Job<?, ?> job, final Instant now) {
        Run<?, ?> newest = job.getLastBuild();
        if (newest == null || !JobHistory.existsIn(job.getRootDir())) {
            return false;
        }
        Optional<NextScheduledCheck> next = JobHistory.inJobDir(job.getRootDir()).nextScheduledCheck();
        boolean nothingDue = next.map(n -> n.nothingDue(Integer.toString(newest.getNumber()), now)).orElse(false);
        if (nothingDue) {
            LOGGER.log(Level.FINE, "Stack Drift: the drift schedule of {0} starts no build: build #{1} found no stack due "
                    + "before {2}", new Object[] {job.getFullName(), newest.getNumber(), next.get().dueAt()});
        }
        return nothingDue;
    }
}
