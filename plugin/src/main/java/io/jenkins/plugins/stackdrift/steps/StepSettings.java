package io.jenkins.plugins.stackdrift.steps;

import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.credentials.UntrustedChanges;

import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.Timing;

/**
 * The parameters one step was called with; null means "not given: use the global default". The constructor takes what
 * every step has; the rest comes through withers (each returns a copy, the copies share nothing mutable). A deploy step
 * says what it does with the core's enums ({@link DeployMode}, {@link Approval}, {@link DeployKind}), never with flags.
 */
public final class StepSettings implements Serializable {
    private static final long serialVersionUID = 5L;

    static final String DEFAULT_CONFIG = "stacks.yaml";
    /** A shard wait the step does not give. */
    static final long NOT_GIVEN = -1;

    private final String config;
    private final ArrayList<String> stacks;
    @CheckForNull private final Integer parallelism;
    @CheckForNull private final String driftResult;
    @CheckForNull private final String failedResult;
    @CheckForNull private final String repairedResult;
    private final DeployMode mode;
    private final Approval approval;
    private final DeployKind kind;
    /** The step's id, resolved (its word when the step names none); empty only in settings made without a step. */
    private final String id;
    @CheckForNull private final String lockScope;
    /** Zero: wait for the stack locks without a time limit. */
    private final long lockTimeoutSeconds;
    /** Zero: the global configuration's, else the engine's defaults (a plan 10 minutes, an apply an hour). */
    private final long toolTimeoutSeconds;
    /** {@code now: true}: checked or deployed whatever the stacks' schedule, backoff, policy and digest. */
    private final Timing timing;
    /** The credentials ids the step may bind, beside what the folders' and the global lists name. */
    private final ArrayList<String> allowedCredentials;
    /** What the step binds for a change its SCM source does not trust; null in settings kept from before: nothing. */
    private final UntrustedChanges untrustedChanges;
    /** {@code shard: i, of: n}: the shard this step runs of its build's {@code stackShards}; 0 of 0 for a step of its own. */
    private final int shardNumber;
    private final int shardCount;
    /** How long a shard waits for another shard's step to start; {@link #NOT_GIVEN}: the global setting; 0: no limit. */
    private final long shardStartSeconds;
    /** checkDrift's {@code shardTimeout}: how long it waits for a running shard's stack; {@link #NOT_GIVEN}: its default. */
    private final long shardWaitSeconds;
    /** {@code skipPublishingChecks: true}: no check on the change request (settings kept from before: false, published). */
    private final boolean skipPublishingChecks;

    /** Settings of a step that applies, is not approved and deploys (a deploy's withers say otherwise), results by default. */
    public StepSettings(@CheckForNull final String config, final List<String> stacks, @CheckForNull final Integer parallelism) {
        this(config == null || config.isBlank() ? DEFAULT_CONFIG : config.trim(), new ArrayList<>(stacks), parallelism, null, null,
                null, DeployMode.APPLY, Approval.NOT_GIVEN, DeployKind.DEPLOY, "", null, 0, 0, Timing.WHEN_DUE, new ArrayList<>(),
                UntrustedChanges.NO_CREDENTIALS, 0, 0, NOT_GIVEN, NOT_GIVEN, false);
    }

    private StepSettings(final String config, final ArrayList<String> stacks, @CheckForNull final Integer parallelism,
            @CheckForNull final String driftResult, @CheckForNull final String failedResult, @CheckForNull final String repairedResult,
            final DeployMode mode, final Approval approval, final DeployKind kind, final String id, @CheckForNull final String lockScope,
            final long lockTimeoutSeconds, final long toolTimeoutSeconds, final Timing timing,
            final ArrayList<String> allowedCredentials, final UntrustedChanges untrustedChanges, final int shardNumber,
            final int shardCount, final long shardStartSeconds, final long shardWaitSeconds, final boolean skipPublishingChecks) {
        this.config = config;
        this.stacks = stacks;
        this.parallelism = parallelism;
        this.driftResult = driftResult;
        this.failedResult = failedResult;
        this.repairedResult = repairedResult;
        if (mode == DeployMode.CORRECTION) {
            throw new IllegalArgumentException("a step applies or rehearses; correction is a drift check's own mode");
        }
        this.mode = Objects.requireNonNull(mode, "mode");
        this.approval = Objects.requireNonNull(approval, "approval");
        this.kind = Objects.requireNonNull(kind, "kind");
        this.id = id;
        this.lockScope = lockScope;
        this.lockTimeoutSeconds = lockTimeoutSeconds;
        this.toolTimeoutSeconds = toolTimeoutSeconds;
        this.timing = Objects.requireNonNull(timing, "timing");
        this.allowedCredentials = allowedCredentials;
        this.untrustedChanges = Objects.requireNonNull(untrustedChanges, "untrustedChanges");
        if (shardCount < 0 || shardNumber < 0 || shardNumber > shardCount || (shardCount > 0) != (shardNumber > 0)) {
            throw new IllegalArgumentException(Messages.invalidShard(shardNumber, shardCount));
        }
        this.shardNumber = shardNumber;
        this.shardCount = shardCount;
        this.shardStartSeconds = shardStartSeconds;
        this.shardWaitSeconds = shardWaitSeconds;
        this.skipPublishingChecks = skipPublishingChecks;
    }

    /** A copy with the build results the step asks for when it finds drift, fails, or puts drift back (null: the default). */
    public StepSettings withResults(@CheckForNull final String drift, @CheckForNull final String failed,
            @CheckForNull final String repaired) {
        return new StepSettings(config, stacks, parallelism, drift, failed, repaired, mode, approval, kind, id, lockScope,
                lockTimeoutSeconds, toolTimeoutSeconds, timing, allowedCredentials, untrustedChanges, shardNumber, shardCount,
                shardStartSeconds, shardWaitSeconds, skipPublishingChecks);
    }

    /** A copy of a deploy step's: apply or rehearse, approved or not, deploy or destroy. */
    public StepSettings withDeploy(final DeployMode newMode, final Approval newApproval, final DeployKind newKind) {
        return new StepSettings(config, stacks, parallelism, driftResult, failedResult, repairedResult, newMode, newApproval, newKind, id,
                lockScope, lockTimeoutSeconds, toolTimeoutSeconds, timing, allowedCredentials, untrustedChanges, shardNumber, shardCount,
                shardStartSeconds, shardWaitSeconds, skipPublishingChecks);
    }

    /** A copy with the step's id (its action, URL and details file are per id). */
    public StepSettings withId(final String stepId) {
        return new StepSettings(config, stacks, parallelism, driftResult, failedResult, repairedResult, mode, approval, kind, stepId,
                lockScope, lockTimeoutSeconds, toolTimeoutSeconds, timing, allowedCredentials, untrustedChanges, shardNumber, shardCount,
                shardStartSeconds, shardWaitSeconds, skipPublishingChecks);
    }

    /**
     * A copy with the step's lock scope (null: the default, see {@code LockScope}) and how long a deploy waits for
     * the stacks' locks (zero: no limit).
     */
    public StepSettings withLocking(@CheckForNull final String scope, final Duration timeout) {
        return new StepSettings(config, stacks, parallelism, driftResult, failedResult, repairedResult, mode, approval, kind, id, scope,
                timeout.toSeconds(), toolTimeoutSeconds, timing, allowedCredentials, untrustedChanges, shardNumber, shardCount,
                shardStartSeconds, shardWaitSeconds, skipPublishingChecks);
    }

    /** A copy with the step's tool timeout for every step of a stack, its apply included (zero: not given). */
    public StepSettings withToolTimeout(final Duration timeout) {
        return new StepSettings(config, stacks, parallelism, driftResult, failedResult, repairedResult, mode, approval, kind, id,
                lockScope, lockTimeoutSeconds, timeout.toSeconds(), timing, allowedCredentials, untrustedChanges, shardNumber, shardCount,
                shardStartSeconds, shardWaitSeconds, skipPublishingChecks);
    }

    /** A copy whose stacks are taken now ({@code now: true}) or when due. */
    public StepSettings withTiming(final Timing when) {
        return new StepSettings(config, stacks, parallelism, driftResult, failedResult, repairedResult, mode, approval, kind, id,
                lockScope, lockTimeoutSeconds, toolTimeoutSeconds, when, allowedCredentials, untrustedChanges, shardNumber, shardCount,
                shardStartSeconds, shardWaitSeconds, skipPublishingChecks);
    }

    /** {@link Timing#WHEN_DUE} also for settings a build kept from before the parameter existed. */
    public Timing timing() {
        return timing == null ? Timing.WHEN_DUE : timing;
    }

    /** A copy that binds, for a change its source does not trust, what {@code policy} says. */
    public StepSettings withUntrustedChanges(final UntrustedChanges policy) {
        return new StepSettings(config, stacks, parallelism, driftResult, failedResult, repairedResult, mode, approval, kind, id,
                lockScope, lockTimeoutSeconds, toolTimeoutSeconds, timing, allowedCredentials, policy, shardNumber, shardCount,
                shardStartSeconds, shardWaitSeconds, skipPublishingChecks);
    }

    /** What the step binds for a change its source does not trust. */
    public UntrustedChanges untrustedChanges() {
        return untrustedChanges == null ? UntrustedChanges.NO_CREDENTIALS : untrustedChanges;
    }

    /** A copy with the credentials ids the step may bind (beside the folders' and the global lists). */
    public StepSettings withAllowedCredentials(final List<String> ids) {
        return new StepSettings(config, stacks, parallelism, driftResult, failedResult, repairedResult, mode, approval, kind, id,
                lockScope, lockTimeoutSeconds, toolTimeoutSeconds, timing, new ArrayList<>(ids), untrustedChanges, shardNumber, shardCount,
                shardStartSeconds, shardWaitSeconds, skipPublishingChecks);
    }

    /** A copy that runs shard {@code number} of {@code count} of the build's {@code stackShards} (0 of 0: none). */
    public StepSettings withShard(final int number, final int count) {
        return new StepSettings(config, stacks, parallelism, driftResult, failedResult, repairedResult, mode, approval, kind, id,
                lockScope, lockTimeoutSeconds, toolTimeoutSeconds, timing, allowedCredentials, untrustedChanges, number, count,
                shardStartSeconds, shardWaitSeconds, skipPublishingChecks);
    }

    /**
     * A copy with the step's shard waits: for a shard whose step has not started ({@code shardStartTimeout}) and, for
     * {@code checkDrift}, for a running shard's stack ({@code shardTimeout}); null: not given.
     */
    public StepSettings withShardWaits(@CheckForNull final Duration start, @CheckForNull final Duration wait) {
        return new StepSettings(config, stacks, parallelism, driftResult, failedResult, repairedResult, mode, approval, kind, id,
                lockScope, lockTimeoutSeconds, toolTimeoutSeconds, timing, allowedCredentials, untrustedChanges, shardNumber, shardCount,
                start == null ? NOT_GIVEN : start.toSeconds(), wait == null ? NOT_GIVEN : wait.toSeconds(), skipPublishingChecks);
    }

    /** A copy that publishes no check on the change request ({@code skipPublishingChecks}) or does. */
    public StepSettings withSkipPublishingChecks(final boolean skip) {
        return new StepSettings(config, stacks, parallelism, driftResult, failedResult, repairedResult, mode, approval, kind, id,
                lockScope, lockTimeoutSeconds, toolTimeoutSeconds, timing, allowedCredentials, untrustedChanges, shardNumber, shardCount,
                shardStartSeconds, shardWaitSeconds, skip);
    }

    /** Whether this step leaves a check on a change request: a preview or a drift check not told to skip it. */
    public boolean publishesChecks(final Operation operation) {
        return !skipPublishingChecks && (operation == Operation.PREVIEW || operation == Operation.CHECK);
    }

    /** The step's wait for a shard that has not started; empty: the global setting's. */
    public Optional<Duration> shardStartTimeout() {
        return shardStartSeconds < 0 ? Optional.empty() : Optional.of(Duration.ofSeconds(shardStartSeconds));
    }

    /** The step's own wait for a running shard's stack (checkDrift's {@code shardTimeout}); empty: not given. */
    public Optional<Duration> shardTimeout() {
        return shardWaitSeconds < 0 ? Optional.empty() : Optional.of(Duration.ofSeconds(shardWaitSeconds));
    }

    /** The shard this step runs, 1 to {@link #shardCount()}; 0 for a step of its own. */
    public int shardNumber() {
        return shardNumber;
    }

    /** How many shards the build's {@code stackShards} split the stacks into, as the step says ({@code of:}); 0 for none. */
    public int shardCount() {
        return shardCount;
    }

    /** The step's tool timeout, else {@code fallback} (zero: the engine's defaults). */
    public Duration toolTimeoutOr(final Duration fallback) {
        return toolTimeoutSeconds > 0 ? Duration.ofSeconds(toolTimeoutSeconds) : fallback;
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

    public DeployMode mode() {
        return mode;
    }

    public Approval approval() {
        return approval;
    }

    /** deployStacks: deploy in dependency order, or destroy in reverse. */
    public DeployKind kind() {
        return kind;
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

    public List<String> allowedCredentials() {
        return allowedCredentials == null ? List.of() : List.copyOf(allowedCredentials);
    }
}
