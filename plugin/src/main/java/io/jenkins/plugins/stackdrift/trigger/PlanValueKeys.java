package io.jenkins.plugins.stackdrift.trigger;

import hudson.model.Job;
import jenkins.security.HMACConfidentialKey;

/**
 * The key each job's plan values are digested under for its approvals (the core's {@code ValueKey}): derived from one
 * secret Jenkins keeps in its confidential store ({@code JENKINS_HOME/secrets}, encrypted with the controller's
 * master key) and the job's full name, so it is never written into a build, a page or the job's files. The step
 * hands it to its agent, which sees the plan's values anyway. A renamed job gets another key: its open approvals
 * then ask to be given again.
 */
public final class PlanValueKeys {
    private static final HMACConfidentialKey SECRET = new HMACConfidentialKey(PlanValueKeys.class, "planValues");

    private PlanValueKeys() {
    }

    /** The job's key, as hex (64 characters). */
    public static String forJob(final Job<?, ?> job) {
        return SECRET.mac("stack-drift plan values of job " + job.getFullName());
    }
}
