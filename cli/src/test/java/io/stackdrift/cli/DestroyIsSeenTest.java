package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;
import io.stackdrift.testing.RealTerraform;

/**
 * A destroy never acts unseen and never reads as a healthy run, with the real Terraform (built-in provider only,
 * offline), each run a {@code stackdrift} in a JVM of its own: {@code STACKDRIFT_DESTROY=true} left in the environment
 * of a quiet deploy is refused and the stack stays; a destroy given on the command line counts its stack as destroyed
 * in the counts line, the run JSON, the HTML report, the job badge and the history's summary. Skipped, with a message,
 * where no {@code terraform} is installed.
 */
@PosixOnly
class DestroyIsSeenTest {
    private static final ObjectMapper JSON = new ObjectMapper();

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
                "no terraform executable on PATH or at /usr/local/bin/terraform: the destroy with the real Terraform is skipped");
        repo = Files.createDirectories(dir.resolve("repo"));
        record = dir.resolve("record");
        cliConfig = Files.writeString(dir.resolve("empty.tfrc"), "");
        Files.writeString(repo.resolve("stacks.yaml"), "stacks:\n  - dir: net\n");
        Files.createDirectories(repo.resolve("net"));
        Files.writeString(repo.resolve("net/main.tf"), """
                resource "terraform_data" "value" {
                  input = "v1"
                }
                """);
    }

    @Test
    void aDestroyFromTheEnvironmentIsRefusedAndOneFromTheCommandLineCountsAsDestroyedEverywhere() throws Exception {
        Run created = stackdrift(Map.of(), "deploy");
        assertThat(created.exit()).as(created.err()).isEqualTo(ExitCodes.OK);
        assertThat(stateList()).as("created").contains("terraform_data.value");

        // left in a job's environment: refused, even under --quiet, and nothing is destroyed
        Run fromEnvironment = stackdrift(Map.of("STACKDRIFT_DESTROY", "true"), "deploy", "--quiet");
        assertThat(fromEnvironment.exit()).as(fromEnvironment.err()).isEqualTo(ExitCodes.ERROR);
        assertThat(fromEnvironment.err()).contains("STACKDRIFT_DESTROY=true is refused").contains("--destroy");
        assertThat(fromEnvironment.out()).doesNotContain("in sync");
        assertThat(stateList()).as("still there after the refused run").contains("terraform_data.value");
        Run approvedFromEnvironment = stackdrift(Map.of("STACKDRIFT_APPROVED", "true"), "deploy", "--quiet");
        assertThat(approvedFromEnvironment.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(approvedFromEnvironment.err()).contains("STACKDRIFT_APPROVED=true is refused");

        Path html = dir.resolve("html");
        Run destroyed = stackdrift(Map.of(), "deploy", "--destroy", "--quiet", "--html", html.toString());

        assertThat(destroyed.exit()).as(destroyed.err()).isEqualTo(ExitCodes.OK);
        assertThat(destroyed.out().lines()).containsExactly("1 stack · 0 in sync · 0 drifted · 0 pending · 0 failed · 1 destroyed");
        assertThat(stateList()).as("destroyed").doesNotContain("terraform_data.value");
        String index = Files.readString(html.resolve("index.html"), StandardCharsets.UTF_8);
        assertThat(index).contains("<span class=\"sd-count sd-count-destroyed\"><strong>1</strong> destroyed</span>")
                .contains("sd-state-destroyed");
        assertThat(Files.readString(html.resolve("badge.svg"), StandardCharsets.UTF_8)).contains("drift: 1 destroyed")
                .doesNotContain("in sync");
        assertThat(newestSummary().path("counts").path("destroyed").asInt()).isEqualTo(1);
        assertThat(newestSummary().path("counts").path("inSync").asInt()).isZero();

        Run again = stackdrift(Map.of(), "deploy");
        assertThat(again.exit()).as(again.err()).isEqualTo(ExitCodes.OK);
        Run destroyedAsJson = stackdrift(Map.of(), "deploy", "--destroy", "--json");

        assertThat(destroyedAsJson.exit()).as(destroyedAsJson.err()).isEqualTo(ExitCodes.OK);
        JsonNode run = JSON.readTree(destroyedAsJson.out());
        assertThat(run.path("counts").path("destroyed").asInt()).isEqualTo(1);
        assertThat(run.path("counts").path("inSync").asInt()).isZero();
        assertThat(run.path("rows").get(0).path("state").asText()).isEqualTo("destroyed");
    }

    /** The resources the stack's state holds ({@code terraform state list}). */
    private String stateList() throws Exception {
        Path out = dir.resolve("state-list.txt");
        ProcessBuilder list = new ProcessBuilder(terraform, "state", "list").directory(repo.resolve("net").toFile())
                .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD);
        environment(list);
        Process process = list.start();
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        return Files.readString(out);
    }

    private JsonNode newestSummary() throws IOException {
        try (Stream<Path> files = Files.walk(record)) {
            Path newest = files.filter(f -> f.getFileName().toString().endsWith(".summary.json")).max(Path::compareTo).orElseThrow();
            return JSON.readTree(newest.toFile());
        }
    }

    /** A run of {@code stackdrift} in a JVM of its own, with {@code variables} added to its environment. */
    private Run stackdrift(final Map<String, String> variables, final String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + Files.createDirectories(dir.resolve("tmp")), "-cp", System.getProperty("java.class.path"),
                StackDriftCommand.class.getName()));
        command.addAll(List.of(args));
        command.addAll(List.of("--config", repo.resolve("stacks.yaml").toString(), "--record", record.toString(),
                "--tool-path", "terraform=" + terraform));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        environment(builder);
        builder.environment().keySet().removeIf(name -> name.startsWith(EnvironmentOptions.PREFIX));
        builder.environment().putAll(variables);
        Process process = builder.start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("the run ended").isTrue();
        return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private void environment(final ProcessBuilder builder) {
        // no user CLI configuration (credentials, mirrors, plugin cache) and no version check over the network
        builder.environment().put("TF_CLI_CONFIG_FILE", cliConfig.toString());
        builder.environment().put("CHECKPOINT_DISABLE", "1");
    }

    private record Run(int exit, String out, String err) {
    }
}
