package org.jenkinsci.plugins.workflow.graph;

import hudson.model.Actionable;
import hudson.model.Saveable;

public abstract class FlowNode extends Actionable implements Saveable {
}
