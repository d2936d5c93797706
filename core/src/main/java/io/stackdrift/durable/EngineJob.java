package io.stackdrift.durable;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
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
 */
public record EngineJob(RunOperation operation, Path workspace, StepRequest request, Set<String> lockedStacks,
        Set<String> heldElsewhere, Duration grace, Duration hostClock) {
    /** A job whose agent's clock is taken to be the host's. */
    public EngineJob(final RunOperation operation, final Path workspace, final StepRequest request,
            final Set<String> lockedStacks, final Set<String> heldElsewhere, final Duration grace) {
        this(operation, workspace, request, lockedStacks, heldElsewhere, grace, Duration.ZERO);
    }

    public EngineJob {
        Objects.requireNonNull(hostClock, "hostClock");
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
        return new EngineJob(operation, workspace, request, stacks, heldElsewhere, grace, hostClock);
    }

    public EngineJob withHeldElsewhere(final Set<String> stacks) {
        return new EngineJob(operation, workspace, request, lockedStacks, stacks, grace, hostClock);
    }

    public EngineJob withGrace(final Duration value) {
        return new EngineJob(operation, workspace, request, lockedStacks, heldElsewhere, value, hostClock);
    }

    /** The clock the run's times come from: the agent's, moved to the host's. */
    public Clock clock() {
        return Clock.offset(Clock.systemUTC(), hostClock);
    }
}
