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

/** {@code checkDrift(...)}: see help.html beside this class. */
public final class CheckDriftStep extends ShardedStackStep {
    @CheckForNull private String lockScope;
    @CheckForNull private String shardTimeout;
    private boolean now;
    private boolean skipPublishingChecks;

    @DataBoundConstructor
    public CheckDriftStep() {
        super();
    }

    @Override
    @CheckForNull
    String lockScope() {
        return lockScope;
    }

    @Override
    @CheckForNull
    Duration shardTimeout() {
        return shardTimeout == null ? null : StepDurations.parse(shardTimeout).orElseThrow();
    }

    @CheckForNull
    public String getShardTimeout() {
        return shardTimeout;
    }

    /**
     * How long a stack of this shard waits for a stack of another, running shard that it depends on ({@code 0}: no
     * limit); blank: an hour. (deployStacks' is its {@code lockTimeout}.)
     */
    @DataBoundSetter
    public void setShardTimeout(@CheckForNull final String shardTimeout) {
        this.shardTimeout = durationWords("shardTimeout", shardTimeout);
    }

    @CheckForNull
    public String getLockScope() {
        return lockScope;
    }

    /** The scope the stack locks are shared in (its {@code correct} mode deploys); blank for the default. */
    @DataBoundSetter
    public void setLockScope(@CheckForNull final String lockScope) {
        this.lockScope = lockScope == null || lockScope.isBlank() ? null : lockScope.strip();
    }

    @Override
    public boolean isNow() {
        return now;
    }

    /** Check the selected stacks now, whatever their schedule ({@code every}) and backoff. */
    @DataBoundSetter
    public void setNow(final boolean now) {
        this.now = now;
    }

    @Override
    boolean skipsPublishingChecks() {
        return skipPublishingChecks;
    }

    public boolean isSkipPublishingChecks() {
        return skipPublishingChecks;
    }

    /** Leave no check on the change request (a build of a change request publishes one through the Checks API plugin). */
    @DataBoundSetter
    public void setSkipPublishingChecks(final boolean skipPublishingChecks) {
        this.skipPublishingChecks = skipPublishingChecks;
    }

    @Override
    protected Operation operation() {
        return Operation.CHECK;
    }

    @Extension
    @Symbol("checkDrift")
    public static final class DescriptorImpl extends StackStepDescriptor {
        @Override
        public String getFunctionName() {
            return "checkDrift";
        }

        @NonNull
        @Override
        public String getDisplayName() {
            return Messages.CheckDriftStep_displayName();
        }

        @Override
        public Set<? extends Class<?>> getRequiredContext() {
            return REQUIRED_CONTEXT;
        }
    }
}
