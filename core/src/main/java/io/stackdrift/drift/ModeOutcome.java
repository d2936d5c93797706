package io.stackdrift.drift;

import java.util.Objects;

/**
 * What a stack's drift mode makes of the row a check produced.
 *
 * @param consequence what happens to the stack next
 * @param buildMark   what the row contributes to the build result (docs/concepts.md, "What is recorded")
 * @param reason      one line for the log and the row when the consequence needs explaining; may be empty
 */
public record ModeOutcome(Consequence consequence, BuildMark buildMark, String reason) {
    /** What happens to the stack after its check. */
    public enum Consequence {
        /** Mode correct found drift: deploy the stack from a plan this run makes (never an older one). */
        DEPLOY,
        /** Mode approve found drift: the row becomes {@code awaiting approval}; a person decides. */
        AWAIT_APPROVAL,
        /** Record the row as it is; nothing is deployed. */
        RECORD_ONLY,
        /** Mode off: the stack should not have been checked at all; nothing is recorded for it. */
        NOT_CHECKED
    }

    /** A row's effect on the build result; the step maps DRIFT and FAILURE onto configured results. */
    public enum BuildMark {
        NONE,
        DRIFT,
        FAILURE
    }

    public ModeOutcome {
        Objects.requireNonNull(consequence, "consequence");
        Objects.requireNonNull(buildMark, "buildMark");
        reason = Objects.requireNonNullElse(reason, "");
    }
}
