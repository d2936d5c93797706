package io.jenkins.plugins.stackdrift.steps;

import java.io.PrintStream;
import java.util.Map;
import java.util.TreeMap;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.AbortException;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.agent.AgentOutcome;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.trigger.ApprovalCause;

import io.stackdrift.model.DeployKind;

/** How the approval that started a build (its {@link ApprovalCause}) counts for one step of it. */
final class StepApproval {
    private StepApproval() {
    }

    /**
     * An approval counts for a deploy step of the same kind as what was approved: a deploy approval never
     * approves a destroy (nor the other way round). Previews and checks of an approval build are ordinary.
     */
    static boolean applies(final Run<?, ?> run, final Operation operation, final DeployKind kind) {
        ApprovalCause cause = run.getCause(ApprovalCause.class);
        return operation == Operation.DEPLOY && cause != null && cause.isDestroy() == (kind == DeployKind.DESTROY);
    }

    /** The approval this step deploys under; null when none applies (the log says why when one does not). */
    @CheckForNull
    static ApprovalCause of(final Run<?, ?> run, final Operation operation, final DeployKind kind, final PrintStream log) {
        ApprovalCause cause = run.getCause(ApprovalCause.class);
        if (operation != Operation.DEPLOY || cause == null) {
            return null;
        }
        if (!applies(run, operation, kind)) {
            log.println("Stack Drift: this build approves a " + (cause.isDestroy() ? "destroy" : "deploy") + " from build #"
                    + cause.getSourceBuild() + "; this " + kind.word() + " is not approved by it");
            return null;
        }
        return cause;
    }

    /**
     * The step's own selection (every stack when it names none) narrowed to the stacks the approval names: an
     * approval build deploys nothing else. Nothing left is an error, not "every stack".
     */
    static AgentOutcome approvedOnly(final AgentOutcome selection, final ApprovalCause approval)
            throws AbortException {
        Map<String, Map<String, String>> approved = new TreeMap<>();
        selection.selectedStacks().forEach((stack, ids) -> {
            if (approval.getStacks().contains(stack)) {
                approved.put(stack, ids);
            }
        });
        if (approved.isEmpty()) {
            throw new AbortException("Stack Drift: this build was started by approving "
                    + (approval.getStacks().isEmpty() ? "no recorded stack" : String.join(", ", approval.getStacks()))
                    + " in build #" + approval.getSourceBuild() + ", and none of them is in this step's selection;"
                    + " nothing is deployed (approve again from a build that awaits approval, or run deployStacks with"
                    + " approved: true)");
        }
        return AgentOutcome.builder().selectedStacks(approved).stackPlaces(selection.stackPlaces()).build();
    }
}
