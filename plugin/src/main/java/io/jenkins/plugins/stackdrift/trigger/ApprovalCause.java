package io.jenkins.plugins.stackdrift.trigger;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import hudson.model.Cause;
import org.kohsuke.stapler.export.Exported;

/**
 * The cause of a build started by approving the stacks that awaited approval in {@link #getSourceBuild()}:
 * {@code deployStacks} in that build deploys exactly {@link #getStacks()} (docs/concepts.md, "Drift modes", approve mode), and a destroy
 * only when the approval was for a destroy. The ids are fixed when the approval is made: the source build's
 * page may change later (a later step replaces it). Who approved is recorded by the {@link Cause.UserIdCause}
 * scheduled beside it.
 */
public final class ApprovalCause extends Cause {
    private final int sourceBuild;
    private final int stackCount;
    /** Null in causes saved before the ids were recorded: such a build approves nothing. */
    private ArrayList<String> stacks;
    private boolean destroy;

    public ApprovalCause(final int sourceBuild, final List<String> stacks, final boolean destroy) {
        this.sourceBuild = sourceBuild;
        this.stacks = new ArrayList<>(stacks);
        this.stackCount = stacks.size();
        this.destroy = destroy;
    }

    Object readResolve() {
        if (stacks == null) {
            stacks = new ArrayList<>();
        }
        return this;
    }

    @Exported(visibility = 3)
    public int getSourceBuild() {
        return sourceBuild;
    }

    @Exported(visibility = 3)
    public int getStackCount() {
        return stackCount;
    }

    /** The ids of the stacks that were approved. */
    @Exported(visibility = 3)
    public List<String> getStacks() {
        return stacks == null ? List.of() : Collections.unmodifiableList(stacks);
    }

    /** Whether what was approved is a destroy of those stacks. */
    @Exported(visibility = 3)
    public boolean isDestroy() {
        return destroy;
    }

    @Override
    public String getShortDescription() {
        return destroy ? Messages.ApprovalCause_destroyDescription(stackCount, sourceBuild)
                : Messages.ApprovalCause_shortDescription(stackCount, sourceBuild);
    }

    @Override
    public boolean equals(final Object o) {
        return o instanceof ApprovalCause other && other.sourceBuild == sourceBuild && other.stackCount == stackCount
                && other.getStacks().equals(getStacks()) && other.destroy == destroy;
    }

    @Override
    public int hashCode() {
        return Objects.hash(sourceBuild, stackCount, getStacks(), destroy);
    }
}
