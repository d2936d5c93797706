package org.jenkinsci.plugins.workflow.steps;

import hudson.model.AbstractDescribableImpl;

public abstract class Step extends AbstractDescribableImpl<Step> {
    public abstract StepExecution start(StepContext context) throws Exception;
}
