package io.stackdrift.plan;

import java.util.Objects;

/**
 * How a streaming read ended.
 *
 * @param failed      the tool reported failure or the file could not be read as a plan
 * @param reason      one line when failed, empty otherwise
 * @param toolVersion the tool version the file names, empty when none
 * @param format      which format was read ({@code terraform plan}, {@code pulumi events}, ...)
 * @param priorState  whether the state the plan started from held anything ({@link PriorState#HELD} when the format
 *                    cannot tell)
 */
public record ReadOutcome(boolean failed, String reason, String toolVersion, String format, PriorState priorState) {
    public ReadOutcome {
        reason = Objects.requireNonNullElse(reason, "");
        toolVersion = Objects.requireNonNullElse(toolVersion, "");
        format = Objects.requireNonNullElse(format, "");
        priorState = Objects.requireNonNullElse(priorState, PriorState.HELD);
    }

    /** An outcome of a format that cannot tell an empty state. */
    public ReadOutcome(final boolean failed, final String reason, final String toolVersion, final String format) {
        this(failed, reason, toolVersion, format, PriorState.HELD);
    }

    public static ReadOutcome failure(final String reason, final String format) {
        return new ReadOutcome(true, reason, "", format);
    }
}
