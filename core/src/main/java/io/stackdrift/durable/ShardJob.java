package io.stackdrift.durable;

import java.time.Duration;
import java.util.Objects;

import io.stackdrift.engine.ShardRun;

/**
 * The shard of its build an engine process runs ({@code deployStacks(shard: i, of: n)}, {@code checkDrift} likewise):
 * its number and the count, and how long one of its stacks waits for a stack of another shard.
 *
 * @param number      the shard's number, from 1
 * @param count       how many shards the build has
 * @param waitLimit   how long a stack waits for another shard's stack
 * @param waitSetting what set {@code waitLimit} ({@code lockTimeout}, {@code shardTimeout}), as a stack that gave up names it
 */
public record ShardJob(int number, int count, Duration waitLimit, String waitSetting) {
    public ShardJob {
        ShardRun.requireShard(number, count);
        Objects.requireNonNull(waitLimit, "waitLimit");
        if (waitLimit.isNegative() || waitLimit.isZero()) {
            throw new IllegalArgumentException("a shard's wait is positive: " + waitLimit);
        }
        Objects.requireNonNull(waitSetting, "waitSetting");
    }
}
