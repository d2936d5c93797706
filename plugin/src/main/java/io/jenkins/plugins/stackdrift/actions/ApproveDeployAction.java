package io.jenkins.plugins.stackdrift.actions;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import hudson.AbortException;
import hudson.model.Cause;
import hudson.model.CauseAction;
import hudson.model.Item;
import hudson.model.Job;
import hudson.model.Queue;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.trigger.ApprovalCause;
import io.jenkins.plugins.stackdrift.trigger.ApprovalQueueAction;
import jenkins.model.ParameterizedJobMixIn;
import jenkins.model.RunAction2;
import org.kohsuke.stapler.StaplerRequest2;
import org.kohsuke.stapler.StaplerResponse2;
import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;
import org.kohsuke.stapler.interceptor.RequirePOST;

import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;

/**
 * "Approve deploy" on a build that left stacks awaiting approval (docs/concepts.md, "Drift modes"): a POST by someone who may
 * build the job queues a new build carrying an {@link ApprovalCause} with the ids of the stacks that awaited
 * approval here (and whether it was a destroy); its {@code deployStacks} deploys exactly those. One approval
 * per build. The step that attaches the build's run action attaches, replaces or removes this one with it, so
 * the ids always match the rows the build page shows.
 */
@ExportedBean(defaultVisibility = 2)
public final class ApproveDeployAction implements RunAction2 {
    private boolean approved;
    /** Null in actions saved before the ids were kept here: then the awaiting rows of the run action count. */
    private ArrayList<String> stacks;
    private boolean destroy;
    /** Stack → digest of the plan shown here ({@code PlanDigest}); null in actions saved before plans were recorded. */
    private LinkedHashMap<String, String> plans;
    private transient Run<?, ?> run;

    public ApproveDeployAction(final List<String> stacks, final boolean destroy) {
        this(stacks, destroy, Map.of());
    }

    /** @param plans stack → the digest of the plan this build shows for it: what an approval approves */
    public ApproveDeployAction(final List<String> stacks, final boolean destroy, final Map<String, String> plans) {
        this.stacks = new ArrayList<>(stacks);
        this.destroy = destroy;
        this.plans = new LinkedHashMap<>(new TreeMap<>(plans));
    }

    /** Stack → the digest of the plan an approval approves. */
    public synchronized Map<String, String> getPlans() {
        return plans == null ? Map.of() : Collections.unmodifiableMap(plans);
    }

    @Override
    public synchronized void onAttached(final Run<?, ?> r) {
        this.run = r;
    }

    @Override
    public synchronized void onLoad(final Run<?, ?> r) {
        this.run = r;
    }

    /** The side-panel link only for those who may approve (the POST refuses the others anyway). */
    @Override
    public synchronized String getIconFileName() {
        return isCanApprove() ? "symbol-status-yellow" : null;
    }

    @Override
    public String getDisplayName() {
        return destroy ? Messages.ApproveDeployAction_destroy() : Messages.ApproveDeployAction_deploy();
    }

    @Override
    public String getUrlName() {
        return PageUrls.APPROVAL;
    }

    @Exported(visibility = 2)
    public synchronized boolean isApproved() {
        return approved;
    }

    /** Not approved yet, and the current user has Build permission on the job. */
    public synchronized boolean isCanApprove() {
        return !approved && run != null && run.getParent().hasPermission(Item.BUILD);
    }

    @Exported(visibility = 2)
    public synchronized boolean isDestroy() {
        return destroy;
    }

    /** The ids of the stacks an approval approves. */
    @Exported(visibility = 2)
    public synchronized List<String> getStacks() {
        if (stacks != null) {
            return Collections.unmodifiableList(stacks);
        }
        List<String> awaiting = new ArrayList<>();
        StackDriftRunAction found = run == null ? null : run.getAction(StackDriftRunAction.class);
        if (found != null) {
            for (Row row : found.getRows()) {
                if (row.state() == RowState.AWAITING_APPROVAL) {
                    awaiting.add(row.id().value());
                }
            }
        }
        return awaiting;
    }

    public synchronized Run<?, ?> getRun() {
        return run;
    }

    @RequirePOST
    public void doApprove(final StaplerRequest2 req, final StaplerResponse2 rsp) throws IOException {
        Job<?, ?> job = getRun().getParent();
        job.checkPermission(Item.BUILD);
        approve(job);
        rsp.sendRedirect2(req.getContextPath() + "/" + job.getUrl());
    }

    public synchronized void approve(final Job<?, ?> job) throws IOException {
        if (approved) {
            return;
        }
        List<String> ids = getStacks();
        if (ids.isEmpty()) {
            throw new AbortException("Stack Drift: no stack awaits approval in build #" + run.getNumber());
        }
        // the queue action keeps this approval out of any build already waiting; a null item (a disabled job,
        // a queue decision) means nothing will deploy, so the approval is not given
        Queue.Item queued = ParameterizedJobMixIn.scheduleBuild2(job, 0,
                new CauseAction(new Cause.UserIdCause(), new ApprovalCause(run.getNumber(), ids, destroy, getPlans())),
                new ApprovalQueueAction(run.getNumber()));
        if (queued == null) {
            throw new AbortException("Stack Drift: " + job.getFullName() + " did not queue the approval build (is it disabled?);"
                    + " nothing is approved");
        }
        approved = true;
        run.save();
    }
}
