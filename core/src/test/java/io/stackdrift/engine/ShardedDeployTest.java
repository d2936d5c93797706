package io.stackdrift.engine;

import static io.stackdrift.engine.Scenario.row;
import static io.stackdrift.engine.ScriptedAdapter.change;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.RowState;
import io.stackdrift.model.ShardOutcome;
import io.stackdrift.model.StackId;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.spi.HistoryView;
import io.stackdrift.spi.ShardExchange;

/**
 * Shards of one deploy in one JVM, each its own engine on one history, coordinating through an exchange in memory (the
 * CLI's files are tested with real processes in the cli module). network feeds app and dns; with one slot per shard
 * the split puts network and app in one shard and dns in the other.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ShardedDeployTest {
    @TempDir
    Path repo;
    @TempDir
    Path scratch;

    /** A board every shard of the test's run shares. */
    static class Exchange implements ShardExchange {
        private final Duration timeout;
        private List<List<StackId>> partition;
        private final Map<StackId, Post> posts = new LinkedHashMap<>();
        private final Set<Integer> ended = new HashSet<>();
        private final Set<Integer> joined = new HashSet<>();
        private final Map<Integer, String> gone = new HashMap<>();
        private String configDigest = "";
        private int fixedBy;

        Exchange(final Duration timeout) {
            this.timeout = timeout;
        }

        @Override
        public synchronized Agreement agree(final Proposal proposal) {
            if (partition == null) {
                partition = List.copyOf(proposal.shards());
                configDigest = proposal.configDigest();
                fixedBy = proposal.number();
            }
            return new Agreement(partition, configDigest, fixedBy, Optional.empty());
        }

        @Override
        public synchronized Optional<String> join(final int number) {
            return joined.add(number) ? Optional.empty() : Optional.of("shard " + number + " took part in this run before");
        }

        /** Shard {@code number} is gone, as a board that sees its process die says. */
        synchronized void gone(final int number, final String words) {
            gone.put(number, words);
        }

        @Override
        public synchronized void post(final Post post) {
            posts.put(post.stack(), post);
        }

        @Override
        public synchronized Snapshot read() {
            return new Snapshot(new ArrayList<>(posts.values()), ended, gone);
        }

        @Override
        public synchronized void ended(final int number) {
            ended.add(number);
        }

        @Override
        public Duration waitTimeout() {
            return timeout;
        }

        @Override
        public Duration pollInterval() {
            return Duration.ofMillis(20);
        }
    }

    private Scenario scenario() throws IOException {
        Scenario s = new Scenario(repo, scratch, Clock.systemUTC());
        s.terraform("network", "app", "dns");
        s.config("""
                parallelism: 1
                stacks:
                  - dir: network
                  - dir: app
                    dependsOn: [network]
                  - dir: dns
                    dependsOn: [network]
                """);
        return s;
    }

    /** The number of the shard that deploys {@code id}, as every shard computes it. */
    private int shardOf(final Scenario s, final String id) {
        ShardsOutcome split = StackDriftEngine.shards(repo.resolve("stacks.yaml"), repo, HistoryView.of(new HistoryStore(s.record)),
                List.of(), 2, OptionalInt.empty());
        List<List<StackId>> shards = split.layout().orElseThrow().shards();
        for (int i = 0; i < shards.size(); i++) {
            if (shards.get(i).contains(StackId.of(id))) {
                return i + 1;
            }
        }
        throw new AssertionError(id + " is in no shard");
    }

    @Test
    void aDependencyAppliedInAnotherShardRePreviewsAStackItsPolicyWouldLeaveAlone() throws Exception {
        Scenario s = scenario();
        s.host().deploy(s.request());
        s.world.calls.clear();
        Files.writeString(repo.resolve("network/extra.tf"), "# a change of the code\n");
        s.world.stack("network").pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "cidr_block"));
        s.world.stack("network").sleepApplySeconds = 1;
        int network = shardOf(s, "network");
        int other = 3 - network;
        assertThat(shardOf(s, "dns")).isEqualTo(other);
        Exchange exchange = new Exchange(Duration.ofSeconds(30));

        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            // the shard that waits starts first
            Future<RunOutcome> waiting = pool.submit(() -> s.host().deploy(s.request(), new ShardRun(other, 2, exchange)));
            Future<RunOutcome> first = pool.submit(() -> s.host().deploy(s.request(), new ShardRun(network, 2, exchange)));
            RunOutcome dnsShard = waiting.get(50, TimeUnit.SECONDS);
            RunOutcome networkShard = first.get(50, TimeUnit.SECONDS);

            assertThat(Scenario.record(dnsShard).rows()).extracting(r -> r.id().value()).containsExactly("dns");
            assertThat(Scenario.record(networkShard).rows()).extracting(r -> r.id().value()).containsExactlyInAnyOrder("network", "app");
            assertThat(List.copyOf(s.world.calls)).containsSubsequence("apply network", "preview dns");
            assertThat(row(dnsShard, "dns").state()).isEqualTo(RowState.IN_SYNC);
            assertThat(s.progress).contains("dns waits for network, in shard " + network + " of 2",
                    "dns: deploying (its dependency network applied changes in this run)");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aShardThatEndedWithoutTheDependencySkipsTheStackWithTheReason() throws Exception {
        Scenario s = scenario();
        int network = shardOf(s, "network");
        Exchange exchange = new Exchange(Duration.ofSeconds(30));
        exchange.ended(network);

        RunOutcome outcome = s.host().deploy(s.request(), new ShardRun(3 - network, 2, exchange));

        assertThat(row(outcome, "dns").state()).isEqualTo(RowState.SKIPPED);
        assertThat(row(outcome, "dns").reason()).startsWith("dependency network was not deployed: shard " + network
                + " of 2 ended without it");
        assertThat(s.world.callsFor("preview")).isEmpty();
        assertThat(exchange.read().posts()).singleElement().satisfies(p -> assertThat(p.stack().value()).isEqualTo("dns"));
        assertThat(exchange.read().ended()).containsExactlyInAnyOrder(1, 2);
    }

    /** The scenario with edge after dns and web after app: each of the two that wait for network has a dependent. */
    private Scenario withDependents() throws IOException {
        Scenario s = scenario();
        s.terraform("edge", "web");
        s.config("""
                parallelism: 1
                stacks:
                  - dir: network
                  - dir: app
                    dependsOn: [network]
                  - dir: dns
                    dependsOn: [network]
                  - dir: edge
                    dependsOn: [dns]
                  - dir: web
                    dependsOn: [app]
                """);
        return s;
    }

    /** The stack of the shard without network that waits for it, and its dependent: dns and edge, or app and web. */
    private List<String> waiterAndDependent(final Scenario s) {
        int network = shardOf(s, "network");
        List<String> pair = shardOf(s, "dns") != network ? List.of("dns", "edge") : List.of("app", "web");
        assertThat(shardOf(s, pair.get(0))).isEqualTo(shardOf(s, pair.get(1))).isEqualTo(3 - network);
        return pair;
    }

    @Test
    void aWaitThatGivesUpAfterTheShardWaitFailsTheStackAndSkipsItsDependents() throws Exception {
        Scenario s = withDependents();
        int network = shardOf(s, "network");
        List<String> pair = waiterAndDependent(s);
        Exchange exchange = new Exchange(Duration.ofSeconds(1));

        RunOutcome outcome = s.host().deploy(s.request(), new ShardRun(3 - network, 2, exchange));

        assertThat(row(outcome, pair.get(0)).state()).isEqualTo(RowState.FAILED);
        assertThat(row(outcome, pair.get(0)).reason()).isEqualTo("dependency network was not seen to end in shard " + network
                + " of 2 within 1s (the shard wait)");
        assertThat(row(outcome, pair.get(1)).state()).isEqualTo(RowState.SKIPPED);
        assertThat(row(outcome, pair.get(1)).reason()).contains(pair.get(0));
        assertThat(s.world.calls).isEmpty();
        assertThat(exchange.read().posts()).anySatisfy(p -> {
            assertThat(p.stack().value()).isEqualTo(pair.get(0));
            assertThat(p.outcome()).isEqualTo(ShardOutcome.FAILED);
        });
    }

    @Test
    void aDependencyWhoseShardIsGoneFailsTheWaitingStackAtOnce() throws Exception {
        Scenario s = withDependents();
        int network = shardOf(s, "network");
        List<String> pair = waiterAndDependent(s);
        Exchange exchange = new Exchange(Duration.ofMinutes(30));
        exchange.gone(network, "its process, pid 4242 on this machine, ended without ending the shard");

        long started = System.nanoTime();
        RunOutcome outcome = s.host().deploy(s.request(), new ShardRun(3 - network, 2, exchange));

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(20));
        assertThat(row(outcome, pair.get(0)).state()).isEqualTo(RowState.FAILED);
        assertThat(row(outcome, pair.get(0)).reason()).isEqualTo("dependency network was not deployed: shard " + network
                + " of 2 is gone (its process, pid 4242 on this machine, ended without ending the shard)");
        assertThat(row(outcome, pair.get(1)).state()).isEqualTo(RowState.SKIPPED);
        assertThat(s.world.calls).isEmpty();
    }

    @Test
    void aBoardThatCannotBeReadFailsTheWaitingStackInItsOwnWords() throws Exception {
        Scenario s = scenario();
        int network = shardOf(s, "network");
        Exchange exchange = new Exchange(Duration.ofMinutes(30)) {
            @Override
            public synchronized Snapshot read() {
                throw new UncheckedIOException("cannot read the shards' board in /record/shards/ci-7: posts/ab is a directory",
                        new IOException("a directory"));
            }
        };

        RunOutcome outcome = s.host().deploy(s.request(), new ShardRun(3 - network, 2, exchange));

        assertThat(row(outcome, "dns").state()).isEqualTo(RowState.FAILED);
        assertThat(row(outcome, "dns").reason()).isEqualTo("dependency network could not be waited for: cannot read the shards' "
                + "board in /record/shards/ci-7: posts/ab is a directory").doesNotContain("unexpected");
    }

    @Test
    void aShardThatTookPartInTheRunBeforeRunsNothing() throws Exception {
        Scenario s = scenario();
        int network = shardOf(s, "network");
        Exchange exchange = new Exchange(Duration.ofSeconds(30));
        s.host().deploy(s.request(), new ShardRun(network, 2, exchange));
        s.world.calls.clear();

        RunOutcome again = s.host().deploy(s.request(), new ShardRun(network, 2, exchange));

        assertThat(again.configInvalid()).isTrue();
        assertThat(again.problems().get(0).message()).isEqualTo("shard " + network + " of 2: shard " + network + " took part in "
                + "this run before; a shard takes part in a run once, or it would go on from the outcomes of an earlier attempt");
        assertThat(again.problems().get(0).hint()).contains("its own run id");
        assertThat(s.world.calls).isEmpty();
    }

    @Test
    void aShardOfAnotherRevisionOfTheConfigurationRunsNothingAndBothRevisionsAreNamed() throws Exception {
        Scenario s = scenario();
        int network = shardOf(s, "network");
        Exchange exchange = new Exchange(Duration.ofSeconds(30));
        s.host().deploy(s.request(), new ShardRun(network, 2, exchange));
        String first = sha256(Files.readString(repo.resolve("stacks.yaml")));
        s.world.calls.clear();
        // the other shard's checkout is of a later commit: the same stacks, another dependency
        s.config("""
                parallelism: 1
                stacks:
                  - dir: network
                  - dir: app
                    dependsOn: [network]
                  - dir: dns
                    dependsOn: [network, app]
                """);
        String second = sha256(Files.readString(repo.resolve("stacks.yaml")));

        RunOutcome other = s.host().deploy(s.request(), new ShardRun(3 - network, 2, exchange));

        assertThat(other.configInvalid()).isTrue();
        assertThat(other.problems().get(0).message()).isEqualTo("shard " + (3 - network) + " of 2: this run's shards were fixed "
                + "from another revision of the configuration: shard " + network + " read the one with digest sha256:"
                + first.substring(0, 12) + ", this shard read the one with digest sha256:" + second.substring(0, 12));
        assertThat(s.world.calls).isEmpty();
    }

    private static String sha256(final String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aShardAskedForAnotherSplitThanTheRunsRunsNothing() throws Exception {
        Scenario s = scenario();
        Exchange exchange = new Exchange(Duration.ofSeconds(1));
        exchange.agree(new ShardExchange.Proposal(1, List.of(List.of(StackId.of("app"), StackId.of("network"), StackId.of("dns")),
                List.of()), ""));

        RunOutcome outcome = s.host().deploy(s.request(), new ShardRun(1, 3, exchange));

        assertThat(outcome.configInvalid()).isTrue();
        assertThat(outcome.problems().get(0).message()).contains("shard 1 of 3").contains("every shard of a run must select the same");
        assertThat(s.world.calls).isEmpty();
    }

    @Test
    void aCheckShardChecksTheStacksOfItsShardOfTheSameSplitWithoutWaiting() throws Exception {
        Scenario s = scenario();
        int network = shardOf(s, "network");
        Exchange exchange = new Exchange(Duration.ofSeconds(30));

        RunOutcome other = s.host().check(s.request(), new ShardRun(3 - network, 2, exchange));
        RunOutcome first = s.host().check(s.request(), new ShardRun(network, 2, exchange));

        assertThat(Scenario.record(other).rows()).extracting(r -> r.id().value()).containsExactly("dns");
        assertThat(Scenario.record(first).rows()).extracting(r -> r.id().value()).containsExactlyInAnyOrder("network", "app");
        assertThat(s.progress).noneMatch(line -> line.contains("waits for"));
        assertThat(exchange.read().ended()).containsExactlyInAnyOrder(1, 2);
    }

    /** The scenario with network in drift mode correct and drifted: a check may repair it. */
    private Scenario repairing() throws IOException {
        Scenario s = scenario();
        s.config("""
                parallelism: 1
                stacks:
                  - dir: network
                    drift:
                      mode: correct
                  - dir: app
                    dependsOn: [network]
                  - dir: dns
                    dependsOn: [network]
                """);
        s.world.stack("network").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        return s;
    }

    @Test
    void aCheckShardsStackWaitsForTheRepairOfADependencyInAnotherShard() throws Exception {
        Scenario s = repairing();
        s.world.stack("network").sleepApplySeconds = 1;
        int network = shardOf(s, "network");
        int other = 3 - network;
        Exchange exchange = new Exchange(Duration.ofSeconds(30));

        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<RunOutcome> waiting = pool.submit(() -> s.host().check(s.request(), new ShardRun(other, 2, exchange)));
            Future<RunOutcome> first = pool.submit(() -> s.host().check(s.request(), new ShardRun(network, 2, exchange)));
            RunOutcome dnsShard = waiting.get(50, TimeUnit.SECONDS);
            RunOutcome networkShard = first.get(50, TimeUnit.SECONDS);

            assertThat(List.copyOf(s.world.calls)).containsSubsequence("apply network", "check dns");
            assertThat(row(networkShard, "network").state()).isEqualTo(RowState.REPAIRED);
            assertThat(row(dnsShard, "dns").state()).isEqualTo(RowState.IN_SYNC);
            assertThat(Scenario.record(dnsShard).rows()).extracting(r -> r.id().value()).containsExactly("dns");
            assertThat(s.progress).contains("dns waits for network, in shard " + network + " of 2");
            assertThat(exchange.read().posts()).anySatisfy(p -> {
                assertThat(p.stack().value()).isEqualTo("network");
                assertThat(p.outcome()).isEqualTo(ShardOutcome.DEPLOYED);
            });
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aFailedRepairInAnotherShardSkipsTheCheckWithTheReason() throws Exception {
        Scenario s = repairing();
        s.world.stack("network").applyFailure = "quota exceeded";
        int network = shardOf(s, "network");
        Exchange exchange = new Exchange(Duration.ofSeconds(30));

        s.host().check(s.request(), new ShardRun(network, 2, exchange));
        RunOutcome dnsShard = s.host().check(s.request(), new ShardRun(3 - network, 2, exchange));

        assertThat(row(dnsShard, "dns").state()).isEqualTo(RowState.SKIPPED);
        assertThat(row(dnsShard, "dns").reason()).isEqualTo("dependency network failed in shard " + network + " of 2");
        assertThat(s.world.callsFor("check")).containsExactly("network");
    }

    @Test
    void aDependencyItsShardLeftUncheckedLetsTheCheckGoOn() throws Exception {
        Scenario s = repairing();
        int network = shardOf(s, "network");
        Exchange exchange = new Exchange(Duration.ofSeconds(30));
        // a deploy of network is running: its shard leaves it alone, which repairs nothing
        RunRequest held = s.request().toBuilder().heldElsewhere(Set.of(StackId.of("network"))).build();

        s.host().check(held, new ShardRun(network, 2, exchange));
        RunOutcome dnsShard = s.host().check(s.request(), new ShardRun(3 - network, 2, exchange));

        assertThat(s.world.callsFor("check")).contains("dns").doesNotContain("network");
        assertThat(row(dnsShard, "dns").state()).isEqualTo(RowState.IN_SYNC);
        assertThat(exchange.read().posts()).anySatisfy(p -> {
            assertThat(p.stack().value()).isEqualTo("network");
            assertThat(p.outcome()).isEqualTo(ShardOutcome.UNCHANGED);
        });
    }
}
