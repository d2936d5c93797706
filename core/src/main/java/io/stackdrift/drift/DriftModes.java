package io.stackdrift.drift;

import io.stackdrift.config.DriftMode;
import io.stackdrift.drift.ModeOutcome.BuildMark;
import io.stackdrift.drift.ModeOutcome.Consequence;
import io.stackdrift.model.RowState;

/**
 * Spec §5 as one pure function: (drift mode, row state after the check) → what happens next.
 *
 * <p>One choice beyond the spec's table: in mode {@code correct}, a row that is {@code pending+drifted}
 * is not deployed by the drift check. Its plan also carries code changes nobody reviewed as a deploy;
 * a drift correction must not ship them. It is recorded (and marks the build as drift) with a reason
 * that says the next deploy puts the drift back. Mode {@code approve} does put such a row before a
 * person, who sees both the changes and the drift.
 */
public final class DriftModes {
    private DriftModes() {
    }

    public static ModeOutcome outcome(final DriftMode mode, final RowState state) {
        if (mode == DriftMode.OFF) {
            return new ModeOutcome(Consequence.NOT_CHECKED, BuildMark.NONE, "drift mode off: never checked");
        }
        return switch (state) {
            case IN_SYNC, PENDING, SKIPPED -> new ModeOutcome(Consequence.RECORD_ONLY, BuildMark.NONE, "");
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
