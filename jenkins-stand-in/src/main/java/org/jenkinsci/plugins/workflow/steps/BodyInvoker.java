package org.jenkinsci.plugins.workflow.steps;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.LauncherDecorator;

public abstract class BodyInvoker {
    public abstract BodyInvoker withContext(Object override);

    public abstract BodyInvoker withCallback(BodyExecutionCallback callback);

    public abstract BodyExecution start();

    public static LauncherDecorator mergeLauncherDecorators(@CheckForNull LauncherDecorator original,
            @NonNull LauncherDecorator subsequent) {
        throw new UnsupportedOperationException();
    }
}
