package io.jenkins.plugins.stackdrift.trigger;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import hudson.model.Job;
import hudson.model.JobProperty;
import hudson.model.JobPropertyDescriptor;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;

/**
 * The job's rules for approving what its Stack Drift steps leave awaiting approval: the same three settings as the
 * steps' ({@code approvers}, {@code selfApproval}, {@code approvalExpiry}), set on the job's configuration page (Job/Configure)
 * or by {@code properties([stackDriftApprovals(...)])}. A step's own rules hold within these ({@link ApprovalRules#within}):
 * the job's approvers when it names any, self-approval refused if either refuses it, the shorter expiry.
 */
public final class ApprovalsJobProperty extends JobProperty<Job<?, ?>> {
    @CheckForNull private String approvers;
    private SelfApproval selfApproval = SelfApproval.ALLOWED;
    @CheckForNull private String approvalExpiry;

    @DataBoundConstructor
    public ApprovalsJobProperty() {
        super();
    }

    /** The rules of {@code job}: its property's, else the defaults. */
    public static ApprovalRules rulesOf(final Job<?, ?> job) {
        ApprovalsJobProperty property = job.getProperty(ApprovalsJobProperty.class);
        return property == null ? ApprovalRules.DEFAULT : property.rules();
    }

    /** These settings as rules. */
    public ApprovalRules rules() {
        return ApprovalRules.fromSettings(approvers, selfApproval, approvalExpiry);
    }

    // CPD-OFF - Jenkins binds each class's own setters; what they check is one piece of code in ApprovalRules
    @CheckForNull
    public String getApprovers() {
        return approvers;
    }

    /** User ids and group names, comma-separated, as {@code input}'s {@code submitter}; blank: anyone with Build. */
    @DataBoundSetter
    public void setApprovers(@CheckForNull final String approvers) {
        this.approvers = ApprovalRules.approversSetting(approvers);
    }

    public String getSelfApproval() {
        return selfApproval.name();
    }

    /** {@code REFUSED}: the user who started a build and the authors of its changes may not approve it. */
    @DataBoundSetter
    public void setSelfApproval(@CheckForNull final String selfApproval) {
        this.selfApproval = ApprovalRules.selfApprovalSetting(selfApproval);
    }

    @CheckForNull
    public String getApprovalExpiry() {
        return approvalExpiry;
    }

    /** How long an approval stays open, as {@code 7d} or {@code 36h}; blank: 7 days. */
    @DataBoundSetter
    public void setApprovalExpiry(@CheckForNull final String approvalExpiry) {
        this.approvalExpiry = ApprovalRules.expirySetting(approvalExpiry);
    }
    // CPD-ON

    @Extension
    @Symbol("stackDriftApprovals")
    public static final class DescriptorImpl extends JobPropertyDescriptor {
        @NonNull
        @Override
        public String getDisplayName() {
            return Messages.ApprovalsJobProperty_displayName();
        }
    }
}
