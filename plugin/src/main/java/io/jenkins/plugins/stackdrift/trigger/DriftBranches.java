package io.jenkins.plugins.stackdrift.trigger;

/** Which branch jobs of a multibranch project the drift schedule starts; a job outside one is always started. */
public enum DriftBranches {
    /** The branch the repository marks as its default (else the one named main or master): drift is checked once. */
    PRIMARY,
    /** Every branch and pull request job: each checks the same stacks. */
    ALL
}
