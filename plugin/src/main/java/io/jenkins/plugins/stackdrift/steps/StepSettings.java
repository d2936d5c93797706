package io.jenkins.plugins.stackdrift.steps;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import edu.umd.cs.findbugs.annotations.CheckForNull;

/** The parameters one step was called with; null means "not given: use the global default". */
public final class StepSettings implements Serializable {
    private static final long serialVersionUID = 1L;

    static final String DEFAULT_CONFIG = "stacks.yaml";

    private final String config;
    private final ArrayList<String> stacks;
    @CheckForNull private final Integer parallelism;
    @CheckForNull private final String driftResult;
    @CheckForNull private final String failedResult;
    private final boolean rehearsal;
    private final boolean approved;
    private final boolean destroy;
    @CheckForNull private final String repairedResult;

    public StepSettings(@CheckForNull final String config, final List<String> stacks, @CheckForNull final Integer parallelism,
            @CheckForNull final String driftResult, @CheckForNull final String failedResult, final boolean rehearsal,
            final boolean approved) {
        this(config, stacks, parallelism, driftResult, failedResult, rehearsal, approved, false);
    }

    public StepSettings(@CheckForNull final String config, final List<String> stacks, @CheckForNull final Integer parallelism,
            @CheckForNull final String driftResult, @CheckForNull final String failedResult, final boolean rehearsal,
            final boolean approved, final boolean destroy) {
        this(config, stacks, parallelism, driftResult, failedResult, rehearsal, approved, destroy, null);
    }

    public StepSettings(@CheckForNull final String config, final List<String> stacks, @CheckForNull final Integer parallelism,
            @CheckForNull final String driftResult, @CheckForNull final String failedResult, final boolean rehearsal,
            final boolean approved, final boolean destroy, @CheckForNull final String repairedResult) {
        this.repairedResult = repairedResult;
        this.config = config == null || config.isBlank() ? DEFAULT_CONFIG : config.trim();
        this.stacks = new ArrayList<>(stacks);
        this.parallelism = parallelism;
        this.driftResult = driftResult;
        this.failedResult = failedResult;
        this.rehearsal = rehearsal;
        this.approved = approved;
        this.destroy = destroy;
    }

    public String config() {
        return config;
    }

    public List<String> stacks() {
        return List.copyOf(stacks);
    }

    public int parallelismOr(final int fallback) {
        return parallelism == null ? fallback : parallelism;
    }

    public String driftResultOr(final String fallback) {
        return driftResult == null ? fallback : driftResult;
    }

    /** The build result when the run put drift back (mode correct); SUCCESS when the step does not say. */
    public String repairedResultOr(final String fallback) {
        return repairedResult == null ? fallback : repairedResult;
    }

    public String failedResultOr(final String fallback) {
        return failedResult == null ? fallback : failedResult;
    }

    public boolean rehearsal() {
        return rehearsal;
    }

    public boolean approved() {
        return approved;
    }

    /** deployStacks: destroy in reverse dependency order. */
    public boolean destroy() {
        return destroy;
    }
}
