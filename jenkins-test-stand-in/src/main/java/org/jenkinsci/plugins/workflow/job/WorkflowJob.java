package org.jenkinsci.plugins.workflow.job;

import java.io.IOException;
import java.util.Map;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Action;
import hudson.model.ItemGroup;
import hudson.model.Job;
import hudson.model.TopLevelItem;
import hudson.model.queue.QueueTaskFuture;
import hudson.triggers.Trigger;
import hudson.triggers.TriggerDescriptor;
import hudson.util.RunList;
import jenkins.model.ParameterizedJobMixIn;
import org.jenkinsci.plugins.workflow.flow.FlowDefinition;
import org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty;

public final class WorkflowJob extends Job<WorkflowJob, WorkflowRun>
        implements ParameterizedJobMixIn.ParameterizedJob<WorkflowJob, WorkflowRun>, TopLevelItem {
    public WorkflowJob(ItemGroup parent, String name) {
    }

    // raw, as AbstractItem's in core
    @Override public @NonNull ItemGroup getParent() {
        throw new UnsupportedOperationException();
    }

    public void setDefinition(FlowDefinition definition) {
        throw new UnsupportedOperationException();
    }

    @Override
    public WorkflowRun getBuildByNumber(int n) {
        throw new UnsupportedOperationException();
    }

    public WorkflowRun getLastBuild() {
        throw new UnsupportedOperationException();
    }

    public RunList<WorkflowRun> getBuilds() {
        throw new UnsupportedOperationException();
    }

    public @CheckForNull QueueTaskFuture<WorkflowRun> scheduleBuild2(int quietPeriod, Action... actions) {
        throw new UnsupportedOperationException();
    }

    public Map<TriggerDescriptor, Trigger<?>> getTriggers() {
        throw new UnsupportedOperationException();
    }

    public PipelineTriggersJobProperty getTriggersJobProperty() {
        throw new UnsupportedOperationException();
    }

    public void addTrigger(Trigger trigger) throws IOException {
        throw new UnsupportedOperationException();
    }
}
