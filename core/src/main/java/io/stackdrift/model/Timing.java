package io.stackdrift.model;

/**
 * When a run takes a selected stack: when its own rules say so, or now. A check's rules are the stack's schedule
 * ({@code every}) and the backoff after failures; a deploy's are its policy and digest. {@link #NOW} is the way round
 * them for a person who knows better ({@code --now}, {@code now: true}); every other rule stays (drift mode off, a
 * deploy running, a plan awaiting approval, approval before an apply).
 */
public enum Timing {
    /** The stack's own schedule, backoff, policy and digest decide. */
    WHEN_DUE,
    /** Checked or deployed in this run whatever its schedule, backoff, policy and digest. */
    NOW
}
