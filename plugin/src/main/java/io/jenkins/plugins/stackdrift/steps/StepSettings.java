package io.jenkins.plugins.stackdrift.steps;

import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import edu.umd.cs.findbugs.annotations.CheckForNull;

/**
 * The parameters one step was called with; null means "not given: use the global default". The id and the locking
 * parameters come through withers (the copies share nothing mutable), so the long constructors stay as they were.
 */
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
    /** The step's id, resolved (its word when the step names none); empty only in settings made without a step. */
    private String id = "";
    @CheckForNull private String lockScope;
    /** Zero: wait for the stack locks without a time limit. */
    private long lockTimeoutSeconds;
    /** The credentials ids the step may bind; empty: any (within the global list). */
    private ArrayList<String> allowedCredentials = new ArrayList<>();

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

    /** A copy with the step's id (its action, URL and details file are per id). */
    public StepSettings withId(final String stepId) {
        StepSettings copy = copy();
        copy.id = stepId;
        return copy;
    }

    /**
     * A copy with the step's lock scope (null: the default, see {@code LockScope}) and how long a deploy waits for
     * the stacks' locks (zero: no limit).
     */
    public StepSettings withLocking(@CheckForNull final String scope, final Duration timeout) {
        StepSettings copy = copy();
        copy.lockScope = scope;
        copy.lockTimeoutSeconds = timeout.toSeconds();
        return copy;
    }

    /** A copy with the credentials ids the step may bind (empty: no restriction of the step's own). */
    public StepSettings withAllowedCredentials(final List<String> ids) {
        StepSettings copy = copy();
        copy.allowedCredentials = new ArrayList<>(ids);
        return copy;
    }

    public List<String> allowedCredentials() {
        return allowedCredentials == null ? List.of() : List.copyOf(allowedCredentials);
    }

    private StepSettings copy() {
        StepSettings copy = new StepSettings(config, stacks, parallelism, driftResult, failedResult, rehearsal, approved, destroy,
                repairedResult);
        copy.id = id;
        copy.lockScope = lockScope;
        copy.lockTimeoutSeconds = lockTimeoutSeconds;
        copy.allowedCredentials = new ArrayList<>(allowedCredentials());
        return copy;
    }

    public String id() {
        return id;
    }

    @CheckForNull
    public String lockScope() {
        return lockScope;
    }

    public Duration lockTimeout() {
        return Duration.ofSeconds(lockTimeoutSeconds);
    }

    /** deployStacks: destroy in reverse dependency order. */
    public boolean destroy() {
        return destroy;
    }
}
