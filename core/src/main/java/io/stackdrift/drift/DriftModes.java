package io.stackdrift.drift;

import java.util.Optional;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.drift.ModeOutcome.BuildMark;
import io.stackdrift.drift.ModeOutcome.Consequence;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;

/**
 * The drift modes of docs/concepts.md ("Drift modes") as one pure function: (drift mode, row state after the check) → what happens next.
 *
 * <p>One choice beyond that table: in mode {@code correct}, a row that is {@code pending+drifted}
 * is not deployed by the drift check. Its plan also carries code changes nobody reviewed as a deploy;
 * a drift correction must not ship them. It is recorded (and marks the build as drift) with a reason
 * that says the next deploy puts the drift back. Mode {@code approve} does put such a row before a
 * person, who sees both the changes and the drift.
 */
public final class DriftModes {
    /** Why mode correct reports drift on a stack of policy {@code once} instead of repairing it. */
    public static final String ONCE_NOT_CORRECTED =
            "policy once: never deployed again by anything automatic, so mode correct reports the drift; deploy it by hand to put it back";

    private DriftModes() {
    }

    /**
     * The stack's drift mode applied to a check's or a push preview's row. Mode correct deploys only when the row's
     * changes do no more than put its drift back ({@link DriftRevert}): any other change is code nobody reviewed as a
     * deploy, so the row is recorded and says why nothing was corrected. A stack of policy {@code once} is deployed
     * once and never again by anything automatic: mode correct falls back to report on it, and the row says why.
     */
    public static ModeOutcome outcome(final StackConfig stack, final Row row) {
        if (stack.drift().mode() == DriftMode.CORRECT && row.state().hasDrift()) {
            if (stack.policy() == Policy.ONCE) {
                return new ModeOutcome(Consequence.RECORD_ONLY, BuildMark.DRIFT, ONCE_NOT_CORRECTED);
            }
            Optional<String> notCorrected = DriftRevert.whyNotCorrected(row.changes(), row.drift());
            if (notCorrected.isPresent()) {
                return new ModeOutcome(Consequence.RECORD_ONLY, BuildMark.DRIFT, notCorrected.get());
            }
            return outcome(DriftMode.CORRECT, RowState.DRIFTED);
        }
        return outcome(stack.drift().mode(), row.state());
    }

    public static ModeOutcome outcome(final DriftMode mode, final RowState state) {
        if (mode == DriftMode.OFF) {
            return new ModeOutcome(Consequence.NOT_CHECKED, BuildMark.NONE, "drift mode off: never checked");
        }
        return switch (state) {
            case IN_SYNC, PENDING, SKIPPED, REPAIRED, NOT_DEPLOYED, DESTROYED ->
                    new ModeOutcome(Consequence.RECORD_ONLY, BuildMark.NONE, "");
            case FAILED -> new ModeOutcome(Consequence.RECORD_ONLY, BuildMark.FAILURE, "");
            case AWAITING_APPROVAL -> new ModeOutcome(Consequence.AWAIT_APPROVAL, BuildMark.DRIFT, "a plan awaits approval");
            case DRIFTED -> switch (mode) {
                case CORRECT -> new ModeOutcome(Consequence.DEPLOY, BuildMark.DRIFT,
                        "mode correct: deploying to put back what changed outside the code");
                case APPROVE -> new ModeOutcome(Consequence.AWAIT_APPROVAL, BuildMark.DRIFT,
                        "mode approve: a person approves the deploy that puts the drift back");
                default -> new ModeOutcome(Consequence.RECORD_ONLY, BuildMark.DRIFT, "");
            };
            case PENDING_DRIFTED -> switch (mode) {
                case CORRECT -> new ModeOutcome(Consequence.RECORD_ONLY, BuildMark.DRIFT,
                        "pending code changes: not corrected automatically; the next deploy puts the drift back");
                case APPROVE -> new ModeOutcome(Consequence.AWAIT_APPROVAL, BuildMark.DRIFT,
                        "mode approve: a person approves the deploy of the changes and the drift");
                default -> new ModeOutcome(Consequence.RECORD_ONLY, BuildMark.DRIFT, "");
            };
        };
    }
}
