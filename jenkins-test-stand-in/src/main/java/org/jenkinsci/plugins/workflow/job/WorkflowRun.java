package org.jenkinsci.plugins.workflow.job;

import java.io.IOException;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.model.Queue;
import hudson.model.Run;
import org.jenkinsci.plugins.workflow.flow.FlowExecution;
import org.kohsuke.stapler.HttpResponse;

public final class WorkflowRun extends Run<WorkflowJob, WorkflowRun> implements Queue.Executable {
    public WorkflowRun(WorkflowJob job) throws IOException {
    }

    @Override
    public void run() {
        throw new UnsupportedOperationException();
    }

    public @CheckForNull FlowExecution getExecution() {
        throw new UnsupportedOperationException();
    }

    public HttpResponse doStop() {
        throw new UnsupportedOperationException();
    }
}
