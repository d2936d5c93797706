package io.jenkins.plugins.stackdrift;

import hudson.model.Cause;

/**
 * The cause of a build started by approving the stacks that awaited approval in {@link #getSourceBuild()}:
 * {@code deployStacks} in that build deploys them (spec §5, approve mode). Who approved is recorded by the
 * {@link Cause.UserIdCause} scheduled beside it.
 */
public final class ApprovalCause extends Cause {
    private final int sourceBuild;
    private final int stackCount;

    public ApprovalCause(final int sourceBuild, final int stackCount) {
        this.sourceBuild = sourceBuild;
        this.stackCount = stackCount;
    }

    public int getSourceBuild() {
        return sourceBuild;
    }

    public int getStackCount() {
        return stackCount;
    }

    @Override
    public String getShortDescription() {
        return Messages.ApprovalCause_shortDescription(stackCount, sourceBuild);
    }

    @Override
    public boolean equals(final Object o) {
        return o instanceof ApprovalCause && ((ApprovalCause) o).sourceBuild == sourceBuild
                && ((ApprovalCause) o).stackCount == stackCount;
    }

    @Override
    public int hashCode() {
        return 31 * sourceBuild + stackCount;
    }
}
