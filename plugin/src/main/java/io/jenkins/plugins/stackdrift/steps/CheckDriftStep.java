package io.jenkins.plugins.stackdrift.steps;

import java.util.Set;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import io.jenkins.plugins.stackdrift.agent.Operation;
import org.jenkinsci.Symbol;
import org.jenkinsci.plugins.workflow.steps.StepDescriptor;
import org.kohsuke.stapler.DataBoundConstructor;

/** {@code checkDrift(...)}: see help.html beside this class. */
public final class CheckDriftStep extends AbstractStackStep {
    @DataBoundConstructor
    public CheckDriftStep() {
        super();
    }

    @Override
    protected Operation operation() {
        return Operation.CHECK;
    }

    @Extension
    @Symbol("checkDrift")
    public static final class DescriptorImpl extends StepDescriptor {
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
