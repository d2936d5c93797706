package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
 * Deploys of one stack started at the same time, each a {@code stackdrift deploy} in a JVM of its own: the stack's lock
 * holds for the whole deploy, so no two applies ever overlap. The scripted tool's apply notes its start and its end in
 * one file and sleeps between the two; any overlap shows as two starts in a row. (The lock used to be dropped at once:
 * the holder read its own lock file, and closing that read released the process's POSIX lock.)
 */
@PosixOnly
class ConcurrentDeploysTest {
    private static final int DEPLOYS = 5;

    @TempDir
    Path dir;

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stopLeftovers() {
        started.forEach(Process::destroyForcibly);
    }

    @Test
    void concurrentDeploysOfOneStackNeverApplyAtTheSameTimeAndWaitersNameTheLiveHolder() throws Exception {
        Path applies = dir.resolve("applies.log");
        Files.createFile(applies);
        ForkedCheck repo = ForkedCheck.of(dir, "net", """
                #!/bin/sh
                # a plan with one create; an apply that takes a while and says when it starts and ends
                case "$1" in
                  version) echo '{"terraform_version":"1.11.4"}' ;;
                  plan) for a in "$@"; do case "$a" in -out=*) cp ../plan.json "${a#-out=}" ;; esac; done; exit 2 ;;
                  show) for a in "$@"; do f="$a"; done; cat "$f" ;;
                  apply) echo "start $$" >> APPLIES; sleep 1; echo "end $$" >> APPLIES
                         # the stack's files change with every apply, so a deploy that starts late is not "unchanged"
                         echo "$$" >> applied.txt ;;
                  output) echo '{}' ;;
                  *) exit 0 ;;
                esac
                """.replace("APPLIES", applies.toString()));
        Files.writeString(repo.repo.resolve("plan.json"), """
                {"format_version":"1.2","terraform_version":"1.11.4","resource_changes":[{"address":"terraform_data.x",
                "mode":"managed","type":"terraform_data","name":"x","provider_name":"terraform.io/builtin/terraform",
                "change":{"actions":["create"],"before":null,"after":{"input":"a"},"after_unknown":{"id":true},
                "before_sensitive":false,"after_sensitive":{}}}]}
                """);
        Path record = dir.resolve("record");
        List<Path> consoles = new ArrayList<>();
        for (int i = 0; i < DEPLOYS; i++) {
            Path console = dir.resolve("console-" + i + ".txt");
            consoles.add(console);
            started.add(repo.command("deploy", List.of(), "--record", record.toString())
                    .redirectOutput(dir.resolve("out-" + i + ".txt").toFile()).redirectError(console.toFile()).start());
        }
        for (Process deploy : started) {
            assertThat(deploy.waitFor(5, TimeUnit.MINUTES)).as("a deploy ended within 5 minutes").isTrue();
        }
        StringBuilder all = new StringBuilder();
        for (Path console : consoles) {
            all.append(Files.readString(console)).append('\n');
        }
        for (Process deploy : started) {
            assertThat(deploy.exitValue()).as(all.toString()).isEqualTo(ExitCodes.OK);
        }

        List<String> lines = Files.readAllLines(applies);
        assertThat(lines).as("at least two deploys applied, else nothing was shown").hasSizeGreaterThanOrEqualTo(4);
        for (int i = 0; i < lines.size(); i++) {
            assertThat(lines.get(i)).as("apply log %s", lines).startsWith(i % 2 == 0 ? "start " : "end ");
            if (i % 2 == 1) {
                assertThat(lines.get(i).substring(4)).as("apply log %s", lines).isEqualTo(lines.get(i - 1).substring(6));
            }
        }
        // a waiter names the deploy that holds the stack, which is alive: never "the ended run"
        assertThat(all).contains("waiting for the deploy of net by pid ").doesNotContain("ended run");
    }
}
