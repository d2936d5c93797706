package io.stackdrift.tool;

import java.util.Objects;

/**
 * How an apply ended.
 *
 * @param succeeded the tool applied the plan
 * @param reason    one line when it failed (a stale plan's tool error is surfaced as is); empty otherwise
 */
public record ApplyResult(boolean succeeded, String reason) {
    public ApplyResult {
        reason = Objects.requireNonNullElse(reason, "");
    }

    public static ApplyResult success() {
        return new ApplyResult(true, "");
    }

    public static ApplyResult failure(final String reason) {
        return new ApplyResult(false, reason);
    }
}
