package io.stackdrift.graph;

import java.util.Objects;

/**
 * How a {@link StackTask} ended for one stack. Only {@link Kind#SUCCEEDED}, {@link Kind#NOTHING_TO_DO} and
 * {@link Kind#SKIPPED} let the stack's dependents start.
 *
 * @param kind   what happened
 * @param reason one line for failed, skipped and awaiting approval (never a value from a plan); empty otherwise
 */
public record TaskOutcome(Kind kind, String reason) {
    public enum Kind {
        /** The work was done. */
        SUCCEEDED,
        /** There was nothing to do (e.g. a preview without changes). */
        NOTHING_TO_DO,
        /** The task decided not to run the stack (e.g. policy {@code once}); dependents go on. */
        SKIPPED,
        /** The stack waits for a person; its dependents cannot go on in this run. */
        AWAITING_APPROVAL,
        /** The stack failed; its dependents are skipped. */
        FAILED
    }

    public TaskOutcome {
        Objects.requireNonNull(kind, "kind");
        reason = reason == null ? "" : reason;
        if (reason.isBlank() && (kind == Kind.FAILED || kind == Kind.SKIPPED || kind == Kind.AWAITING_APPROVAL)) {
            throw new IllegalArgumentException("a " + kind + " outcome needs a reason");
        }
    }

    public static TaskOutcome succeeded() {
        return new TaskOutcome(Kind.SUCCEEDED, "");
    }

    public static TaskOutcome nothingToDo() {
        return new TaskOutcome(Kind.NOTHING_TO_DO, "");
    }

    public static TaskOutcome skipped(final String reason) {
        return new TaskOutcome(Kind.SKIPPED, reason);
    }

    public static TaskOutcome awaitingApproval(final String reason) {
        return new TaskOutcome(Kind.AWAITING_APPROVAL, reason);
    }

    public static TaskOutcome failed(final String reason) {
        return new TaskOutcome(Kind.FAILED, reason);
    }

    /** True when the stack's dependents may start. */
    public boolean letsDependentsGo() {
        return kind == Kind.SUCCEEDED || kind == Kind.NOTHING_TO_DO || kind == Kind.SKIPPED;
    }
}
