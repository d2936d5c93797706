package io.stackdrift.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed Terraform output is what its generator makes: {@code generate.sh --check} reruns every scenario with
 * the real Terraform 1.11.4 and compares, the fields that vary per run masked, and it finds a hand-edited, a missing
 * and a stray file. Runs only where Terraform 1.11.4 and jq are installed, like {@code RealTerraformTest}; elsewhere
 * it is skipped with a message (an installed tool, not test data, so the fixtures switch does not require it).
 */
@PosixOnly
class GeneratedFixturesTest {
    private static final String VERSION = "\"terraform_version\": \"1.11.4\"";

    @TempDir
    Path dir;

    private Path script;

    @BeforeEach
    void terraformIsInstalled() {
        Optional<String> version = output("terraform", "version", "-json");
        Assumptions.assumeTrue(version.isPresent() && version.get().contains(VERSION) && output("jq", "--version").isPresent(),
                "no terraform 1.11.4 or no jq on PATH: the generated fixtures are not regenerated to compare");
        script = Fixtures.checkout().resolve("core/src/test/terraform-fixtures/generate.sh");
    }

    @Test
    void theCommittedFilesAreWhatTheGeneratorMakes() throws Exception {
        Run run = check();

        assertThat(run.exit).as(run.stderr).isZero();
        assertThat(run.stdout).contains("every file matches");
    }

    @Test
    void aHandEditedAMissingAndAStrayFileAreFound() throws Exception {
        Path planted = dir.resolve("planted");
        copy(Fixtures.checkout().resolve("core/src/test/resources/" + Fixtures.OWN), planted);
        Path plan = planted.resolve("lifecycle/2-changes.plan.json");
        Files.writeString(plan, Files.readString(plan).replace("\"actions\":[\"delete\"]", "\"actions\":[\"no-op\"]"));
        Files.delete(planted.resolve("version.json"));
        Files.writeString(planted.resolve("new-stack/extra.json"), "{}");

        Run run = check(planted.toString());

        assertThat(run.exit).isEqualTo(1);
        assertThat(run.stderr).contains("lifecycle/2-changes.plan.json differs beyond the varying fields",
                "version.json is made by the script but not committed",
                "new-stack/extra.json is committed but the script no longer makes it")
                .doesNotContain("new-stack/plan.json differs");
    }

    private record Run(int exit, String stdout, String stderr) {
    }

    private Run check(final String... folder) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", script.toString(), "--check"));
        command.addAll(List.of(folder));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("generate.sh --check did not end within 5 minutes");
        }
        return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    private static Optional<String> output(final String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return process.waitFor() == 0 ? Optional.of(text) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private static void copy(final Path from, final Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
    }
}
