package io.jenkins.plugins.stackdrift.steps;

import java.util.Set;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import io.jenkins.plugins.stackdrift.agent.Operation;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;

/** {@code previewStacks(...)}: see help.html beside this class. */
public final class PreviewStacksStep extends AbstractStackStep {
    private boolean skipPublishingChecks;

    @DataBoundConstructor
    public PreviewStacksStep() {
        super();
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
        return Operation.PREVIEW;
    }

    @Extension
    @Symbol("previewStacks")
    public static final class DescriptorImpl extends StackStepDescriptor {
        @Override
        public String getFunctionName() {
            return "previewStacks";
        }

        @NonNull
        @Override
        public String getDisplayName() {
            return Messages.PreviewStacksStep_displayName();
        }

        @Override
        public Set<? extends Class<?>> getRequiredContext() {
            return REQUIRED_CONTEXT;
        }
    }
}
