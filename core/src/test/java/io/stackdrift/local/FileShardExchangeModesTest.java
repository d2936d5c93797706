package io.stackdrift.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.ShardOutcome;
import io.stackdrift.model.StackId;
import io.stackdrift.spi.ShardExchange;
import io.stackdrift.testing.PosixOnly;
import io.stackdrift.testing.Umask;

@PosixOnly
class FileShardExchangeModesTest {
    @TempDir
    Path record;

    @Test
    void everyFileOfTheBoardHasTheModeTheUmaskGives() throws Exception {
        Path board = record.resolve("shards").resolve("run-7");
        FileShardExchange exchange = new FileShardExchange(board, Duration.ofSeconds(1), Duration.ofMillis(10));

        exchange.agree(new ShardExchange.Proposal(1, List.of(List.of(StackId.of("net")), List.of(StackId.of("app"))), "aaaa"));
        assertThat(exchange.join(1)).isEmpty();
        exchange.post(new ShardExchange.Post(StackId.of("net"), ShardOutcome.DEPLOYED, "d1"));
        exchange.ended(1);

        // a second account of the group reads the board: a file made 0600 whatever the umask locks it out
        assertThat(Umask.filesNotOf(board, Umask.ofNewFile(record))).isEmpty();
        assertThat(exchange.read().posts()).hasSize(1);
    }
}
