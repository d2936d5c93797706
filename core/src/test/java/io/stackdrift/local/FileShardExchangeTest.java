package io.stackdrift.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.ShardOutcome;
import io.stackdrift.model.StackId;
import io.stackdrift.record.ProcessOwner;
import io.stackdrift.spi.ShardExchange;
import io.stackdrift.testing.PosixOnly;

/** The command line's board of shards: files under {@code <record>/shards/<run>/}. */
class FileShardExchangeTest {
    private static final List<List<StackId>> SPLIT = List.of(List.of(StackId.of("network")), List.of(StackId.of("dns")));

    @TempDir
    Path dir;

    private FileShardExchange exchange() {
        return new FileShardExchange(dir, Duration.ofMinutes(1), Duration.ofMillis(10));
    }

    @Test
    void theFirstProposalStandsWithTheDigestOfTheConfigurationItWasFixedFrom() {
        ShardExchange.Agreement first = exchange().agree(new ShardExchange.Proposal(2, SPLIT, "aaaa"));
        ShardExchange.Agreement second = exchange().agree(new ShardExchange.Proposal(1, List.of(SPLIT.get(1), SPLIT.get(0)), "bbbb"));

        assertThat(first).isEqualTo(second);
        assertThat(second.shards()).isEqualTo(SPLIT);
        assertThat(second.configDigest()).isEqualTo("aaaa");
        assertThat(second.fixedBy()).isEqualTo(2);
        assertThat(second.ended()).isEmpty();
    }

    @Test
    void aShardJoinsARunOnceAndTheSecondTimeIsToldWhoTookPartBefore() {
        FileShardExchange board = exchange();
        board.agree(new ShardExchange.Proposal(2, SPLIT, "aaaa"));

        assertThat(board.join(2)).isEmpty();
        assertThat(exchange().join(1)).isEmpty();
        assertThat(exchange().join(2)).hasValueSatisfying(words -> assertThat(words)
                .startsWith("shard 2 took part in this run before (pid " + ProcessHandle.current().pid()).contains(", from 20"));
    }

    @Test
    void aRunWhoseShardsAllEndedIsOverForEveryShardThatComesLater() {
        FileShardExchange board = exchange();
        board.agree(new ShardExchange.Proposal(1, SPLIT, "aaaa"));
        board.ended(1);
        assertThat(exchange().agree(new ShardExchange.Proposal(2, SPLIT, "aaaa")).ended()).isEmpty();
        board.ended(2);

        assertThat(exchange().agree(new ShardExchange.Proposal(2, SPLIT, "aaaa")).ended())
                .hasValueSatisfying(words -> assertThat(words).startsWith("all 2 of its shards ended, the last at 20"));
    }

    @Test
    void filesThatAreNotOursArePassedOverAndADamagedOneIsNamed() throws Exception {
        FileShardExchange board = exchange();
        board.agree(new ShardExchange.Proposal(1, SPLIT, "aaaa"));
        board.post(new ShardExchange.Post(StackId.of("network"), ShardOutcome.DEPLOYED, "d1"));
        board.ended(1);
        Files.writeString(dir.resolve("posts/README"), "notes of an operator\n");
        Files.writeString(dir.resolve("posts/.DS_Store"), "\0\1\2");
        Files.createDirectories(dir.resolve("posts/old"));
        Files.writeString(dir.resolve("ended/notes.txt"), "x");
        Files.createDirectories(dir.resolve("ended/2"));
        Files.createDirectories(dir.resolve("joined/7"));

        ShardExchange.Snapshot seen = exchange().read();

        assertThat(seen.posts()).containsExactly(new ShardExchange.Post(StackId.of("network"), ShardOutcome.DEPLOYED, "d1"));
        assertThat(seen.ended()).containsExactly(1);
        assertThat(seen.gone()).isEmpty();

        // a directory under a post's name is a damaged board: said in words, never an unexpected exception
        Files.createDirectories(dir.resolve("posts/" + "ab".repeat(32)));
        assertThatThrownBy(() -> exchange().read()).isInstanceOf(UncheckedIOException.class)
                .hasMessageStartingWith("cannot read the shards' board in " + dir)
                .hasMessageContaining("ab".repeat(32) + " is a directory, not a regular file: it is not a file Stack Drift wrote")
                .hasMessageEndingWith("(remove what Stack Drift did not write there)");
    }

    @Test
    @PosixOnly
    void aShardWhoseProcessOnThisMachineDiedIsGoneAndALiveOneIsNot() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "60").start();
        ProcessOwner dead = ProcessOwner.of(sleeper.toHandle());
        sleeper.destroyForcibly();
        assertThat(sleeper.waitFor(10, TimeUnit.SECONDS)).isTrue();
        new FileShardExchange(dir, Duration.ofMinutes(1), Duration.ofMillis(10), dead).agree(new ShardExchange.Proposal(1, SPLIT, ""));
        assertThat(new FileShardExchange(dir, Duration.ofMinutes(1), Duration.ofMillis(10), dead).join(1)).isEmpty();
        assertThat(exchange().join(2)).isEmpty();

        ShardExchange.Snapshot seen = exchange().read();

        assertThat(seen.gone()).containsOnlyKeys(1);
        assertThat(seen.gone().get(1)).isEqualTo("its process, pid " + dead.pid() + " on this machine, ended without ending the shard");
    }
}
