package io.stackdrift.model;

/** What started a run; decides which stacks a drift check looks at (docs/engine.md, "check"). */
public enum StartedBy {
    /** The drift schedule: stacks due by their own {@code every}. */
    SCHEDULE,
    /** A person: every enabled stack that is due. */
    MANUAL,
    /** A push: only stacks whose last row showed drift; stacks whose files changed get a preview instead. */
    PUSH
}
