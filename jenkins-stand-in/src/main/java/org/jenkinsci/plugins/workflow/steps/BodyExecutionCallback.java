package org.jenkinsci.plugins.workflow.steps;

import java.io.Serializable;

import com.google.common.util.concurrent.FutureCallback;

public abstract class BodyExecutionCallback implements Serializable {
    public abstract void onSuccess(StepContext context, Object result);

    public abstract void onFailure(StepContext context, Throwable t);

    public static BodyExecutionCallback wrap(FutureCallback<Object> v) {
        throw new UnsupportedOperationException();
    }
}
