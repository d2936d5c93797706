package org.jenkinsci.plugins.workflow.steps;

import java.io.IOException;
import java.io.Serializable;

public abstract class StepContext implements Serializable {
    public abstract <T> T get(Class<T> key) throws IOException, InterruptedException;
}
