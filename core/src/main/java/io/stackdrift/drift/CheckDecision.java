package io.stackdrift.drift;

import java.util.Objects;

import io.stackdrift.model.StackId;

/**
 * What a drift check run does with one stack.
 *
 * @param stack  the stack
 * @param action check it, preview it instead, or skip it
 * @param reason one line why (shown for skipped stacks)
 */
public record CheckDecision(StackId stack, Action action, String reason) {
    public enum Action {
        /** A read-only drift check ({@code plan -refresh-only}, {@code refresh --preview-only}). */
        CHECK,
        /** A full preview: the stack's own files changed, and a preview already includes drift. */
        PREVIEW,
        SKIP
    }

    public CheckDecision {
        Objects.requireNonNull(stack, "stack");
        Objects.requireNonNull(action, "action");
        reason = Objects.requireNonNullElse(reason, "");
    }
}
