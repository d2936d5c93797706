package org.jenkinsci.plugins.workflow.graph;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Action;
import hudson.model.Actionable;
import hudson.model.Saveable;

public abstract class FlowNode extends Actionable implements Saveable {
    public final <T extends Action> T getPersistentAction(@NonNull Class<T> type) {
        throw new UnsupportedOperationException();
    }
}
