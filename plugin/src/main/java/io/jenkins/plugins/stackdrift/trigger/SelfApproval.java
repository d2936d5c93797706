package io.jenkins.plugins.stackdrift.trigger;

/** Whether the user who started the build or pushed its change may approve what it awaits. */
public enum SelfApproval {
    /** Anyone the approvers setting admits. */
    ALLOWED,
    /** Not the user who started the build (a {@code UserIdCause}) nor an author of its changes. */
    REFUSED
}
