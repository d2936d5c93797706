package io.stackdrift.plan;

import java.util.Objects;

/**
 * How a streaming read ended.
 *
 * @param failed      the tool reported failure or the file could not be read as a plan
 * @param reason      one line when failed, empty otherwise
 * @param toolVersion the tool version the file names, empty when none
 * @param format      which format was read ({@code terraform plan}, {@code pulumi events}, ...)
 */
public record ReadOutcome(boolean failed, String reason, String toolVersion, String format) {
    public ReadOutcome {
        reason = Objects.requireNonNullElse(reason, "");
        toolVersion = Objects.requireNonNullElse(toolVersion, "");
        format = Objects.requireNonNullElse(format, "");
    }

    public static ReadOutcome failure(final String reason, final String format) {
        return new ReadOutcome(true, reason, "", format);
    }
}
