package io.stackdrift.spi;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
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

    /**
     * What the board says now: the posts of every shard, the numbers of the shards that ended, and the shards known to
     * be gone (their process died without ending them), each with the words that say so ("its process, pid 4242 on
     * this machine, is gone").
     */
    record Snapshot(List<Post> posts, Set<Integer> ended, Map<Integer, String> gone) {
        public Snapshot {
            posts = List.copyOf(posts);
            ended = Set.copyOf(ended);
            gone = Map.copyOf(gone);
        }

        /** A board on which no shard is known to be gone. */
        public Snapshot(final List<Post> posts, final Set<Integer> ended) {
            this(posts, ended, Map.of());
        }
    }

    /**
     * What a shard brings to its run as it starts.
     *
     * @param number       the shard's number
     * @param shards       the stacks of shard 1, 2, … as this process planned them
     * @param configDigest the digest of the configuration it read ({@code io.stackdrift.config.ConfigResult#digest})
     */
    record Proposal(int number, List<List<StackId>> shards, String configDigest) {
        public Proposal {
            shards = List.copyOf(shards.stream().map(List::copyOf).toList());
            Objects.requireNonNull(configDigest, "configDigest");
        }
    }

    /**
     * What the run fixed: the first proposal any shard made stands.
     *
     * @param shards       the partition of the run
     * @param configDigest the configuration digest of the shard that fixed it; empty when that shard gave none
     * @param fixedBy      the number of that shard; 0 when unknown
     * @param ended        when every shard of the run has ended already, the words that say so: the run is over, and
     *                     no shard may join it any more
     */
    record Agreement(List<List<StackId>> shards, String configDigest, int fixedBy, Optional<String> ended) {
        public Agreement {
            shards = List.copyOf(shards.stream().map(List::copyOf).toList());
            Objects.requireNonNull(configDigest, "configDigest");
            Objects.requireNonNull(ended, "ended");
        }
    }

    /**
     * Fixes the run's shards: the first proposal any shard made stands, and every shard gets it back, so all of them
     * work from one partition even when their histories differ by now. Joins nothing yet: a shard the engine then
     * refuses (another split, another configuration) has not taken part.
     */
    Agreement agree(Proposal proposal);

    /**
     * Shard {@code number} takes part in the run, once: empty when it joined now; else why it may not (it took part in
     * this run before, a process of a retried job that kept the run's id). A board that cannot tell answers empty.
     */
    Optional<String> join(int number);

    /** Posts how one stack of this shard ended (once per stack and run). */
    void post(Post post);

    Snapshot read();

    /** Shard {@code number} ended: whatever it did not post, it will not deploy in this run. */
    void ended(int number);

    /** How long a stack waits for one of another shard before it gives up (the shard wait: the lock timeout's twin). */
    Duration waitTimeout();

    /** What sets {@link #waitTimeout()}, as a reason that gave up names it: an option, a step's parameter. */
    default String waitTimeoutSetting() {
        return "the shard wait";
    }

    /** How often a waiting stack looks at the board again. */
    default Duration pollInterval() {
        return Duration.ofMillis(500);
    }
}
