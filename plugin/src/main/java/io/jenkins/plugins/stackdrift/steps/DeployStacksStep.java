package io.jenkins.plugins.stackdrift.steps;

import java.time.Duration;
import java.util.Set;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import io.jenkins.plugins.stackdrift.StepDurations;
import io.jenkins.plugins.stackdrift.agent.Operation;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;

/** {@code deployStacks(stacks: [...], rehearsal: false, approved: false, destroy: false, ...)}: see help.html beside this class. */
public final class DeployStacksStep extends ShardedStackStep {
    private boolean rehearsal;
    private boolean approved;
    private boolean destroy;
    @CheckForNull private String lockScope;
    private boolean now;
    @CheckForNull private String lockTimeout;

    @DataBoundConstructor
    public DeployStacksStep() {
        super();
    }

    @Override
    public boolean isNow() {
        return now;
    }

    /** Deploy the selected stacks whatever their policy ({@code once} too) and digest. */
    @DataBoundSetter
    public void setNow(final boolean now) {
        this.now = now;
    }

    @Override
    protected Operation operation() {
        return Operation.DEPLOY;
    }

    @Override
    public boolean isRehearsal() {
        return rehearsal;
    }

    @DataBoundSetter
    public void setRehearsal(final boolean rehearsal) {
        this.rehearsal = rehearsal;
    }

    @Override
    public boolean isApproved() {
        return approved;
    }

    @DataBoundSetter
    public void setApproved(final boolean approved) {
        this.approved = approved;
    }

    /** Destroy the selected stacks in reverse dependency order (docs/concepts.md, "Deploy order") instead of deploying them. */
    @Override
    public boolean isDestroy() {
        return destroy;
    }

    @DataBoundSetter
    public void setDestroy(final boolean destroy) {
        this.destroy = destroy;
    }

    @Override
    @CheckForNull
    String lockScope() {
        return lockScope;
    }

    @Override
    Duration lockTimeout() {
        return lockTimeout == null ? Duration.ZERO : StepDurations.parse(lockTimeout).orElseThrow();
    }

    @CheckForNull
    public String getLockScope() {
        return lockScope;
    }

    /**
     * The scope the stack locks are shared in: every job whose steps name the same scope waits for the others' deploys of
     * a stack. Blank for the default: the multibranch project of a branch job, else the job.
     */
    @DataBoundSetter
    public void setLockScope(@CheckForNull final String lockScope) {
        this.lockScope = lockScope == null || lockScope.isBlank() ? null : lockScope.strip();
    }

    @CheckForNull
    public String getLockTimeout() {
        return lockTimeout;
    }

    /** How long to wait for the stacks another build deploys ({@code 30m}, {@code 1h30m}); blank or 0: no limit. */
    @DataBoundSetter
    public void setLockTimeout(@CheckForNull final String lockTimeout) {
        if (lockTimeout == null || lockTimeout.isBlank()) {
            this.lockTimeout = null;
            return;
        }
        Duration timeout = StepDurations.parse(lockTimeout)
                .orElseThrow(() -> new IllegalArgumentException(Messages.invalidLockTimeout(lockTimeout.strip())));
        this.lockTimeout = StepDurations.format(timeout);
    }

    @Extension
    @Symbol("deployStacks")
    public static final class DescriptorImpl extends StackStepDescriptor {
        @Override
        public String getFunctionName() {
            return "deployStacks";
        }

        @NonNull
        @Override
        public String getDisplayName() {
            return Messages.DeployStacksStep_displayName();
        }

        @Override
        public Set<? extends Class<?>> getRequiredContext() {
            return REQUIRED_CONTEXT;
        }
    }
}
