package io.stackdrift.shard.planted;

/** A planted instance for {@code ShardRuleTest}: a planner that lets the time of day decide. */
public final class ReadsTheClock {
    public int shardOf(final int shards) {
        return (int) (System.currentTimeMillis() % shards);
    }
}
