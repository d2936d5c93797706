package io.jenkins.plugins.stackdrift.trigger;

import java.util.List;

import hudson.model.Action;
import hudson.model.InvisibleAction;
import hudson.model.Queue;
import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;

/**
 * Rides along with an approval build into the queue and vetoes folding: without it, the queue merges the
 * approval's causes into a build of the job that is already waiting, and two approvals end up in one build
 * that deploys the stacks of only one of them. One approval, one build. Shows nowhere.
 */
@ExportedBean(defaultVisibility = 2)
public final class ApprovalQueueAction extends InvisibleAction implements Queue.QueueAction {
    private final int sourceBuild;

    public ApprovalQueueAction(final int sourceBuild) {
        this.sourceBuild = sourceBuild;
    }

    @Exported(visibility = 2)
    public int getSourceBuild() {
        return sourceBuild;
    }

    /** Always a build of its own, whatever is waiting in the queue. */
    @Override
    public boolean shouldSchedule(final List<Action> actions) {
        return true;
    }
}
