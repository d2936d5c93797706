package io.stackdrift.spi;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import io.stackdrift.model.ShardOutcome;
import io.stackdrift.model.StackId;

/**
 * How the shards of one run tell each other what their stacks did (docs/concepts.md, "Shards"): the CLI through files
 * in the shared record directory, the plugin through one board per build on the controller. Every call may come from
 * any thread of the run. A failure to read or write is an {@link java.io.UncheckedIOException}.
 */
public interface ShardExchange {
    /** How one stack ended, as its shard posted it; {@code digest} is its deploy digest, or empty. */
    record Post(StackId stack, ShardOutcome outcome, String digest) {
        public Post {
            Objects.requireNonNull(stack, "stack");
            Objects.requireNonNull(outcome, "outcome");
            digest = digest == null ? "" : digest;
        }
    }

    /** What the board says now: the posts of every shard and the numbers of the shards that ended. */
    record Snapshot(List<Post> posts, Set<Integer> ended) {
        public Snapshot {
            posts = List.copyOf(posts);
            ended = Set.copyOf(ended);
        }
    }

    /**
     * Fixes the run's shards: the first proposal any shard made stands, and every shard gets it back, so all of them
     * work from one partition even when their histories differ by now.
     *
     * @param proposed the stacks of shard 1, 2, … as this process planned them
     * @return the partition of the run
     */
    List<List<StackId>> agree(List<List<StackId>> proposed);

    /** Posts how one stack of this shard ended (once per stack and run). */
    void post(Post post);

    Snapshot read();

    /** Shard {@code number} ended: whatever it did not post, it will not deploy in this run. */
    void ended(int number);

    /** How long a stack waits for one of another shard before it gives up (the lock timeout). */
    Duration waitTimeout();

    /** How often a waiting stack looks at the board again. */
    default Duration pollInterval() {
        return Duration.ofMillis(500);
    }
}
