package io.jenkins.plugins.stackdrift.trigger;

import java.text.DateFormat;
import java.time.Instant;
import java.util.Optional;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import hudson.model.CauseAction;
import hudson.model.Item;
import hudson.model.Job;
import hudson.scheduler.CronTabList;
import hudson.scheduler.Hash;
import hudson.triggers.Trigger;
import hudson.triggers.TriggerDescriptor;
import hudson.util.FormValidation;
import io.jenkins.plugins.stackdrift.JenkinsFacade;
import io.jenkins.plugins.stackdrift.history.ControllerClock;
import jenkins.model.ParameterizedJobMixIn;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/**
 * {@code driftSchedule(spec: 'H/15 * * * *')}: Jenkins cron syntax ({@code H} hashed per job). Each
 * tick only queues a build with a {@link ScheduledDriftCheckCause}; the check itself happens in the build, and a tick
 * before the time the newest build's check said the next one has work queues nothing ({@link ScheduledTicks}). In a
 * multibranch project only the primary branch's job is started unless {@code branches: 'ALL'}: every branch and pull
 * request job would otherwise check the same stacks.
 */
public final class DriftScheduleTrigger extends Trigger<Job<?, ?>> {
    private static final BranchJobs BRANCH_JOBS = new BranchJobs(BranchJobs.PRIMARY_MARKER);

    /** Null in triggers saved before the choice existed: the primary branch then. */
    @CheckForNull private DriftBranches branches;

    @DataBoundConstructor
    public DriftScheduleTrigger(@NonNull final String spec) {
        super(spec);
    }

    public DriftBranches getBranches() {
        return branches == null ? DriftBranches.PRIMARY : branches;
    }

    /** In a multibranch project: the primary branch only (default) or every branch and pull request. */
    @DataBoundSetter
    public void setBranches(@CheckForNull final DriftBranches branches) {
        this.branches = branches == null || branches == DriftBranches.PRIMARY ? null : branches;
    }

    @Override
    public void run() {
        Instant now = Instant.ofEpochMilli(ControllerClock.nowMillis());
        if (job != null && BRANCH_JOBS.starts(job, getBranches()) && !ScheduledTicks.nothingDue(job, now)) {
            schedule(job);
        }
    }

    /** Queues the drift check build; a no-op before the trigger is started or for a job that cannot build. */
    static void schedule(@CheckForNull final Job<?, ?> target) {
        if (target != null) {
            ParameterizedJobMixIn.scheduleBuild2(target, 0, new CauseAction(new ScheduledDriftCheckCause()));
        }
    }

    @Extension
    @Symbol("driftSchedule")
    public static final class DescriptorImpl extends TriggerDescriptor {
        @Override
        public boolean isApplicable(final Item item) {
            return item instanceof ParameterizedJobMixIn.ParameterizedJob;
        }

        @NonNull
        @Override
        public String getDisplayName() {
            return Messages.DriftScheduleTrigger_displayName();
        }

        /**
         * Only someone who may configure the job (or, outside a job, administer Jenkins) learns what a spec means: whether
         * it is valid, core's sanity warning, and when it would last have run and would next run (as core's
         * {@code TimerTrigger} says it, with the job's {@code H} hash).
         */
        @POST
        public FormValidation doCheckSpec(@QueryParameter final String value, @AncestorInPath final Item item) {
            if (item == null) {
                JenkinsFacade.checkAdminister();
            } else {
                item.checkPermission(Item.CONFIGURE);
            }
            String spec = value == null ? "" : value;
            Hash hash = item == null ? null : Hash.from(item.getFullName());
            String sanity;
            try {
                sanity = CronTabList.create(spec, hash).checkSanity();
            } catch (IllegalArgumentException e) {
                return FormValidation.error(e.getMessage());
            }
            String runs;
            boolean runsWarn;
            try {
                Optional<ScheduleTimes.Around> around = ScheduleTimes.around(spec, hash);
                runs = around.map(times -> ScheduleTimes.words(times, DateFormat.getDateTimeInstance(DateFormat.FULL,
                        DateFormat.FULL))).orElse("The spec has no schedule line: it never starts a check.");
                runsWarn = around.isEmpty();
            } catch (RuntimeException e) {
                // core's RareOrImpossibleDateException, a type restricted to core
                runs = "No date in the next years matches this spec, or only a rare one (a February 29, a June 31): it "
                        + "starts a check seldom or never.";
                runsWarn = true;
            }
            if (sanity != null) {
                return FormValidation.warning(sanity + " " + runs);
            }
            return runsWarn ? FormValidation.warning(runs) : FormValidation.ok(runs);
        }
    }
}
