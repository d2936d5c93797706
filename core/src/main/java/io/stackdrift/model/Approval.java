package io.stackdrift.model;

/** Whether a person approved the run, so that stacks in drift mode {@code approve} are applied. */
public enum Approval {
    GIVEN,
    NOT_GIVEN;

    public static Approval of(final boolean approved) {
        return approved ? GIVEN : NOT_GIVEN;
    }
}
