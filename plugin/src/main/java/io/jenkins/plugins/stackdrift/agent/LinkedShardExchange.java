package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.stackdrift.model.ShardOutcome;
import io.stackdrift.model.StackId;
import io.stackdrift.spi.ShardExchange;

/**
 * The engine's {@link ShardExchange} on the agent, over the build's board on the controller ({@link ShardBoardLink}).
 * The partition is the one the build's {@code stackShards} fixed: what the engine proposes does not change it (the
 * engine refuses to run when its own selection differs); the configuration digest the build's first shard step read
 * stands (the engine refuses a shard that read another revision). A call the channel fails is an {@link UncheckedIOException},
 * as the port says; an interrupt while a call waits keeps the thread's flag.
 */
final class LinkedShardExchange implements ShardExchange {
    /** How often a waiting stack reads the board again: one small call to the controller. */
    static final Duration POLL = Duration.ofSeconds(1);

    private final ShardBoardLink board;
    private final Duration waitTimeout;
    private final Duration pollInterval;
    private final String waitSetting;

    LinkedShardExchange(final ShardBoardLink board, final Duration waitTimeout, final Duration pollInterval) {
        this(board, waitTimeout, pollInterval, "lockTimeout");
    }

    LinkedShardExchange(final ShardBoardLink board, final Duration waitTimeout, final Duration pollInterval, final String waitSetting) {
        this.board = board;
        this.waitTimeout = waitTimeout;
        this.pollInterval = pollInterval;
        this.waitSetting = waitSetting;
    }

    /** The board this exchange reads and writes. */
    ShardBoardLink board() {
        return board;
    }

    @FunctionalInterface
    private interface Call<T> {
        T run() throws IOException, InterruptedException;
    }

    private static <T> T call(final String what, final Call<T> call) {
        try {
            return call.run();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot " + what + " on the build's board of shards: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException("interrupted while it would " + what + " on the build's board of shards",
                    new InterruptedIOException(e.getMessage()));
        }
    }

    @Override
    public Agreement agree(final Proposal proposal) {
        List<List<StackId>> shards = new ArrayList<>();
        for (List<String> shard : call("read the shards", board::partition)) {
            shards.add(shard.stream().map(StackId::of).toList());
        }
        List<String> config = call("compare the configuration", () -> board.agreeConfig(proposal.number(), proposal.configDigest()));
        return new Agreement(shards, config.get(0), Integer.parseInt(config.get(1)), Optional.empty());
    }

    /** A build's board is the build's own: a run id cannot be reused across builds. */
    @Override
    public Optional<String> join(final int number) {
        return Optional.empty();
    }

    @Override
    public void post(final Post post) {
        call("post " + post.stack(), () -> {
            board.post(post.stack().value(), post.outcome().name(), post.digest());
            return null;
        });
    }

    @Override
    public Snapshot read() {
        List<Post> posts = new ArrayList<>();
        for (List<String> post : call("read the outcomes", board::posts)) {
            posts.add(new Post(StackId.of(post.get(0)), ShardOutcome.valueOf(post.get(1)), post.get(2)));
        }
        Set<Integer> ended = new TreeSet<>(call("read the ended shards", board::ended));
        return new Snapshot(posts, ended, new TreeMap<>(call("read the shards that will not end", board::gone)));
    }

    @Override
    public void ended(final int number) {
        call("end shard " + number, () -> {
            board.end(number);
            return null;
        });
    }

    @Override
    public Duration waitTimeout() {
        return waitTimeout;
    }

    @Override
    public String waitTimeoutSetting() {
        return waitSetting;
    }

    @Override
    public Duration pollInterval() {
        return pollInterval;
    }
}
