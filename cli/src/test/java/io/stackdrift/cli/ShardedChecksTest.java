package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

/**
 * Two shards of one drift check, each a {@code stackdrift check --shard I/2} in a JVM of its own on one record directory.
 * network (the demo's simulated Terraform, drifted, mode correct) feeds api and dns; with one slot per shard the split
 * puts network and api in shard 1 and dns in shard 2. Shard 2 starts first: without the wait, dns would be checked
 * before network's repair applied. A wrapper around the simulation notes every plan and apply in one file.
 */
@PosixOnly
class ShardedChecksTest {
    private static final String WRAPPER = """
            #!/bin/sh
            # api is in sync; network and dns are the demo's simulation; network's apply takes a while
            me=$(basename "$PWD")
            case "$1" in
              plan) kind=preview; for a in "$@"; do [ "$a" = -refresh-only ] && kind=check; done; echo "$kind $me" >> LOG ;;
            esac
            if [ "$me" = api ]; then
              case "$1" in
                version) echo '{"terraform_version":"1.9.5"}' ;;
                plan) for a in "$@"; do case "$a" in -out=*) echo '{"format_version":"1.2","resource_changes":[]}' > "${a#-out=}" ;;
                      esac; done ;;
                show) for a in "$@"; do f="$a"; done; cat "$f" ;;
              esac
              exit 0
            fi
            [ "$1" = apply ] && [ "$me" = network ] && sleep 2
            bash SIM terraform "$@"
            rc=$?
            [ "$1" = apply ] && echo "applied $me" >> LOG
            exit $rc
            """;

    @TempDir
    Path dir;

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stopLeftovers() {
        started.forEach(Process::destroyForcibly);
    }

    /** The demo's network and dns (and the module network uses), and an api of its own: nothing else to discover. */
    private Path repo() throws IOException {
        Path demo = Path.of("../examples/demo");
        Path repo = dir.resolve("repo");
        for (String part : List.of("network", "dns", "modules")) {
            try (Stream<Path> files = Files.walk(demo.resolve(part))) {
                for (Path source : (Iterable<Path>) files::iterator) {
                    if (source.toString().contains(".terraform") || source.toString().contains("/out")) {
                        continue;
                    }
                    Path target = repo.resolve(demo.relativize(source).toString());
                    if (Files.isDirectory(source)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(source, target);
                    }
                }
            }
        }
        Files.writeString(Files.createDirectories(repo.resolve("api")).resolve("main.tf"), "terraform {\n}\n");
        return repo;
    }

    private ProcessBuilder check(final Path repo, final Path tool, final String shard) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), StackDriftCommand.class.getName(), "check",
                "--config", repo.resolve("stacks.yaml").toString(), "--record", dir.resolve("record").toString(),
                "--tool-path", "terraform=" + tool, "--shard", shard, "--shard-run", "nightly-3"));
        return new ProcessBuilder(command);
    }

    @Test
    void aStackIsCheckedAfterTheRepairOfItsDependencyInTheOtherShard() throws Exception {
        Path repo = repo();
        Path log = Files.createFile(dir.resolve("tools.log"));
        Path tool = Files.writeString(dir.resolve("terraform-wrapper"), WRAPPER.replace("LOG", log.toString())
                .replace("SIM", Path.of("../examples/demo/bin/lib/tf-sim.sh").toAbsolutePath().normalize().toString()));
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(repo.resolve("stacks.yaml"), """
                parallelism: 1
                stacks:
                  - dir: network
                    drift:
                      mode: correct
                      ignore:
                        - paths: [aws_autoscaling_group.web.desired_capacity]
                          reason: the autoscaler owns it
                  - dir: api
                    dependsOn: [network]
                  - dir: dns
                    dependsOn: [network]
                """);

        List<Path> consoles = List.of(dir.resolve("console-1.txt"), dir.resolve("console-2.txt"));
        Process second = check(repo, tool, "2/2").redirectOutput(dir.resolve("out-2.txt").toFile())
                .redirectError(consoles.get(1).toFile()).start();
        started.add(second);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(consoles.get(1)).contains("waits for") && second.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        Process first = check(repo, tool, "1/2").redirectOutput(dir.resolve("out-1.txt").toFile())
                .redirectError(consoles.get(0).toFile()).start();
        started.add(first);
        for (Process p : List.of(first, second)) {
            assertThat(p.waitFor(3, TimeUnit.MINUTES)).as("a shard ended within 3 minutes").isTrue();
        }
        String one = Files.readString(consoles.get(0)) + Files.readString(dir.resolve("out-1.txt"));
        String two = Files.readString(consoles.get(1)) + Files.readString(dir.resolve("out-2.txt"));

        assertThat(List.of(first.exitValue(), second.exitValue())).as(one + "\n----\n" + two)
                .containsExactly(ExitCodes.OK, ExitCodes.OK);
        assertThat(two).contains("dns waits for network, in shard 1 of 2");
        assertThat(one).contains("repaired");
        List<String> lines = Files.readAllLines(log);
        assertThat(lines).as("the tools' log").contains("check network", "applied network", "check dns", "check api");
        assertThat(lines.indexOf("check dns")).as("the tools' log %s", lines).isGreaterThan(lines.indexOf("applied network"));
        assertThat(lines.indexOf("check api")).as("the tools' log %s", lines).isGreaterThan(lines.indexOf("applied network"));
    }
}
