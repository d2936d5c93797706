package io.stackdrift.model;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * How a deploy of the selection would be split into shards (docs/concepts.md, "Shards").
 *
 * @param shards         the stacks of shard 1, 2, …, each sorted
 * @param waits          every dependency whose two stacks are in different shards
 * @param expectedMillis the planner's estimate of the coordinated run in milliseconds, from the last deploys'
 *                       durations; empty without any recorded duration
 * @param expectedStacks without recorded durations, how many stack deploys the longest stretch of the run takes
 * @param notes          one line per empty shard, saying why it is empty ("shard 2 is empty: the stacks form one chain")
 */
public record ShardLayout(List<List<StackId>> shards, List<Wait> waits, OptionalInt expectedMillis, OptionalInt expectedStacks,
        List<String> notes) {
    /** {@code stack} (in {@code shard}) waits for {@code dependsOn} (in {@code dependencyShard}). */
    public record Wait(StackId stack, int shard, StackId dependsOn, int dependencyShard) {
        public Wait {
            Objects.requireNonNull(stack, "stack");
            Objects.requireNonNull(dependsOn, "dependsOn");
        }
    }

    public ShardLayout {
        shards = List.copyOf(shards.stream().map(List::copyOf).toList());
        waits = List.copyOf(waits);
        notes = List.copyOf(notes);
        Objects.requireNonNull(expectedMillis, "expectedMillis");
        Objects.requireNonNull(expectedStacks, "expectedStacks");
    }
}
