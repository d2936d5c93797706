package org.jenkinsci.plugins.workflow.steps;

import java.io.Serializable;
import java.util.concurrent.Future;

public abstract class BodyExecution implements Future<Object>, Serializable {
}
