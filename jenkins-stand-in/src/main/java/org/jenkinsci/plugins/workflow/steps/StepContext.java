package org.jenkinsci.plugins.workflow.steps;

import java.io.IOException;
import java.io.Serializable;

import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.ListenableFuture;

public abstract class StepContext implements FutureCallback<Object>, Serializable {
    public abstract <T> T get(Class<T> key) throws IOException, InterruptedException;

    public abstract ListenableFuture<Void> saveState();

    public abstract BodyInvoker newBodyInvoker() throws IllegalStateException;
}
