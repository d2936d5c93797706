package org.jenkinsci.plugins.workflow.flow;

import hudson.ExtensionPoint;
import hudson.model.AbstractDescribableImpl;

public abstract class FlowDefinition extends AbstractDescribableImpl<FlowDefinition> implements ExtensionPoint {
}
