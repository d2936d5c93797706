/**
 * Shards of one run that wait for each other: {@link io.stackdrift.shard.ShardPlanner} splits the selected stacks of a
 * graph into shards, {@link io.stackdrift.shard.ShardBoard} holds what each shard's stacks did and answers whether a
 * stack whose dependency another shard deploys goes on, waits or is skipped. Pure: no thread, file or clock; the
 * engine and the hosts move the board between processes.
 */
package io.stackdrift.shard;
