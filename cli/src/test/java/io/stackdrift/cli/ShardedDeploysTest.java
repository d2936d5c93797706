package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
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
              apply) if [ "$me" = network ]; then if [ -f ../SLOW ]; then echo "applying $me" >> LOG; sleep 120; fi
                     sleep 2; if [ -f ../FAIL ]; then echo "apply $me failed" >> LOG; exit 1; fi; fi
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

    /** {@code deploy --shard I/2 --shard-run ci-7}, its console in {@code console-I.txt}, started. */
    private Process shard(final ForkedCheck repo, final int number, final String... more) throws IOException {
        List<String> arguments = new ArrayList<>(List.of("--record", dir.resolve("record").toString(), "--shard", number + "/2",
                "--shard-run", "ci-7"));
        arguments.addAll(List.of(more));
        Process p = repo.command("deploy", List.of(), arguments.toArray(String[]::new))
                .redirectOutput(dir.resolve("out-" + number + ".txt").toFile())
                .redirectError(dir.resolve("console-" + number + ".txt").toFile()).start();
        started.add(p);
        return p;
    }

    /** What shard {@code number} printed so far, on both streams. */
    private String console(final int number) throws IOException {
        return Files.readString(dir.resolve("console-" + number + ".txt")) + Files.readString(dir.resolve("out-" + number + ".txt"));
    }

    /** Waits up to a minute for {@code file} to hold {@code text} while {@code p} lives. */
    private static void awaitText(final Path file, final String text, final Process p) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(file).contains(text) && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
    }

    /** Starts shard 2, then (once it waits) shard 1; returns both consoles after both ended. */
    private List<String> runBothShards(final ForkedCheck repo, final List<Integer> exits) throws Exception {
        List<Path> consoles = List.of(dir.resolve("console-1.txt"), dir.resolve("console-2.txt"));
        Process second = shard(repo, 2);
        // shard 2 fixed the split and waits before shard 1 has started
        awaitText(consoles.get(1), "waits for", second);
        Process first = shard(repo, 1);
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

    @Test
    void aFileOnTheBoardThatStackDriftDidNotWriteIsPassedOver() throws Exception {
        Path log = dir.resolve("tools.log");
        ForkedCheck repo = repo(log);
        Path posts = Files.createDirectories(dir.resolve("record/shards/ci-7/posts"));
        Files.writeString(posts.resolve("README"), "stack=network\noutcome=looked at by hand\n");
        Files.createDirectories(posts.resolve("old"));

        List<Integer> exits = new ArrayList<>();
        List<String> consoles = runBothShards(repo, exits);

        assertThat(exits).as(String.join("\n----\n", consoles)).containsExactly(ExitCodes.OK, ExitCodes.OK);
        assertThat(String.join("", consoles)).doesNotContain("unexpected");
        assertThat(Files.readAllLines(log)).contains("applied dns");
    }

    @Test
    void aRunIdUsedAgainAfterItsRunEndedIsRefusedAndNothingRuns() throws Exception {
        Path log = dir.resolve("tools.log");
        ForkedCheck repo = repo(log);
        List<Integer> exits = new ArrayList<>();
        runBothShards(repo, exits);
        assertThat(exits).containsExactly(ExitCodes.OK, ExitCodes.OK);
        List<String> before = Files.readAllLines(log);

        // a retried job that kept the pipeline's id: its shard must not take the first run's posts for this attempt's
        Process again = shard(repo, 2);
        assertThat(again.waitFor(2, TimeUnit.MINUTES)).isTrue();

        assertThat(again.exitValue()).as(console(2)).isEqualTo(ExitCodes.ERROR);
        assertThat(console(2)).contains("shard 2 of 2: this run is over (all 2 of its shards ended, the last at ")
                .contains("give every attempt of a run its own run id");
        assertThat(Files.readAllLines(log)).as("no tool ran again").isEqualTo(before);
    }

    @Test
    void aShardOfAnotherRevisionOfStacksYamlIsRefusedWithBothRevisionsNamed() throws Exception {
        Path log = dir.resolve("tools.log");
        ForkedCheck repo = repo(log);
        Process first = shard(repo, 1);
        assertThat(first.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(first.exitValue()).as(console(1)).isEqualTo(ExitCodes.OK);
        String revision1 = sha256(Files.readString(repo.repo.resolve("stacks.yaml"))).substring(0, 12);
        // shard 2's checkout is of a later commit
        Files.writeString(repo.repo.resolve("stacks.yaml"), Files.readString(repo.repo.resolve("stacks.yaml")).replace("parallelism: 1",
                "parallelism: 1\n# moved to the new account"));
        String revision2 = sha256(Files.readString(repo.repo.resolve("stacks.yaml"))).substring(0, 12);

        Process second = shard(repo, 2);
        assertThat(second.waitFor(2, TimeUnit.MINUTES)).isTrue();

        assertThat(second.exitValue()).as(console(2)).isEqualTo(ExitCodes.ERROR);
        assertThat(console(2)).contains("shard 1 read the one with digest sha256:" + revision1 + ", this shard read the one with "
                + "digest sha256:" + revision2);
        assertThat(Files.readAllLines(log)).doesNotContain("plan dns");
    }

    @Test
    void aWaitGivesUpAfterTheShardWaitFromTheOptionOrItsVariableAndTheStackFails() throws Exception {
        ForkedCheck repo = repo(dir.resolve("tools.log"));

        Process alone = shard(repo, 2, "--shard-wait", "2s");
        assertThat(alone.waitFor(2, TimeUnit.MINUTES)).isTrue();

        assertThat(alone.exitValue()).as(console(2)).isEqualTo(ExitCodes.ERROR);
        assertThat(console(2)).contains("dependency network was not seen to end in shard 1 of 2 within 2s (--shard-wait)");

        ProcessBuilder viaVariable = repo.command("deploy", List.of(), "--record", dir.resolve("record").toString(), "--shard",
                "2/2", "--shard-run", "ci-8").redirectErrorStream(true).redirectOutput(dir.resolve("env.txt").toFile());
        viaVariable.environment().put("STACKDRIFT_SHARD_WAIT", "1s");
        Process p = viaVariable.start();
        started.add(p);
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).isEqualTo(ExitCodes.ERROR);
        assertThat(Files.readString(dir.resolve("env.txt"))).contains("within 1s (--shard-wait)");
    }

    @Test
    void aShardKilledWithSigkillIsSeenGoneAtOnceAndTheStackThatWaitsForItFails() throws Exception {
        Path log = dir.resolve("tools.log");
        ForkedCheck repo = repo(log);
        Files.createFile(repo.repo.resolve("SLOW"));
        Process second = shard(repo, 2);
        awaitText(dir.resolve("console-2.txt"), "waits for", second);
        Process first = shard(repo, 1);
        awaitText(log, "applying network", first);
        assertThat(Files.readString(log)).contains("applying network");
        List<ProcessHandle> tools = first.descendants().toList();

        first.destroyForcibly(); // SIGKILL: the shard never says it ended
        first.waitFor(30, TimeUnit.SECONDS);
        tools.forEach(ProcessHandle::destroyForcibly);
        long killed = System.nanoTime();
        assertThat(second.waitFor(60, TimeUnit.SECONDS)).as("shard 2 stopped waiting well before the 30 minutes").isTrue();

        assertThat(Duration.ofNanos(System.nanoTime() - killed)).isLessThan(Duration.ofSeconds(30));
        assertThat(second.exitValue()).as(console(2)).isEqualTo(ExitCodes.ERROR);
        assertThat(console(2)).contains("dependency network was not deployed: shard 1 of 2 is gone (its process, pid "
                + first.pid() + " on this machine, ended without ending the shard)");
        assertThat(Files.readAllLines(log)).doesNotContain("plan dns");
    }

    private static String sha256(final String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
