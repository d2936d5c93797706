package io.jenkins.plugins.stackdrift.steps;

import java.util.Set;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import io.jenkins.plugins.stackdrift.agent.Operation;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;

/** {@code validateStacks(...)}: see help.html beside this class. */
public final class ValidateStacksStep extends AbstractStackStep {
    private boolean graph;

    @DataBoundConstructor
    public ValidateStacksStep() {
        super();
    }

    public boolean isGraph() {
        return graph;
    }

    /** Also print the order a deploy would run the stacks in, and return it as {@code groups} and {@code edges}. */
    @DataBoundSetter
    public void setGraph(final boolean graph) {
        this.graph = graph;
    }

    @Override
    protected Operation operation() {
        return graph ? Operation.GRAPH : Operation.VALIDATE;
    }

    @Extension
    @Symbol("validateStacks")
    public static final class DescriptorImpl extends StackStepDescriptor {
        @Override
        public String getFunctionName() {
            return "validateStacks";
        }

        @NonNull
        @Override
        public String getDisplayName() {
            return Messages.ValidateStacksStep_displayName();
        }

        @Override
        public Set<? extends Class<?>> getRequiredContext() {
            return REQUIRED_CONTEXT;
        }
    }
}
