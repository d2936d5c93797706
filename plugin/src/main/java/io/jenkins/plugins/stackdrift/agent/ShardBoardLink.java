package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The build's board of shards as an agent reaches it: the controller keeps one per build ({@link BuildShards}) and
 * exports it over the workspace's channel ({@code VirtualChannel.export}), as it exports {@link ToolLauncher}. Only JDK
 * types cross: stack ids, outcome names ({@code io.stackdrift.model.ShardOutcome}) and deploy digests, never a reason
 * a tool gave. Every method declares IOException, so a lost channel reaches the caller as one.
 */
public interface ShardBoardLink {
    /** The stacks of shard 1, 2, … as the build's {@code stackShards} fixed them. */
    List<List<String>> partition() throws IOException, InterruptedException;

    /**
     * Shard {@code number} read the configuration with digest {@code configDigest}: the first digest a shard of the build
     * gives stands. Returns it and the number of the shard that gave it, as {@code [digest, number]}.
     */
    List<String> agreeConfig(int number, String configDigest) throws IOException, InterruptedException;

    /** How a stack of the caller's shard ended: once per stack and build. */
    void post(String stack, String outcome, String digest) throws IOException, InterruptedException;

    /** Every post so far, each as {@code [stack, outcome, digest]}, by stack id. */
    List<List<String>> posts() throws IOException, InterruptedException;

    /** The numbers of the shards that ended. */
    List<Integer> ended() throws IOException, InterruptedException;

    /**
     * The shards that will not end on their own, each with the words that say why: a step that was running at a
     * controller restart, a shard that did not start within the shard start limit (its waiters fail, not wait).
     */
    Map<Integer, String> gone() throws IOException, InterruptedException;

    /** Shard {@code number} ended: what it did not post, it will not deploy in this build. */
    void end(int number) throws IOException, InterruptedException;
}
