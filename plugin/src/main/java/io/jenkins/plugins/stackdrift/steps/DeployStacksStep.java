package io.jenkins.plugins.stackdrift.steps;

import java.util.Set;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import io.jenkins.plugins.stackdrift.agent.Operation;
import org.jenkinsci.Symbol;
import org.jenkinsci.plugins.workflow.steps.StepDescriptor;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;

/** {@code deployStacks(stacks: [...], rehearsal: false, approved: false, destroy: false, ...)}: see help.html beside this class. */
public final class DeployStacksStep extends AbstractStackStep {
    private boolean rehearsal;
    private boolean approved;
    private boolean destroy;

    @DataBoundConstructor
    public DeployStacksStep() {
        super();
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

    @Extension
    @Symbol("deployStacks")
    public static final class DescriptorImpl extends StepDescriptor {
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
