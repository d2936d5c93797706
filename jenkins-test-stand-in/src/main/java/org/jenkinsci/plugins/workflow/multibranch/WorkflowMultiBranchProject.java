package org.jenkinsci.plugins.workflow.multibranch;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.AbstractItem;
import hudson.model.Cause;
import hudson.model.ItemGroup;
import hudson.model.TopLevelItem;
import hudson.util.PersistedList;
import jenkins.branch.BranchSource;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;

// a MultiBranchProject<WorkflowJob, WorkflowRun>, a ComputedFolder (lenient supertypes: the stand-in names the indirect
// supertypes the ITests need); the members below are those of MultiBranchProject and ComputedFolder
public class WorkflowMultiBranchProject extends AbstractItem implements TopLevelItem {
    public WorkflowMultiBranchProject(ItemGroup parent, String name) {
    }

    // raw, as AbstractItem's in core
    @Override public @NonNull ItemGroup getParent() {
        throw new UnsupportedOperationException();
    }

    @NonNull
    public PersistedList<BranchSource> getSourcesList() {
        throw new UnsupportedOperationException();
    }

    @CheckForNull
    public WorkflowJob getItem(String name) {
        throw new UnsupportedOperationException();
    }

    public boolean scheduleBuild(int quietPeriod, Cause c) {
        throw new UnsupportedOperationException();
    }
}
