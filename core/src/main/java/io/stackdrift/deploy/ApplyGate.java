package io.stackdrift.deploy;

import io.stackdrift.config.DriftMode;
import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployMode;

/**
 * The ladder a deploy and a destroy share once the stack's fresh plan is made: nothing to do, rehearsal, awaiting
 * approval, or apply. A pure decision; {@link StackDeployment} carries it out with the words of its operation.
 */
public final class ApplyGate {
    /** What happens to the plan. */
    public enum Step {
        /** The plan changes nothing: recorded as such (and the digest kept as deployed). */
        NOTHING_TO_DO,
        /** A rehearsal whose plan changes nothing: recorded, no digest. */
        NOTHING_TO_REHEARSE,
        /** A rehearsal: planned, nothing applied. */
        REHEARSE,
        /** The stack is in mode approve and the run is not approved. */
        AWAIT_APPROVAL,
        APPLY
    }

    /**
     * @param wouldAwaitApproval for a rehearsal: a real run would wait for approval here (its dependents are planned
     *                           all the same)
     */
    public record Decision(Step step, boolean wouldAwaitApproval) {
    }

    private ApplyGate() {
    }

    /**
     * @param hasWork whether the plan changes anything (a deploy: changes or drift; a destroy: resources to delete)
     * @param mode    {@link DeployMode#CORRECTION} gates as {@link DeployMode#APPLY}: its "only the revert" rule runs before
     */
    public static Decision decide(final boolean hasWork, final DeployMode mode, final Approval approval, final DriftMode driftMode) {
        boolean rehearsal = mode == DeployMode.REHEARSAL;
        if (!hasWork) {
            return new Decision(rehearsal ? Step.NOTHING_TO_REHEARSE : Step.NOTHING_TO_DO, false);
        }
        boolean awaitsApproval = driftMode == DriftMode.APPROVE && approval == Approval.NOT_GIVEN;
        if (rehearsal) {
            return new Decision(Step.REHEARSE, awaitsApproval);
        }
        return new Decision(awaitsApproval ? Step.AWAIT_APPROVAL : Step.APPLY, false);
    }
}
