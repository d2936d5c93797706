package io.stackdrift.durable;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.stackdrift.runner.ToolWrapper;

/**
 * Everything an engine process is given in {@code request.json}: the run, where it runs, and what the host decided
 * for it (which stack locks it holds, which stacks another run holds, how long a stopped tool gets).
 *
 * @param operation     preview, check or deploy
 * @param workspace     the workspace on the agent (absolute)
 * @param request       the step's request
 * @param lockedStacks  the stacks the host locked for this step: the only ones the engine may apply
 * @param heldElsewhere selected stacks another run of the job holds; a check leaves them alone
 * @param grace         how long a stopped tool gets between its interrupt and its kill (the wrapper's)
 * @param hostClock     the host's clock minus the agent's, when the step started: the run's times are the host's
 *                      (an agent's wall clock may be off; the history lives with the host)
 * @param shard         the shard of its build the run is, which talks to the other shards through the step directory's
 *                      board files ({@link BoardFiles}); empty for a step of its own
 */
public record EngineJob(RunOperation operation, Path workspace, StepRequest request, Set<String> lockedStacks,
        Set<String> heldElsewhere, Duration grace, Duration hostClock, Optional<ShardJob> shard) {
    /** A job of no shard. */
    public EngineJob(final RunOperation operation, final Path workspace, final StepRequest request,
            final Set<String> lockedStacks, final Set<String> heldElsewhere, final Duration grace, final Duration hostClock) {
        this(operation, workspace, request, lockedStacks, heldElsewhere, grace, hostClock, Optional.empty());
    }

    /** A job whose agent's clock is taken to be the host's. */
    public EngineJob(final RunOperation operation, final Path workspace, final StepRequest request,
            final Set<String> lockedStacks, final Set<String> heldElsewhere, final Duration grace) {
        this(operation, workspace, request, lockedStacks, heldElsewhere, grace, Duration.ZERO);
    }

    public EngineJob {
        Objects.requireNonNull(hostClock, "hostClock");
        Objects.requireNonNull(shard, "shard");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(workspace, "workspace");
        Objects.requireNonNull(request, "request");
        lockedStacks = Set.copyOf(lockedStacks);
        heldElsewhere = Set.copyOf(heldElsewhere);
        Objects.requireNonNull(grace, "grace");
        if (grace.isNegative()) {
            throw new IllegalArgumentException("the grace period cannot be negative: " + grace);
        }
    }

    /** A job holding no lock, with nothing held elsewhere and the wrapper's default grace. */
    public static EngineJob of(final RunOperation operation, final Path workspace, final StepRequest request) {
        return new EngineJob(operation, workspace, request, Set.of(), Set.of(), ToolWrapper.DEFAULT_GRACE);
    }

    public EngineJob withLockedStacks(final Set<String> stacks) {
        return new EngineJob(operation, workspace, request, stacks, heldElsewhere, grace, hostClock, shard);
    }

    public EngineJob withHeldElsewhere(final Set<String> stacks) {
        return new EngineJob(operation, workspace, request, lockedStacks, stacks, grace, hostClock, shard);
    }

    public EngineJob withGrace(final Duration value) {
        return new EngineJob(operation, workspace, request, lockedStacks, heldElsewhere, value, hostClock, shard);
    }

    /** The same job as shard {@code value} of its build. */
    public EngineJob withShard(final ShardJob value) {
        return new EngineJob(operation, workspace, request, lockedStacks, heldElsewhere, grace, hostClock, Optional.of(value));
    }

    /** The clock the run's times come from: the agent's, moved to the host's. */
    public Clock clock() {
        return Clock.offset(Clock.systemUTC(), hostClock);
    }
}
