package org.jenkinsci.plugins.workflow.steps;

import edu.umd.cs.findbugs.annotations.NonNull;

public abstract class SynchronousNonBlockingStepExecution<T> extends StepExecution {
    protected SynchronousNonBlockingStepExecution(@NonNull StepContext context) {
        super(context);
    }

    protected abstract T run() throws Exception;

    @Override
    public final boolean start() throws Exception {
        throw new UnsupportedOperationException();
    }

    @Override
    public void stop(Throwable cause) throws Exception {
        throw new UnsupportedOperationException();
    }

    @Override
    public void onResume() {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean blocksRestart() {
        throw new UnsupportedOperationException();
    }
}
