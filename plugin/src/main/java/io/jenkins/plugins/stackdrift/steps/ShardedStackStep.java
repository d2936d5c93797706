package io.jenkins.plugins.stackdrift.steps;

import java.time.Duration;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import io.jenkins.plugins.stackdrift.StepDurations;
import io.jenkins.plugins.stackdrift.trigger.ApprovalRules;
import io.jenkins.plugins.stackdrift.trigger.SelfApproval;
import org.kohsuke.stapler.DataBoundSetter;

/**
 * The steps that may apply changes, {@code deployStacks} and {@code checkDrift} (whose mode {@code correct} deploys): they
 * can run one shard of the build's {@code stackShards}, waiting for the other shards' stacks they depend on.
 */
public abstract class ShardedStackStep extends AbstractStackStep {
    @CheckForNull private Integer shard;
    @CheckForNull private Integer of;
    @CheckForNull private String approvers;
    private SelfApproval selfApproval = SelfApproval.ALLOWED;
    @CheckForNull private String approvalExpiry;
    @CheckForNull private String shardStartTimeout;

    /** What an approval of the stacks this step leaves awaiting approval demands (the job's rules may be stricter). */
    @Override
    ApprovalRules approvalRules() {
        return ApprovalRules.fromSettings(approvers, selfApproval, approvalExpiry);
    }

    // CPD-OFF - Jenkins binds each class's own setters; what they check is one piece of code in ApprovalRules
    @CheckForNull
    public String getApprovers() {
        return approvers;
    }

    /**
     * Who may approve or reject what this step leaves awaiting approval: user ids and group names, comma-separated, as
     * {@code input}'s {@code submitter}; blank: everyone with Build permission on the job. An administrator always may.
     */
    @DataBoundSetter
    public void setApprovers(@CheckForNull final String approvers) {
        this.approvers = ApprovalRules.approversSetting(approvers);
    }

    public String getSelfApproval() {
        return selfApproval.name();
    }

    /** {@code REFUSED}: the user who started the build and the authors of its changes may not approve it. */
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

    @Override
    @CheckForNull
    Duration shardStartTimeout() {
        return shardStartTimeout == null ? null : StepDurations.parse(shardStartTimeout).orElseThrow();
    }

    @CheckForNull
    public String getShardStartTimeout() {
        return shardStartTimeout;
    }

    /**
     * How long this shard waits for another shard whose step has not started ({@code 10m}; {@code 0}: no limit of its
     * own); blank: the global setting. A waiting shard holds its executor, which the late shard may need.
     */
    @DataBoundSetter
    public void setShardStartTimeout(@CheckForNull final String shardStartTimeout) {
        this.shardStartTimeout = durationWords("shardStartTimeout", shardStartTimeout);
    }

    /** A duration parameter as kept: its shortest words; null for blank; a clear error for words that are none. */
    @CheckForNull
    static String durationWords(final String parameter, @CheckForNull final String words) {
        if (words == null || words.isBlank()) {
            return null;
        }
        Duration duration = StepDurations.parse(words.strip()).orElseThrow(() -> new IllegalArgumentException(parameter + ": '"
                + words.strip() + "' is not a duration such as 90s, 10m or 1h30m (0: no limit)"));
        return StepDurations.format(duration);
    }

    @Override
    int shardNumber() {
        return shard == null ? 0 : shard;
    }

    @Override
    int shardCount() {
        return of == null ? 0 : of;
    }

    @CheckForNull
    public Integer getShard() {
        return shard;
    }

    /** The shard of the build's {@code stackShards} this step runs, 1 to {@code of}; with {@code of}. */
    @DataBoundSetter
    public void setShard(@CheckForNull final Integer shard) {
        this.shard = shard == null || shard == 0 ? null : shard;
    }

    @CheckForNull
    public Integer getOf() {
        return of;
    }

    /** How many shards the build's {@code stackShards} split the stacks into (its {@code count}); with {@code shard}. */
    @DataBoundSetter
    public void setOf(@CheckForNull final Integer of) {
        this.of = of == null || of == 0 ? null : of;
    }
}
