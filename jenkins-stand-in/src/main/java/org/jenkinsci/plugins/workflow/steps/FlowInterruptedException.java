package org.jenkinsci.plugins.workflow.steps;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Result;
import jenkins.model.CauseOfInterruption;

public final class FlowInterruptedException extends InterruptedException {
    private static final long serialVersionUID = 630482382622970136L;

    public FlowInterruptedException(@NonNull Result result, @NonNull CauseOfInterruption... causes) {
    }

    public FlowInterruptedException(@NonNull Result result, boolean actualInterruption, @NonNull CauseOfInterruption... causes) {
    }

    public @NonNull Result getResult() {
        throw new UnsupportedOperationException();
    }
}
