package io.jenkins.plugins.stackdrift.actions;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.AbortException;
import hudson.model.Cause;
import hudson.model.CauseAction;
import hudson.model.Item;
import hudson.model.Job;
import hudson.model.Queue;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.history.ControllerClock;
import io.jenkins.plugins.stackdrift.trigger.ApprovalCause;
import io.jenkins.plugins.stackdrift.trigger.ApprovalQueueAction;
import io.jenkins.plugins.stackdrift.trigger.ApprovalRules;
import io.jenkins.plugins.stackdrift.trigger.Approver;
import io.jenkins.plugins.stackdrift.trigger.ApproverCheck;
import io.jenkins.plugins.stackdrift.trigger.JenkinsApprover;
import io.jenkins.plugins.stackdrift.trigger.SelfApproval;
import jenkins.model.ParameterizedJobMixIn;
import jenkins.model.RunAction2;
import org.kohsuke.stapler.StaplerRequest2;
import org.kohsuke.stapler.StaplerResponse2;
import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;
import org.kohsuke.stapler.interceptor.RequirePOST;
import org.springframework.security.access.AccessDeniedException;

import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;

/**
 * "Approve deploy" on a build that left stacks awaiting approval (docs/concepts.md, "Drift modes"): a POST by someone who may
 * build the job and whom the approval's {@link ApprovalRules} admit ({@link ApproverCheck}, as {@code input}'s
 * {@code submitter}) queues a new build carrying an {@link ApprovalCause} with the ids of the stacks that awaited
 * approval here (and whether it was a destroy) and the pins of their plans; its {@code deployStacks} deploys exactly
 * those. A POST to {@code reject} closes it instead. One decision per build, while the approval is open (its rules'
 * expiry after it opened); who decided and when is recorded here. The step that attaches the build's run action
 * attaches, replaces or removes this one with it, so the ids always match the rows the build page shows.
 */
@ExportedBean(defaultVisibility = 2)
public final class ApproveDeployAction implements RunAction2 {
    private boolean approved;
    private boolean rejected;
    /** Who approved or rejected it (their user id), and when (epoch milliseconds); null and 0 while open. */
    @CheckForNull private String decidedBy;
    private long decidedAt;
    /** Null in actions saved before rules were kept: {@link ApprovalRules#DEFAULT}. */
    @CheckForNull private ApprovalRules rules;
    /** The user who started the build and the authors of its changes; null in actions saved before: none. */
    @CheckForNull private ArrayList<String> ownUsers;
    /** When the approval opened (epoch milliseconds); 0 in actions saved before: the build's start. */
    private long openedAt;
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
        this(stacks, destroy, plans, ApprovalRules.DEFAULT, List.of(), ControllerClock.nowMillis());
    }

    /**
     * @param rules    who may decide, and for how long
     * @param ownUsers the user who started the build and the authors of its changes
     * @param openedAt when the approval opened (epoch milliseconds)
     */
    public ApproveDeployAction(final List<String> stacks, final boolean destroy, final Map<String, String> plans,
            final ApprovalRules rules, final List<String> ownUsers, final long openedAt) {
        this.stacks = new ArrayList<>(stacks);
        this.destroy = destroy;
        this.plans = new LinkedHashMap<>(new TreeMap<>(plans));
        this.rules = rules;
        this.ownUsers = new ArrayList<>(ownUsers);
        this.openedAt = openedAt;
    }

    /** Who may decide, and for how long. */
    public synchronized ApprovalRules getRules() {
        return rules == null ? ApprovalRules.DEFAULT : rules;
    }

    /** The user who started the build and the authors of its changes. */
    public synchronized List<String> getOwnUsers() {
        return ownUsers == null ? List.of() : Collections.unmodifiableList(ownUsers);
    }

    /** When the approval opened (epoch milliseconds); 0 for one saved before this was kept. */
    public synchronized long getOpenedAt() {
        return openedAt;
    }

    /** The approvers named, as the page says them; empty: everyone with Build permission. */
    @Exported(visibility = 2)
    public synchronized String getApprovers() {
        return getRules().approversText();
    }

    /** When the approval closes unless decided before. */
    public synchronized Instant getExpiresAt() {
        long opened = openedAt > 0 ? openedAt : run == null ? 0 : run.getTimeInMillis();
        return Instant.ofEpochMilli(opened).plus(getRules().expiry());
    }

    @Exported(visibility = 2)
    public synchronized String getExpires() {
        return getExpiresAt().toString();
    }

    @Exported(visibility = 2)
    public synchronized boolean isRejected() {
        return rejected;
    }

    /** The user id of who approved or rejected it; null while open. */
    @Exported(visibility = 2)
    @CheckForNull
    public synchronized String getDecidedBy() {
        return decidedBy;
    }

    /** When it was approved or rejected (epoch milliseconds); 0 while open. */
    @Exported(visibility = 2)
    public synchronized long getDecidedAt() {
        return decidedAt;
    }

    /** How it was decided, in words ("approved by alice"); empty while open. */
    public synchronized String getDecision() {
        if (!approved && !rejected) {
            return "";
        }
        return (approved ? "approved" : "rejected") + (decidedBy == null ? "" : " by " + decidedBy)
                + (decidedAt > 0 ? " at " + Instant.ofEpochMilli(decidedAt) : "");
    }

    /** Whether the approval expired before anyone decided it. */
    public synchronized boolean isExpired() {
        return !approved && !rejected && !now().isBefore(getExpiresAt());
    }

    /** The controller's time (never an agent's). */
    private static Instant now() {
        return Instant.ofEpochMilli(ControllerClock.nowMillis());
    }

    /** Why {@code who} may not approve or reject it now; empty when they may (Build permission checked apart). */
    public synchronized Optional<String> refusal(final Approver who, final Instant now) {
        return ApproverCheck.refusal(getRules(), getOwnUsers(), getExpiresAt(), getDecision(), who, now);
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
        return !approved && !rejected && run != null && run.getParent().hasPermission(Item.BUILD) ? "symbol-status-yellow" : null;
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

    /**
     * Open (neither decided nor expired), the current user has Build permission on the job and the rules admit them.
     * The user's identity is read only when the rules name approvers or refuse self-approval.
     */
    public synchronized boolean isCanApprove() {
        if (approved || rejected || run == null || !run.getParent().hasPermission(Item.BUILD)) {
            return false;
        }
        ApprovalRules current = getRules();
        if (current.approvers().isEmpty() && current.selfApproval() == SelfApproval.ALLOWED) {
            return now().isBefore(getExpiresAt());
        }
        return refusal(JenkinsApprover.current(), now()).isEmpty();
    }

    /** Why the current user may not decide it, for the page; empty when they may or it is decided. */
    public synchronized String getWhyNot() {
        if (approved || rejected || run == null) {
            return "";
        }
        if (!run.getParent().hasPermission(Item.BUILD)) {
            return "only users with Build permission on this job can approve";
        }
        return refusal(JenkinsApprover.current(), now()).orElse("");
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
        synchronized (this) {
            // a second POST of the same approval changes nothing
            if (!approved) {
                Approver who = JenkinsApprover.current();
                refuseUnless(who);
                approve(job, who.id());
            }
        }
        rsp.sendRedirect2(req.getContextPath() + "/" + job.getUrl());
    }

    /** Closes the approval without deploying anything, recording who rejected it. */
    @RequirePOST
    public void doReject(final StaplerRequest2 req, final StaplerResponse2 rsp) throws IOException {
        Job<?, ?> job = getRun().getParent();
        job.checkPermission(Item.BUILD);
        synchronized (this) {
            if (!rejected) {
                Approver who = JenkinsApprover.current();
                refuseUnless(who);
                reject(who.id());
            }
        }
        rsp.sendRedirect2(req.getContextPath() + "/" + getRun().getUrl());
    }

    private void refuseUnless(final Approver who) {
        Optional<String> why = refusal(who, now());
        if (why.isPresent()) {
            throw new AccessDeniedException("Stack Drift: " + why.get());
        }
    }

    /** Rejects it: nothing is queued, the approval is closed, who and when are recorded. */
    public synchronized void reject(@CheckForNull final String userId) throws IOException {
        if (approved || rejected) {
            return;
        }
        rejected = true;
        decidedBy = userId;
        decidedAt = ControllerClock.nowMillis();
        run.save();
    }

    /** Approves it as nobody in particular (tests, and callers that checked who already). */
    public synchronized void approve(final Job<?, ?> job) throws IOException {
        approve(job, null);
    }

    /** Approves it: queues the approval build and records who approved and when. */
    public synchronized void approve(final Job<?, ?> job, @CheckForNull final String userId) throws IOException {
        if (approved || rejected) {
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
        decidedBy = userId;
        decidedAt = ControllerClock.nowMillis();
        run.save();
    }
}
