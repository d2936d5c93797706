package org.jenkinsci.plugins.workflow.steps;

import hudson.ExtensionPoint;
import hudson.model.AbstractDescribableImpl;

public abstract class Step extends AbstractDescribableImpl<Step> implements ExtensionPoint {
    public abstract StepExecution start(StepContext context) throws Exception;
}
