package io.jenkins.plugins.stackdrift.agent;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.jenkins.plugins.stackdrift.credentials.StackCredentials;

import io.stackdrift.record.RunRecord;

/** Runs engine calls where the workspace is, and brings back their outcome and record. */
public interface EngineGateway {
    /** Check mode or the selection lookup: files only, no history, no tool. */
    AgentOutcome read(Operation operation, EngineRequest request) throws IOException, InterruptedException;

    /**
     * A preview, check or deploy.
     *
     * @param history      the job history's directory on the controller
     * @param historyFiles the files of it the engine reads (relative), copied to the agent first
     * @param lockedStacks  the stacks the controller locked for this step
     * @param heldElsewhere selected stacks another step holds: the engine leaves them alone in this run
     */
    AgentOutcome run(Operation operation, EngineRequest request, StackCredentials credentials, Path history,
            List<String> historyFiles, Set<String> lockedStacks, Set<String> heldElsewhere)
            throws IOException, InterruptedException;

    /**
     * As {@link #run}, for a step of a build split into shards ({@code route}): a check or deploy of one shard, whose
     * engine reaches the build's board through the route; or {@link Operation#SHARDS}, the split itself.
     */
    AgentOutcome run(Operation operation, EngineRequest request, StackCredentials credentials, Path history,
            List<String> historyFiles, Set<String> lockedStacks, Set<String> heldElsewhere, ShardRoute route)
            throws IOException, InterruptedException;

    /**
     * After a restart of the controller: follows the engine {@code attachment} names to its end (only a gateway whose
     * runs are durable can).
     *
     * @param buildEnvironment the build's environment from the resumed step's context (tools start with it)
     * @param route            the step's shard on the build's restored board; {@link ShardRoute#none()} for a step of its own
     */
    default AgentOutcome resume(final EngineAttachment attachment, final Map<String, String> buildEnvironment,
            final ShardRoute route) throws IOException, InterruptedException {
        throw new IOException("Stack Drift: this step cannot follow its engine after a restart");
    }

    /**
     * Whether this gateway's previews, checks and deploys run durably: a restart of the controller then resumes their
     * engine, or runs the step again when it had not started one.
     */
    default boolean durable() {
        return false;
    }

    /** The record the last run left, stored into the build directory; empty when none was written. */
    Optional<RunRecord> storeRecord(File buildDir) throws IOException, InterruptedException;

    /**
     * After an interrupted {@link #run}: waits up to {@code millis} for the agent call to end (it may still be
     * stopping its tools), so its temporary directory and the stack locks are not let go under it. Never throws.
     */
    default void awaitStopped(final long millis) {
    }
}
