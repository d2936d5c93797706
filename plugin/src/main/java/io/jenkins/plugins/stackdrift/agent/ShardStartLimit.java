package io.jenkins.plugins.stackdrift.agent;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * How long a shard waits for another shard's step to start ({@code shardStartTimeout}), and what it says when that
 * passes. A shard step waits on an executor: a shard that has not started may be queued behind it for that very
 * executor, so this wait has a limit of its own, shorter than the wait for a running shard, and its words name the
 * executor shortage. Kept on the controller (never serialized: the shard's view of the board holds it).
 *
 * @param limit    zero: no limit of its own
 * @param words    the limit as the setting is written ({@code 10m})
 * @param shortage what the controller knows of the executors the build waits for, asked only when the limit passed
 */
public record ShardStartLimit(Duration limit, String words, Supplier<String> shortage) {
    public ShardStartLimit {
        Objects.requireNonNull(limit, "limit");
        Objects.requireNonNull(words, "words");
        Objects.requireNonNull(shortage, "shortage");
    }

    /** No limit of its own: a shard waits for an unstarted one as for a running one. */
    public static ShardStartLimit none() {
        return new ShardStartLimit(Duration.ZERO, "", () -> "");
    }
}
