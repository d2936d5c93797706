package org.jenkinsci.plugins.workflow.job.properties;

import hudson.triggers.Trigger;
import hudson.triggers.TriggerDescriptor;

public class PipelineTriggersJobProperty {
    public Trigger getTriggerForDescriptor(TriggerDescriptor td) {
        throw new UnsupportedOperationException();
    }
}
