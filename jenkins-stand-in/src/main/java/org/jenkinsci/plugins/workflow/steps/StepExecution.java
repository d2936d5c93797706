package org.jenkinsci.plugins.workflow.steps;

import java.io.Serializable;

import edu.umd.cs.findbugs.annotations.NonNull;

public abstract class StepExecution implements Serializable {
    protected StepExecution(@NonNull StepContext context) {
    }

    public @NonNull StepContext getContext() {
        throw new UnsupportedOperationException();
    }

    public abstract boolean start() throws Exception;

    public void stop(@NonNull Throwable cause) throws Exception {
        throw new UnsupportedOperationException();
    }

    public void onResume() {
    }

    public boolean blocksRestart() {
        return false;
    }
}
