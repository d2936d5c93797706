package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

/**
 * Two shards of one deploy, each a {@code stackdrift deploy --shard I/2} in a JVM of its own on one record directory.
 * network feeds app and dns; with one slot per shard the split puts network and app in shard 1 and dns in shard 2, so
 * dns waits for network across processes. Shard 2 starts first: without the wait, dns would be planned before network
 * had applied. The scripted tool notes every plan and apply in one file.
 */
@PosixOnly
class ShardedDeploysTest {
    private static final String TOOL = """
            #!/bin/sh
            # a plan with one create; network's apply takes a while (or fails with FAIL_NETWORK set)
            me=$(basename "$PWD")
            case "$1" in
              version) echo '{"terraform_version":"1.11.4"}' ;;
              plan) echo "plan $me" >> LOG
                    for a in "$@"; do case "$a" in -out=*) cp ../plan.json "${a#-out=}" ;; esac; done; exit 2 ;;
              show) for a in "$@"; do f="$a"; done; cat "$f" ;;
              apply) if [ "$me" = network ]; then sleep 2; if [ -f ../FAIL ]; then echo "apply $me failed" >> LOG; exit 1; fi; fi
                     echo "applied $me" >> LOG ;;
              output) echo '{}' ;;
              *) exit 0 ;;
            esac
            """;

    @TempDir
    Path dir;

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stopLeftovers() {
        started.forEach(Process::destroyForcibly);
    }

    private ForkedCheck repo(final Path log) throws IOException {
        ForkedCheck repo = ForkedCheck.of(dir, "network", TOOL.replace("LOG", log.toString()));
        for (String stack : List.of("app", "dns")) {
            Files.writeString(Files.createDirectories(repo.repo.resolve(stack)).resolve("main.tf"), "terraform {\n}\n");
        }
        Files.writeString(repo.repo.resolve("stacks.yaml"), """
                parallelism: 1
                stacks:
                  - dir: network
                  - dir: app
                    dependsOn: [network]
                  - dir: dns
                    dependsOn: [network]
                """);
        Files.writeString(repo.repo.resolve("plan.json"), """
                {"format_version":"1.2","terraform_version":"1.11.4","resource_changes":[{"address":"terraform_data.x",
                "mode":"managed","type":"terraform_data","name":"x","provider_name":"terraform.io/builtin/terraform",
                "change":{"actions":["create"],"before":null,"after":{"input":"a"},"after_unknown":{"id":true},
                "before_sensitive":false,"after_sensitive":{}}}]}
                """);
        Files.createFile(log);
        return repo;
    }

    /** Starts shard 2, then (once it waits) shard 1; returns both consoles after both ended. */
    private List<String> runBothShards(final ForkedCheck repo, final List<Integer> exits) throws Exception {
        Path record = dir.resolve("record");
        List<Path> consoles = List.of(dir.resolve("console-1.txt"), dir.resolve("console-2.txt"));
        Process second = repo.command("deploy", List.of(), "--record", record.toString(), "--shard", "2/2", "--shard-run", "ci-7")
                .redirectOutput(dir.resolve("out-2.txt").toFile()).redirectError(consoles.get(1).toFile()).start();
        started.add(second);
        // shard 2 fixed the split and waits before shard 1 has started
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(consoles.get(1)).contains("waits for") && second.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        Process first = repo.command("deploy", List.of(), "--record", record.toString(), "--shard", "1/2", "--shard-run", "ci-7")
                .redirectOutput(dir.resolve("out-1.txt").toFile()).redirectError(consoles.get(0).toFile()).start();
        started.add(first);
        for (Process p : List.of(first, second)) {
            assertThat(p.waitFor(3, TimeUnit.MINUTES)).as("a shard ended within 3 minutes").isTrue();
        }
        exits.add(first.exitValue());
        exits.add(second.exitValue());
        return List.of(Files.readString(consoles.get(0)) + Files.readString(dir.resolve("out-1.txt")),
                Files.readString(consoles.get(1)) + Files.readString(dir.resolve("out-2.txt")));
    }

    @Test
    void aStackWaitsForItsDependencyInTheOtherShardBeforeItsPreview() throws Exception {
        Path log = dir.resolve("tools.log");
        ForkedCheck repo = repo(log);

        List<Integer> exits = new ArrayList<>();
        List<String> consoles = runBothShards(repo, exits);

        assertThat(exits).as(String.join("\n----\n", consoles)).containsExactly(ExitCodes.OK, ExitCodes.OK);
        assertThat(consoles.get(1)).contains("dns waits for network, in shard 1 of 2");
        List<String> lines = Files.readAllLines(log);
        assertThat(lines).as("the tools' log").contains("plan network", "applied network", "plan app", "applied app", "plan dns",
                "applied dns");
        assertThat(lines.indexOf("plan dns")).as("the tools' log %s", lines).isGreaterThan(lines.indexOf("applied network"));
        // each shard's record holds its own stacks only
        assertThat(consoles.get(0)).contains("network").contains("app").doesNotContain("dns");
    }

    @Test
    void aDependencyThatFailedInTheOtherShardSkipsTheStackWithTheReason() throws Exception {
        Path log = dir.resolve("tools.log");
        ForkedCheck repo = repo(log);
        Files.createFile(repo.repo.resolve("FAIL"));

        List<Integer> exits = new ArrayList<>();
        List<String> consoles = runBothShards(repo, exits);

        assertThat(exits.get(0)).as(consoles.get(0)).isEqualTo(ExitCodes.ERROR);
        assertThat(consoles.get(1)).contains("dns waits for network, in shard 1 of 2")
                .contains("dependency network failed in shard 1 of 2");
        assertThat(Files.readAllLines(log)).as("dns was never planned").doesNotContain("plan dns");
    }
}
