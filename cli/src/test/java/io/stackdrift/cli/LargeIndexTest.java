package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.StackId;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.StackStatus;
import io.stackdrift.testing.PosixOnly;

/**
 * The stack index is read streamed, and only the configured stacks are kept: a one-stack check over an index of
 * 200,000 stacks that left the configuration long ago finishes in a heap far too small for that index as a tree
 * (it took 864 MB before), and its save forgets them (their runs and trail stay).
 */
@PosixOnly
class LargeIndexTest {
    private static final int GONE = 200_000;

    @TempDir
    Path dir;

    @Test
    void aOneStackCheckOverAnIndexOfTwoHundredThousandGoneStacksRunsInASmallHeapAndForgetsThem() throws Exception {
        ForkedCheck repo = ForkedCheck.of(dir, "net", ForkedCheck.IN_SYNC_TOOL);
        Path record = Files.createDirectories(dir.resolve("record"));
        try (BufferedWriter out = Files.newBufferedWriter(record.resolve("stacks.json"), StandardCharsets.UTF_8)) {
            out.write("{\"format\":\"stackdrift-stack-index/1\",\"stacks\":[");
            for (int i = 0; i < GONE; i++) {
                out.write((i == 0 ? "" : ",") + "{\"id\":\"old/stack-" + i + "\",\"lastSequence\":1,\"lastRunId\":\"1\","
                        + "\"lastState\":\"drifted\",\"lastCheckedAt\":1000,\"consecutiveFailures\":0,\"lastFailedAt\":0,"
                        + "\"dependsOn\":[\"old/stack-0\"],\"lastDeployDigest\":\"sha256:0123456789abcdef0123456789abcdef\","
                        + "\"lastDeployedAt\":1000,\"driftedSince\":1000,\"driftedChecks\":3}");
            }
            out.write("]}");
        }

        Process check = repo.check(List.of("-Xmx48m"), "--record", record.toString())
                .redirectError(dir.resolve("err.txt").toFile()).redirectOutput(dir.resolve("out.txt").toFile()).start();
        assertThat(check.waitFor(5, TimeUnit.MINUTES)).isTrue();
        String err = Files.readString(dir.resolve("err.txt"));

        assertThat(err).doesNotContain("OutOfMemoryError");
        assertThat(check.exitValue()).as(err).isEqualTo(ExitCodes.OK);
        HistoryStore history = new HistoryStore(record);
        assertThat(history.stackStatuses()).containsOnlyKeys(StackId.of("net"));
        assertThat(history.stackStatuses().values()).extracting(StackStatus::lastState).extracting(Object::toString)
                .containsExactly("in sync");
    }
}
