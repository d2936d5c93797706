package org.jenkinsci.plugins.workflow.cps;

import hudson.model.Descriptor;
import org.jenkinsci.plugins.workflow.flow.FlowDefinition;

public class CpsFlowDefinition extends FlowDefinition {
    public CpsFlowDefinition(String script) throws Descriptor.FormException {
    }

    public CpsFlowDefinition(String script, boolean sandbox) throws Descriptor.FormException {
    }
}
