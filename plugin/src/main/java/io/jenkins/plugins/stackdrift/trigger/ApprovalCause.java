package io.jenkins.plugins.stackdrift.trigger;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

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
    /**
     * Stack → digest of the plan the approver saw (the commit and the changes, never a value); null in causes saved
     * before plans were recorded, whose builds apply what they plan.
     */
    private LinkedHashMap<String, String> plans;

    public ApprovalCause(final int sourceBuild, final List<String> stacks, final boolean destroy) {
        this(sourceBuild, stacks, destroy, Map.of());
    }

    /** @param plans stack → the digest of the plan the approver saw in the source build */
    public ApprovalCause(final int sourceBuild, final List<String> stacks, final boolean destroy, final Map<String, String> plans) {
        this.sourceBuild = sourceBuild;
        this.stacks = new ArrayList<>(stacks);
        this.stackCount = stacks.size();
        this.destroy = destroy;
        this.plans = new LinkedHashMap<>(new TreeMap<>(plans));
    }

    Object readResolve() {
        if (stacks == null) {
            stacks = new ArrayList<>();
        }
        if (plans == null) {
            plans = new LinkedHashMap<>();
        }
        return this;
    }

    /** Stack → the digest of the plan that was approved; the approval build applies a stack only with that plan. */
    public Map<String, String> getPlans() {
        return plans == null ? Map.of() : Collections.unmodifiableMap(plans);
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
                && other.getStacks().equals(getStacks()) && other.destroy == destroy && other.getPlans().equals(getPlans());
    }

    @Override
    public int hashCode() {
        return Objects.hash(sourceBuild, stackCount, getStacks(), destroy, getPlans());
    }
}
