package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.ShardOutcome;
import io.stackdrift.model.StackId;
import io.stackdrift.spi.ShardExchange;

/** The build's board on the controller, and the engine's exchange over it as an agent reaches it. */
class BuildShardsTest {
    private final BuildShards board = new BuildShards(List.of(List.of("network", "app"), List.of("dns")));

    @Test
    void twoShardsExchangesOfOneBuildSeeOneBoard() {
        LinkedShardExchange one = new LinkedShardExchange(board, Duration.ofMinutes(1), Duration.ofMillis(10));
        LinkedShardExchange two = new LinkedShardExchange(board, Duration.ofMinutes(1), Duration.ofMillis(10));

        // whatever a shard proposes, the build's split stands
        assertThat(two.agree(new ShardExchange.Proposal(2, List.of(List.of(StackId.of("dns")),
                List.of(StackId.of("network"), StackId.of("app"))), "")).shards())
                .containsExactly(List.of(StackId.of("app"), StackId.of("network")), List.of(StackId.of("dns")));
        one.post(new ShardExchange.Post(StackId.of("network"), ShardOutcome.DEPLOYED, "sha256:abc"));
        one.ended(1);

        ShardExchange.Snapshot seen = two.read();
        assertThat(seen.posts()).containsExactly(new ShardExchange.Post(StackId.of("network"), ShardOutcome.DEPLOYED, "sha256:abc"));
        assertThat(seen.ended()).containsExactly(1);
        assertThat(board.ownerOf("dns")).isEqualTo(2);
        assertThat(board.stacks()).containsExactly("app", "dns", "network");
    }

    @Test
    void theConfigurationDigestOfTheBuildsFirstShardStepStandsForEveryShard() {
        LinkedShardExchange two = new LinkedShardExchange(board, Duration.ofMinutes(1), Duration.ofMillis(10));
        LinkedShardExchange one = new LinkedShardExchange(board, Duration.ofMinutes(1), Duration.ofMillis(10));
        List<List<StackId>> split = List.of(List.of(StackId.of("app"), StackId.of("network")), List.of(StackId.of("dns")));

        ShardExchange.Agreement first = two.agree(new ShardExchange.Proposal(2, split, "aaaa"));
        ShardExchange.Agreement later = one.agree(new ShardExchange.Proposal(1, split, "bbbb"));

        assertThat(first.configDigest()).isEqualTo("aaaa");
        assertThat(later.configDigest()).isEqualTo("aaaa");
        assertThat(later.fixedBy()).isEqualTo(2);
        assertThat(later.ended()).isEmpty();
        assertThat(one.join(1)).isEmpty();
    }

    @Test
    void aStackEndsOnceAndOnlyAStackOfTheSplitEnds() throws Exception {
        board.post("network", "FAILED", "");
        board.post("network", "FAILED", "");

        assertThatThrownBy(() -> board.post("network", "DEPLOYED", "")).isInstanceOf(IOException.class)
                .hasMessageContaining("network already ended in this build (FAILED)");
        assertThatThrownBy(() -> board.post("billing", "DEPLOYED", "")).isInstanceOf(IOException.class)
                .hasMessageContaining("billing is in no shard");
        assertThatThrownBy(() -> board.post("dns", "GONE", "")).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> board.end(3)).isInstanceOf(IOException.class).hasMessageContaining("not between 1 and 2");
        assertThatThrownBy(() -> new BuildShards(List.of(List.of("a"), List.of("a")))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBoardTheChannelCannotReachIsAnUncheckedIoErrorAsThePortSays() {
        ShardBoardLink lost = new ShardBoardLink() {
            @Override
            public List<List<String>> partition() throws IOException {
                throw new IOException("channel closed");
            }

            @Override
            public List<String> agreeConfig(final int number, final String configDigest) throws IOException {
                throw new IOException("channel closed");
            }

            @Override
            public void post(final String stack, final String outcome, final String digest) throws IOException {
                throw new IOException("channel closed");
            }

            @Override
            public List<List<String>> posts() throws IOException {
                throw new IOException("channel closed");
            }

            @Override
            public List<Integer> ended() throws IOException {
                throw new IOException("channel closed");
            }

            @Override
            public Map<Integer, String> gone() throws IOException {
                throw new IOException("channel closed");
            }

            @Override
            public void end(final int number) throws IOException {
                throw new IOException("channel closed");
            }
        };
        LinkedShardExchange exchange = new LinkedShardExchange(lost, Duration.ofMinutes(1), Duration.ofMillis(10));

        assertThatThrownBy(exchange::read).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("on the build's board of shards: channel closed");
        assertThatThrownBy(() -> exchange.ended(1)).isInstanceOf(UncheckedIOException.class);
        // a lockTimeout of zero waits without a limit
        assertThat(ShardRoute.of(2, board, Duration.ZERO).exchange(Duration.ofSeconds(1)).waitTimeout()).isEqualTo(ShardRoute.NO_LIMIT);
        assertThat(ShardRoute.of(2, board, Duration.ofMinutes(5)).exchange(Duration.ofSeconds(1)).waitTimeout())
                .isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void aShardsRouteCarriesAViewThatPostsOnlyItsOwnStacksAndEndsOnlyItself() {
        LinkedShardExchange one = ShardRoute.of(1, board, Duration.ZERO).exchange(Duration.ofMillis(10));
        LinkedShardExchange two = ShardRoute.of(2, board, Duration.ZERO).exchange(Duration.ofMillis(10));

        // shard 1's agent posting for shard 2's stack, or ending shard 2, is refused: shard 2's own post still counts
        assertThatThrownBy(() -> one.post(new ShardExchange.Post(StackId.of("dns"), ShardOutcome.DEPLOYED, "sha256:forged")))
                .isInstanceOf(UncheckedIOException.class).hasMessageContaining("shard 1 cannot post for dns, a stack of shard 2");
        assertThatThrownBy(() -> one.post(new ShardExchange.Post(StackId.of("billing"), ShardOutcome.DEPLOYED, "")))
                .isInstanceOf(UncheckedIOException.class).hasMessageContaining("billing, which is in no shard");
        assertThatThrownBy(() -> one.ended(2)).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("shard 1 cannot end shard 2");
        assertThat(board.posts()).isEmpty();
        assertThat(board.ended()).isEmpty();

        two.post(new ShardExchange.Post(StackId.of("dns"), ShardOutcome.DEPLOYED, "sha256:abc"));
        one.post(new ShardExchange.Post(StackId.of("network"), ShardOutcome.FAILED, ""));
        two.ended(2);
        // reads stay whole: shard 1 sees shard 2's post and end
        ShardExchange.Snapshot seen = one.read();
        assertThat(seen.posts()).extracting(ShardExchange.Post::stack).containsExactly(StackId.of("dns"), StackId.of("network"));
        assertThat(seen.ended()).containsExactly(2);
        assertThatThrownBy(() -> ShardRoute.of(3, board, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aShardsViewGivesOnlyItsOwnConfigurationDigest() throws Exception {
        ShardBoardLink one = new ShardView(board, 1);
        assertThatThrownBy(() -> one.agreeConfig(2, "sha256:forged")).isInstanceOf(IOException.class)
                .hasMessageContaining("shard 1 cannot give the configuration of shard 2");
        assertThat(one.agreeConfig(1, "sha256:c1")).containsExactly("sha256:c1", "1");
    }

    @Test
    void everyChangeIsSavedWholeAndARestoredBoardStopsTheShardsWhoseStepWasRunning() throws Exception {
        List<BuildShards.Saved> saves = new ArrayList<>();
        AtomicLong clock = new AtomicLong(1_000);
        List<List<String>> split = List.of(List.of("network", "app"), List.of("dns"), List.of("billing"));
        BuildShards before = new BuildShards(split, saves::add, clock::get);

        before.start(1);
        before.start(2);
        before.post("dns", "DEPLOYED", "sha256:abc");
        before.end(2);
        // an unchanged post or a second end is not a change
        before.post("dns", "DEPLOYED", "sha256:abc");
        before.end(2);

        assertThat(saves).hasSize(4);
        BuildShards.Saved last = saves.get(saves.size() - 1);
        assertThat(last.started()).containsEntry(1, 1_000L).containsEntry(2, 1_000L);
        assertThat(last.ended()).containsExactly(2);

        // the controller restarted: shard 1's step was running and does not go on; shard 3 had not started
        BuildShards after = BuildShards.restored(split, last, "its step was running at the restart", saves::add, clock::get);

        assertThat(after.posts()).containsExactly(List.of("dns", "DEPLOYED", "sha256:abc"));
        assertThat(after.ended()).containsExactly(2);
        assertThat(after.gone()).containsExactly(Map.entry(1, "its step was running at the restart"));
        assertThat(saves.get(saves.size() - 1).stopped()).containsOnlyKeys(1);
        // what a waiting stack of shard 3 reads: network's shard is gone, so the engine fails the wait at once
        ShardExchange.Snapshot seen = ShardRoute.of(3, after, Duration.ZERO).exchange(Duration.ofMillis(10)).read();
        assertThat(seen.gone()).containsOnlyKeys(1);
        assertThat(seen.ended()).containsExactly(2);
    }

    @Test
    void aShardWhoseEngineRunsDurablyIsNotStoppedByARestartItsStepResumes() throws Exception {
        List<List<String>> split = List.of(List.of("network"), List.of("dns"));
        List<BuildShards.Saved> saves = new ArrayList<>();
        BuildShards before = new BuildShards(split, saves::add, () -> 1_000L);
        before.start(1);
        before.start(2);
        before.runsDurably(1);

        BuildShards after = BuildShards.restored(split, saves.get(saves.size() - 1), "its step was running at the restart",
                saves::add, () -> 2_000L);

        assertThat(after.gone()).containsOnlyKeys(2);
        assertThat(after.saved().durable()).containsExactly(1);
        assertThatThrownBy(() -> before.runsDurably(3)).hasMessageContaining("shard 3 is not between 1 and 2");
    }

    @Test
    void aShardThatHasNotStartedIsGoneForAWaiterOnceTheStartLimitPassedSinceTheWaiterStarted() throws Exception {
        AtomicLong clock = new AtomicLong(0);
        BuildShards three = new BuildShards(List.of(List.of("network"), List.of("dns"), List.of("app"), List.of("db")),
                BuildShards.Store.NONE, clock::get);
        ShardStartLimit limit = new ShardStartLimit(Duration.ofMinutes(5), "5m", () -> "2 executors online, 2 busy");
        three.start(2);
        three.end(4);
        ShardBoardLink view = ShardRoute.of(2, three, Duration.ZERO, "lockTimeout", limit).exchange(Duration.ofMillis(10)).board();

        clock.set(Duration.ofMinutes(5).toMillis() - 1);
        assertThat(view.gone()).isEmpty();
        three.start(3);
        clock.set(Duration.ofMinutes(5).toMillis());

        // shard 1 never started; 3 did and 4 ended: those are waited for as usual
        assertThat(view.gone()).containsOnlyKeys(1);
        assertThat(view.gone().get(1)).isEqualTo("its step did not start within 5m (shardStartTimeout): 2 executors online, 2 busy");
        // the board itself says nothing of it: another shard's limit counts from its own start
        assertThat(three.gone()).isEmpty();
        // no limit of its own: a shard waits for an unstarted one as for a running one
        assertThat(ShardRoute.of(2, three, Duration.ZERO).exchange(Duration.ofMillis(10)).board().gone()).isEmpty();
    }

    @Test
    void aRouteSaysWhatSetsItsWait() {
        ShardRoute check = ShardRoute.of(1, board, Duration.ofHours(1), "shardTimeout", ShardStartLimit.none());
        assertThat(check.exchange(Duration.ofSeconds(1)).waitTimeoutSetting()).isEqualTo("shardTimeout");
        assertThat(check.waitTimeout()).isEqualTo(Duration.ofHours(1));
        assertThat(ShardRoute.of(1, board, Duration.ZERO).waitTimeout()).isEqualTo(ShardRoute.NO_LIMIT);
    }
}
