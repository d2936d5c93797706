package io.jenkins.plugins.stackdrift.steps;

import java.io.PrintStream;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.AbortException;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.agent.AgentOutcome;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.trigger.ApprovalCause;

import io.stackdrift.model.DeployKind;
import io.stackdrift.model.RowState;
import io.stackdrift.record.RunRecord;

/**
 * The approval side of one step call: before the run, the approval the step deploys under narrows its stacks to the
 * approved ones ({@link StepApproval}); after it, the build's approve link is left for the stacks that await one
 * ({@link ApprovalLink}). The step's run of the engine knows neither.
 */
final class ApprovalFlow {
    private final Run<?, ?> run;
    private final Operation operation;
    private final DeployKind kind;
    @CheckForNull private final ApprovalCause approval;

    private ApprovalFlow(final Run<?, ?> run, final Operation operation, final DeployKind kind,
            @CheckForNull final ApprovalCause approval) {
        this.run = run;
        this.operation = operation;
        this.kind = kind;
        this.approval = approval;
    }

    /** The flow of a step of {@code run}; the log says when the build's approval is not this step's. */
    static ApprovalFlow of(final Run<?, ?> run, final Operation operation, final DeployKind kind, final PrintStream log) {
        return new ApprovalFlow(run, operation, kind, StepApproval.of(run, operation, kind, log));
    }

    /** Whether the step deploys under an approval: then only the approved stacks, each with the plan its approver saw. */
    boolean approved() {
        return approval != null;
    }

    /** The step's selection as it deploys: the approved stacks only (said in the log), or all of it without an approval. */
    AgentOutcome selection(final AgentOutcome selected, final PrintStream log) throws AbortException {
        if (approval == null) {
            return selected;
        }
        AgentOutcome approvedOnly = StepApproval.approvedOnly(selected, approval);
        log.println("Stack Drift: approved in build #" + approval.getSourceBuild() + ": "
                + String.join(", ", approvedOnly.selectedStacks().keySet()));
        return approvedOnly;
    }

    /**
     * After the run: under an approval, each stack that still awaits one is named (its plan was not the approved one);
     * the build's approve link covers the stacks awaiting approval.
     */
    void leave(final RunRecord record, final ApprovalLink.Shown shown, final PrintStream log) {
        if (approval != null) {
            record.rows().stream().filter(row -> row.state() == RowState.AWAITING_APPROVAL).forEach(row -> log.println(
                    "Stack Drift: " + row.id().value() + ": " + row.reason() + " (from this build's Approve link)"));
        }
        ApprovalLink.refresh(run, record, operation == Operation.DEPLOY && kind == DeployKind.DESTROY, shown, log);
    }
}
