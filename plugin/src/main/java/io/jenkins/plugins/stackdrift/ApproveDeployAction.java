package io.jenkins.plugins.stackdrift;

import java.io.IOException;

import org.kohsuke.stapler.StaplerRequest2;
import org.kohsuke.stapler.StaplerResponse2;
import org.kohsuke.stapler.interceptor.RequirePOST;

import hudson.model.Cause;
import hudson.model.CauseAction;
import hudson.model.Item;
import hudson.model.Job;
import hudson.model.Run;
import jenkins.model.ParameterizedJobMixIn;
import jenkins.model.RunAction2;

/**
 * "Approve deploy" on a build that left stacks awaiting approval (spec §5): a POST by someone who may
 * build the job queues a new build carrying an {@link ApprovalCause}; its {@code deployStacks} deploys
 * exactly the stacks that awaited approval here. One approval per build.
 */
public final class ApproveDeployAction implements RunAction2 {
    private boolean approved;
    private transient Run<?, ?> run;

    @Override
    public synchronized void onAttached(final Run<?, ?> r) {
        this.run = r;
    }

    @Override
    public synchronized void onLoad(final Run<?, ?> r) {
        this.run = r;
    }

    @Override
    public synchronized String getIconFileName() {
        return approved ? null : "symbol-status-yellow";
    }

    @Override
    public String getDisplayName() {
        return "Approve deploy";
    }

    @Override
    public String getUrlName() {
        return "stack-drift-approval";
    }

    public synchronized boolean isApproved() {
        return approved;
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

    synchronized void approve(final Job<?, ?> job) throws IOException {
        if (approved) {
            return;
        }
        StackDriftRunAction found = run.getAction(StackDriftRunAction.class);
        int awaiting = found == null ? 0 : found.getAwaitingApproval();
        ParameterizedJobMixIn.scheduleBuild2(job, 0,
                new CauseAction(new Cause.UserIdCause(), new ApprovalCause(run.getNumber(), awaiting)));
        approved = true;
        run.save();
    }
}
