package io.jenkins.plugins.stackdrift.agent;

import java.io.Serializable;
import java.util.Collections;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import edu.umd.cs.findbugs.annotations.CheckForNull;

import io.stackdrift.model.DeployMode;

/**
 * What a step keeps of its engine process across a controller restart (with the step, in {@code program.dat}): the
 * step directory on the agent, how much of its log the console has, what the step runs, which stacks it marked as
 * deploying and the policy checks its launch policy admits (decided on the controller, never read back from the
 * agent). A plain class, not a record: running steps are serialized by Pipeline's own marshaller.
 */
public final class EngineAttachment implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String stepDir;
    private final long consoleOffset;
    private final Operation operation;
    private final TreeSet<String> deploying;
    /** The shard of its build the step runs; 0 for a step of its own (and in attachments saved before shards were durable). */
    private final int shard;
    /** Null in an attachment saved by a release before policy checks were admitted. */
    @CheckForNull private final PolicyChecks policyChecks;

    public EngineAttachment(final String stepDir, final long consoleOffset, final Operation operation,
            final Set<String> deploying) {
        this(stepDir, consoleOffset, operation, deploying, 0, PolicyChecks.none());
    }

    private EngineAttachment(final String stepDir, final long consoleOffset, final Operation operation,
            final Set<String> deploying, final int shard, final PolicyChecks policyChecks) {
        this.shard = shard;
        this.stepDir = Objects.requireNonNull(stepDir, "stepDir");
        this.consoleOffset = consoleOffset;
        this.operation = Objects.requireNonNull(operation, "operation");
        this.deploying = new TreeSet<>(deploying);
        this.policyChecks = Objects.requireNonNull(policyChecks, "policyChecks");
    }

    /** The step directory on the agent (absolute). */
    public String stepDir() {
        return stepDir;
    }

    /** The bytes of the engine's log already copied to the build's console. */
    public long consoleOffset() {
        return consoleOffset;
    }

    public Operation operation() {
        return operation;
    }

    /** The stacks this step marked as deploying in the job's history: a restart finishes or interrupts them. */
    public Set<String> deploying() {
        return Collections.unmodifiableSet(deploying);
    }

    /**
     * The stacks a step marks as deploying before its engine runs: those it locked for a deploy that applies (a
     * rehearsal applies nothing, so a restart must not report a deploy that never was).
     */
    public static Set<String> deploying(final Operation operation, final DeployMode mode, final Set<String> locked) {
        return operation == Operation.DEPLOY && mode != DeployMode.REHEARSAL ? Set.copyOf(locked) : Set.of();
    }

    /** The shard of its build the step runs; 0 for a step of its own. */
    public int shard() {
        return shard;
    }

    /** The policy checks the step's launch policy admits. */
    public PolicyChecks policyChecks() {
        return policyChecks == null ? PolicyChecks.none() : policyChecks;
    }

    EngineAttachment withConsoleOffset(final long offset) {
        return new EngineAttachment(stepDir, offset, operation, deploying, shard, policyChecks());
    }

    /** The same step marked deploying {@code stacks}. */
    public EngineAttachment withDeploying(final Set<String> stacks) {
        return new EngineAttachment(stepDir, consoleOffset, operation, stacks, shard, policyChecks());
    }

    /** The same step as shard {@code number} of its build. */
    EngineAttachment withShard(final int number) {
        return new EngineAttachment(stepDir, consoleOffset, operation, deploying, number, policyChecks());
    }

    /** The same step, its launch policy admitting {@code checks}. */
    public EngineAttachment withPolicyChecks(final PolicyChecks checks) {
        return new EngineAttachment(stepDir, consoleOffset, operation, deploying, shard, checks);
    }

    @Override
    public String toString() {
        return "EngineAttachment[" + operation + (shard == 0 ? "" : " of shard " + shard) + " in " + stepDir + " at "
                + consoleOffset + "]";
    }
}
