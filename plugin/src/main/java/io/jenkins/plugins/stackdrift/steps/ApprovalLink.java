package io.jenkins.plugins.stackdrift.steps;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import hudson.model.Cause;
import hudson.model.Run;
import hudson.model.User;
import hudson.scm.ChangeLogSet;
import io.jenkins.plugins.stackdrift.actions.ApproveDeployAction;
import io.jenkins.plugins.stackdrift.history.ControllerClock;
import io.jenkins.plugins.stackdrift.trigger.ApprovalRules;
import jenkins.scm.RunWithSCM;

import io.stackdrift.model.PlanDigest;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.record.RunRecord;

/**
 * The build's one approve link ({@link ApproveDeployAction}) as a step leaves it: the stacks awaiting approval with the
 * pins of their plans, the rules of who may decide and for how long, and the users the rules may refuse.
 */
final class ApprovalLink {
    private ApprovalLink() {
    }

    /**
     * What a step shows an approver.
     *
     * @param pins   stack → the pin the agent took of its plan (with the values' digests)
     * @param commit the revision the step's plans come from (for a stack the agent gave no pin for)
     * @param rules  the step's rules within the job's
     */
    record Shown(Map<String, String> pins, String commit, ApprovalRules rules) {
    }

    /**
     * The build's approve link covers the stacks awaiting approval in every step of the build: this step's are added
     * to those of the build's earlier steps of the same kind (deploy or destroy), so the approval build deploys all
     * of them. An approval already made stays as it was; a build whose deploy awaits approval keeps that link when a
     * destroy step awaits one too (its stacks are said in the log: approve them from a later build).
     */
    static void refresh(final Run<?, ?> run, final RunRecord record, final boolean destroy, final Shown shown,
            final PrintStream log) {
        Map<String, String> pins = shown.pins();
        ApprovalRules approvalRules = shown.rules();
        List<String> awaiting = new ArrayList<>();
        // what an approver of this build sees of each stack: its plan's pin, taken on the agent with the values' digests
        // (the record read back here has none); a stack the agent gave no pin for gets its plan's shape and commit
        Map<String, String> shownPlans = new TreeMap<>();
        String commit = shown.commit();
        for (Row row : record.rows()) {
            if (row.state() == RowState.AWAITING_APPROVAL) {
                awaiting.add(row.id().value());
                shownPlans.put(row.id().value(), pins.getOrDefault(row.id().value(), PlanDigest.of(row, commit)));
            }
        }
        if (awaiting.isEmpty()) {
            return;
        }
        synchronized (APPROVAL_LOCK) {
            ApproveDeployAction current = run.getAction(ApproveDeployAction.class);
            if (current != null && current.isApproved()) {
                return;
            }
            if (current != null && current.isDestroy() != destroy) {
                log.println("Stack Drift: this build already awaits approval of a " + (current.isDestroy() ? "destroy" : "deploy")
                        + "; " + String.join(", ", awaiting) + " await approval of a " + (destroy ? "destroy" : "deploy")
                        + " from a later build");
                return;
            }
            Set<String> stacks = new TreeSet<>(awaiting);
            Map<String, String> plans = new TreeMap<>();
            if (current != null) {
                stacks.addAll(current.getStacks());
                plans.putAll(current.getPlans());
            }
            plans.putAll(shownPlans);
            // a later step's stacks join the approval the build opened first, with its rules and its time; the stricter
            // rules of the two hold
            run.addOrReplaceAction(current != null
                    ? new ApproveDeployAction(new ArrayList<>(stacks), destroy, plans, approvalRules.within(current.getRules()),
                            current.getOwnUsers(), current.getOpenedAt())
                    : new ApproveDeployAction(new ArrayList<>(stacks), destroy, plans, approvalRules, ownUsers(run),
                            ControllerClock.nowMillis()));
        }
    }

    /**
     * The user who started the build (a {@link Cause.UserIdCause}) and the authors of its changes: those refused when an
     * approval refuses self-approval.
     */
    static List<String> ownUsers(final Run<?, ?> run) {
        Set<String> users = new TreeSet<>();
        for (Cause cause : run.getCauses()) {
            if (cause instanceof Cause.UserIdCause user && user.getUserId() != null) {
                users.add(user.getUserId());
            }
        }
        if (run instanceof RunWithSCM<?, ?> withScm) {
            for (ChangeLogSet<? extends ChangeLogSet.Entry> set : withScm.getChangeSets()) {
                for (ChangeLogSet.Entry entry : set) {
                    User author = entry.getAuthor();
                    if (author != null) {
                        users.add(author.getId());
                    }
                }
            }
        }
        return new ArrayList<>(users);
    }

    /** Parallel steps of one build add their stacks to the one approval of the build one at a time. */
    private static final Object APPROVAL_LOCK = new Object();

}
