package org.jenkinsci.plugins.workflow.flow;

public abstract class FlowExecution {
}
