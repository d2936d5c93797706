package io.stackdrift.graph;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

import io.stackdrift.model.StackId;

/**
 * How one stack ended.
 *
 * @param id         the stack
 * @param state      its final state
 * @param reason     one line for failed, skipped, interrupted and awaiting approval; empty otherwise
 * @param startIndex 0-based position among the stacks started in this run; -1 when it never started
 * @param endIndex   0-based position among all stacks in the order they ended (skips included)
 * @param elapsed    how long its task ran; zero when it never started
 * @param blockedBy  the stack whose failure (or approval wait, or interruption) kept it from starting; null
 *                   when nothing did
 */
public record StackResult(StackId id, StackState state, String reason, int startIndex, int endIndex,
        Duration elapsed, StackId blockedBy) {
    public StackResult {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(state, "state");
        reason = reason == null ? "" : reason;
        Objects.requireNonNull(elapsed, "elapsed");
    }

    public boolean started() {
        return startIndex >= 0;
    }

    /** The stack that kept this one from starting, if one did. */
    public Optional<StackId> blocker() {
        return Optional.ofNullable(blockedBy);
    }
}
