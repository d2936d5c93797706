package io.stackdrift.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * The gentle stop against a real Terraform (built-in provider only, offline): a stop during an apply whose
 * provisioner sleeps leaves a valid state that names what was created, and no held state lock. Skipped where no
 * {@code terraform} is installed.
 */
@PosixOnly
class ToolWrapperTerraformTest {
    private static final String TERRAFORM = RealTerraform.locate().orElse(null);

    @TempDir
    Path dir;

    private Path module;
    private Path step;
    private Map<String, String> environment;

    @BeforeEach
    void moduleWithASlowProvisioner() throws Exception {
        Assumptions.assumeTrue(TERRAFORM != null, "no terraform executable: the real-Terraform stop is skipped");
        module = Files.createDirectories(dir.resolve("stack"));
        step = Files.createDirectories(dir.resolve("step"));
        Files.createDirectories(step.resolve("calls"));
        Path cliConfig = Files.writeString(dir.resolve("empty.tfrc"), "");
        environment = Map.of("TF_CLI_CONFIG_FILE", cliConfig.toString(), "CHECKPOINT_DISABLE", "1");
        Files.writeString(module.resolve("main.tf"), """
                resource "terraform_data" "fast" {
                  input = "one"
                }
                resource "terraform_data" "slow" {
                  input = "two"
                  provisioner "local-exec" {
                    command = "touch %s; sleep 60"
                  }
                }
                """.formatted(dir.resolve("provisioning")));
        assertThat(terraform(List.of("init", "-input=false", "-no-color")).exitCode).isZero();
    }

    @Test
    void aStopDuringApplyLeavesAValidStateNamingWhatWasCreatedAndNoLock() throws Exception {
        List<String> apply = new ArrayList<>(List.of(TERRAFORM, "apply", "-auto-approve", "-input=false", "-no-color"));
        ProcessBuilder builder = new ProcessBuilder(ToolWrapper.command(step, 0, Duration.ofSeconds(60), apply))
                .directory(module.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("wrapper.log").toFile());
        builder.environment().putAll(environment);
        Process wrapper = builder.start();
        Instant limit = Instant.now().plusSeconds(60);
        while (!Files.exists(dir.resolve("provisioning"))) {
            assertThat(Instant.now()).as("waiting for the provisioner to start").isBefore(limit);
            Thread.sleep(100);
        }

        Files.writeString(step.resolve("stop"), "");

        assertThat(wrapper.waitFor(90, TimeUnit.SECONDS)).isTrue();
        String output = Files.readString(step.resolve("calls/0.out"), StandardCharsets.UTF_8);
        assertThat(output).as("terraform was interrupted, not killed").contains("Interrupt received");
        assertThat(Files.readString(step.resolve("calls/0.exit"), StandardCharsets.UTF_8).strip()).isNotEqualTo("137");
        Result list = terraform(List.of("state", "list", "-no-color"));
        assertThat(list.exitCode).isZero();
        assertThat(list.output.lines()).contains("terraform_data.fast", "terraform_data.slow");
        Result show = terraform(List.of("show", "-json", "-no-color"));
        assertThat(show.exitCode).isZero();
        JsonNode resources = new ObjectMapper().readTree(show.output).path("values").path("root_module").path("resources");
        assertThat(resources.findValuesAsText("address")).contains("terraform_data.fast", "terraform_data.slow");
        Result locked = terraform(List.of("plan", "-input=false", "-no-color", "-lock-timeout=0s"));
        assertThat(locked.output).doesNotContain("Error acquiring the state lock");
        assertThat(locked.exitCode).isZero();
    }

    private Result terraform(final List<String> arguments) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of(TERRAFORM));
        argv.addAll(arguments);
        Path out = Files.createTempFile(dir, "terraform", ".out");
        ProcessBuilder builder = new ProcessBuilder(argv).directory(module.toFile()).redirectErrorStream(true)
                .redirectOutput(out.toFile());
        builder.environment().putAll(environment);
        Process process = builder.start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
    }

    private record Result(int exitCode, String output) {
    }
}
