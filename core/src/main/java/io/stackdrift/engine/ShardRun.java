package io.stackdrift.engine;

import java.util.Objects;

import io.stackdrift.spi.ShardExchange;

/**
 * One shard of a run split over several processes or agents (docs/concepts.md, "Shards"): which shard this is, of
 * how many, and how the shards of the run tell each other what their stacks did.
 *
 * @param number   1 to {@code count}
 * @param count    how many shards the run has
 * @param exchange where the run's shards post and read their stacks' outcomes
 */
public record ShardRun(int number, int count, ShardExchange exchange) {
    public ShardRun {
        requireShard(number, count);
        Objects.requireNonNull(exchange, "exchange");
    }

    /** Refuses a shard number that is not from 1 to {@code count}, and a count below 1. */
    public static void requireShard(final int number, final int count) {
        if (count < 1 || number < 1 || number > count) {
            throw new IllegalArgumentException("shard " + number + " of " + count + ": a shard is a number from 1 to the count");
        }
    }

    /** "shard 2 of 4". */
    public String words() {
        return "shard " + number + " of " + count;
    }
}
