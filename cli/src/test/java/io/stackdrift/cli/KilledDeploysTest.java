package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;
import io.stackdrift.testing.RealTerraform;

/**
 * What interrupted deploys leave for the next one, with the real Terraform (built-in provider only, offline): a
 * two-stack deploy ({@code down} reads {@code up}'s outputs file) of a new value is stopped again and again — SIGTERM
 * and {@code kill -9} in turn, at ten points of the run — and one more deploy then leaves both stacks, their states and
 * their outputs files on the new value. Skipped, with a message, where no {@code terraform} is installed. The delays
 * only choose where a run is stopped; nothing here is timed.
 */
@PosixOnly
class KilledDeploysTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long[] DELAYS_MS = {300, 800, 1300, 1800, 2300, 2800, 3400, 4000, 4800, 5600};

    @TempDir
    Path dir;

    private Path repo;
    private Path record;
    private Path cliConfig;
    private String terraform;

    @BeforeEach
    void repository() throws IOException {
        terraform = RealTerraform.locate().orElse(null);
        Assumptions.assumeTrue(terraform != null,
                "no terraform executable on PATH or at /usr/local/bin/terraform: the kill loop with the real Terraform is skipped");
        repo = Files.createDirectories(dir.resolve("repo"));
        record = dir.resolve("record");
        cliConfig = Files.writeString(dir.resolve("empty.tfrc"), "");
        Files.writeString(repo.resolve("stacks.yaml"), """
                stacks:
                  - dir: up
                    outputs: out/up.json
                  - dir: down
                    dependsOn: [up]
                    outputs: out/down.json
                """);
        Files.createDirectories(repo.resolve("up"));
        Files.createDirectories(repo.resolve("down"));
        Files.writeString(repo.resolve("down/main.tf"), """
                terraform {
                }

                resource "terraform_data" "copy" {
                  input = jsondecode(file("${path.module}/../out/up.json"))["value"]
                }

                output "value" {
                  value = terraform_data.copy.output
                }
                """);
        writeUp("v1");
    }

    @Test
    void aTwoStackDeployStoppedTenTimesIsBroughtToTheNewValueByOneMoreDeploy() throws Exception {
        Run first = deploy(-1, false);
        assertThat(first.exit()).as(first.err()).isEqualTo(ExitCodes.OK);
        assertOnValue("v1", first.err());

        writeUp("v2");
        List<String> stops = new ArrayList<>();
        for (int i = 0; i < DELAYS_MS.length; i++) {
            Run stopped = deploy(DELAYS_MS[i], i % 2 == 1);
            stops.add((i % 2 == 1 ? "kill -9" : "SIGTERM") + " after " + DELAYS_MS[i] + " ms: exit " + stopped.exit() + "\n"
                    + stopped.out() + stopped.err());
        }

        Run last = deploy(-1, false);

        String story = String.join("\n", stops) + "\n--- the last deploy:\n" + last.out() + last.err();
        assertThat(last.exit()).as(story).isEqualTo(ExitCodes.OK);
        assertOnValue("v2", story);
    }

    /**
     * In a fresh pid namespace (a container CI job) the run after a killed deploy often gets the killed run's pid: its
     * marker is then not this run's, although the pid says so. Killed after {@code up} applied the new value and before
     * {@code down} followed it, the next run must redo the deploy: {@code up}'s plan is then empty, and only the
     * interrupted deploy makes {@code down} owe one.
     */
    @Test
    void aDeployKilledBetweenTwoStacksIsRedoneByTheNextRunThatGotItsPid() throws Exception {
        Run first = deploy(-1, false);
        assertThat(first.exit()).as(first.err()).isEqualTo(ExitCodes.OK);
        writeUp("v2");
        Started killed = start(deployCommand(List.of()));
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!Files.readString(killed.err()).contains("up: outputs written") && killed.process().isAlive()
                && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        killed.process().destroyForcibly();
        assertThat(killed.process().waitFor(1, TimeUnit.MINUTES)).isTrue();
        String story = "the killed deploy:\n" + Files.readString(killed.err());
        Assumptions.assumeFalse(story.contains("applying down"), "the deploy got to down before it was killed:\n" + story);
        assertThat(hasMarker(record.resolve("deploying"))).as(story).isTrue();

        Run next = run(start(deployCommand(List.of(SamePidDeploy.class.getName(), record.toString()))));

        story += "\nthe next deploy:\n" + next.out() + next.err();
        assertThat(next.exit()).as(story).isEqualTo(ExitCodes.OK);
        assertThat(next.err()).as(story).contains("up: an earlier deploy was interrupted");
        assertOnValue("v2", story);
    }

    private static boolean hasMarker(final Path markers) throws IOException {
        if (!Files.isDirectory(markers)) {
            return false;
        }
        try (var files = Files.list(markers)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".json") && !f.getFileName().toString().startsWith("."));
        }
    }

    private void writeUp(final String value) throws IOException {
        Files.writeString(repo.resolve("up/main.tf"), """
                terraform {
                }

                resource "terraform_data" "value" {
                  input = "VALUE"
                }

                output "value" {
                  value = terraform_data.value.output
                }
                """.replace("VALUE", value));
    }

    private void assertOnValue(final String value, final String story) throws Exception {
        for (String stack : List.of("up", "down")) {
            JsonNode outputs = JSON.readTree(repo.resolve("out/" + stack + ".json").toFile());
            assertThat(outputs.path("value").asText()).as("out/%s.json after\n%s", stack, story).isEqualTo(value);
            assertThat(stateValue(stack)).as("the state of %s after\n%s", stack, story).isEqualTo(value);
        }
    }

    /** The output {@code value} as the stack's state holds it ({@code terraform output -json}). */
    private String stateValue(final String stack) throws Exception {
        Path out = dir.resolve(stack + "-output.json");
        ProcessBuilder output = new ProcessBuilder(terraform, "output", "-json").directory(repo.resolve(stack).toFile())
                .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD);
        environment(output);
        Process process = output.start();
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        return JSON.readTree(out.toFile()).path("value").path("value").asText();
    }

    /** A run of {@code stackdrift deploy} in a JVM of its own, stopped after {@code stopAfterMs} (never when negative). */
    private Run deploy(final long stopAfterMs, final boolean kill) throws Exception {
        Started started = start(deployCommand(List.of()));
        Process process = started.process();
        if (stopAfterMs >= 0 && !process.waitFor(stopAfterMs, TimeUnit.MILLISECONDS)) {
            if (kill) {
                process.destroyForcibly();
            } else {
                process.destroy();
            }
        }
        return run(started);
    }

    /** {@code java … MAIN… deploy …}; the main class and its leading arguments first, {@link StackDriftCommand} when none. */
    private List<String> deployCommand(final List<String> main) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + Files.createDirectories(dir.resolve("tmp")), "-cp", System.getProperty("java.class.path")));
        command.addAll(main.isEmpty() ? List.of(StackDriftCommand.class.getName()) : main);
        command.addAll(List.of("deploy", "--config", repo.resolve("stacks.yaml").toString(),
                "--record", record.toString(), "--tool-path", "terraform=" + terraform));
        return command;
    }

    private Started start(final List<String> command) throws IOException {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        environment(builder);
        return new Started(builder.start(), out, err);
    }

    private static Run run(final Started started) throws Exception {
        assertThat(started.process().waitFor(5, TimeUnit.MINUTES)).as("the deploy ended").isTrue();
        return new Run(started.process().exitValue(), Files.readString(started.out()), Files.readString(started.err()));
    }

    private record Started(Process process, Path out, Path err) {
    }

    private void environment(final ProcessBuilder builder) {
        // no user CLI configuration (credentials, mirrors, plugin cache) and no version check over the network
        builder.environment().put("TF_CLI_CONFIG_FILE", cliConfig.toString());
        builder.environment().put("CHECKPOINT_DISABLE", "1");
    }

    private record Run(int exit, String out, String err) {
    }

}
