package org.jenkinsci.plugins.workflow.steps;

import java.util.Set;

import hudson.model.Descriptor;

public abstract class StepDescriptor extends Descriptor<Step> {
    public abstract Set<? extends Class<?>> getRequiredContext();

    public abstract String getFunctionName();

    public boolean takesImplicitBlockArgument() {
        throw new UnsupportedOperationException();
    }
}
