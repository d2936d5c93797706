package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.engine.GitFiles;
import io.stackdrift.render.SecretMask;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessSpec;
import io.stackdrift.testing.PosixOnly;

/** The controller starts only the plugin's wrapper around a known tool, in the workspace, for the agent. */
class LaunchPolicyTest {
    @TempDir
    Path root;

    private ToolCommand wrapped(final Path step, final String tool, final String workingDir) {
        List<String> line = new ArrayList<>(List.of(AgentProcessRunner.SHELL, "-c", AgentProcessRunner.WRAPPER, "stack-drift",
                step.resolve("out").toString(), step.resolve("out.stderr").toString(), step.resolve("out.missing").toString(),
                tool, "plan"));
        return ToolCommand.of(line, workingDir, Map.of("TF_VAR_x", "a$b"));
    }

    @Test
    void theWrapperAroundAKnownToolInTheWorkspaceIsStartedAndNothingElse() {
        Path ws = root.resolve("ws");
        Path step = root.resolve("ws@tmp/stack-drift-1-check-a$b");
        LaunchPolicy policy = new LaunchPolicy(Set.of("/opt/tf-1.5/bin/tf"), ws.toString(), step.toString());

        assertThat(policy.refusal(wrapped(step, "terraform", ws.resolve("net").toString()))).isEmpty();
        assertThat(policy.refusal(wrapped(step, "/opt/tf-1.5/bin/tf", ws.toString()))).isEmpty();
        assertThat(policy.refusal(wrapped(step, "tofu", step.resolve("schema").toString()))).isEmpty();

        assertThat(policy.refusal(wrapped(step, "curl", ws.toString()))).hasValueSatisfying(
                why -> assertThat(why).contains("'curl' is not terraform, tofu, pulumi or a configured tool path"));
        assertThat(policy.refusal(wrapped(step, "/bin/terraform-evil", ws.toString()))).isPresent();
        assertThat(policy.refusal(wrapped(step, "terraform", root.resolve("ws2").toString()))).hasValue(
                "a working directory outside the workspace");
        assertThat(policy.refusal(wrapped(step, "terraform", ws.resolve("../elsewhere").toString()))).isPresent();
        assertThat(policy.refusal(wrapped(root.resolve("elsewhere"), "terraform", ws.toString()))).hasValue(
                "an output file outside the step's directory");
        assertThat(policy.refusal(ToolCommand.of(List.of("sh", "-c", "id", "stack-drift", "a", "b", "c", "terraform"),
                ws.toString(), Map.of()))).hasValue("not the Stack Drift tool wrapper");
        assertThat(policy.refusal(ToolCommand.of(List.of("terraform", "plan"), ws.toString(), Map.of()))).isPresent();
    }

    @Test
    void gitIsStartedOnlyToListAStacksFilesForItsDigest() {
        Path ws = root.resolve("ws");
        Path step = root.resolve("ws@tmp/step");
        LaunchPolicy policy = new LaunchPolicy(Set.of(), ws.toString(), step.toString());
        List<String> head = List.of(AgentProcessRunner.SHELL, "-c", AgentProcessRunner.WRAPPER, "stack-drift",
                step.resolve("out").toString(), step.resolve("out.stderr").toString(), step.resolve("out.missing").toString(), "git");
        List<String> listing = new ArrayList<>(head);
        listing.addAll(GitFiles.LS_FILES);

        assertThat(policy.refusal(ToolCommand.of(listing, ws.resolve("net").toString(), Map.of()))).isEmpty();
        List<String> other = new ArrayList<>(head);
        other.addAll(List.of("-c", "core.fsmonitor=touch /tmp/x", "status"));
        assertThat(policy.refusal(ToolCommand.of(other, ws.toString(), Map.of()))).hasValueSatisfying(
                why -> assertThat(why).startsWith("git runs here only to list a stack's files"));
    }

    @Test
    @PosixOnly
    void whatTheAgentsRunnerBuildsPassesAndARefusedCommandNeverStarts() throws Exception {
        Path ws = Files.createDirectories(root.resolve("ws"));
        Path step = Files.createDirectories(root.resolve("ws@tmp/step"));
        Path bin = Files.createDirectories(root.resolve("bin"));
        for (String name : List.of("terraform", "curl")) {
            Path tool = Files.writeString(bin.resolve(name), "#!/bin/sh\necho ran $1\n");
            Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        FakeLocalLauncher controller = new FakeLocalLauncher(new LaunchPolicy(Set.of(), ws.toString(), step.toString()));
        AgentProcessRunner runner = new AgentProcessRunner(controller,
                Map.of("PATH", bin + File.pathSeparator + "/usr/bin" + File.pathSeparator + "/bin"), SecretMask.NONE);

        ProcessResult ran = runner.run(new ProcessSpec(List.of("terraform", "plan"), ws, Map.of(), Duration.ofSeconds(30),
                step.resolve("plan.out")));
        assertThat(ran.exitCode()).isZero();
        assertThat(Files.readString(ran.stdoutFile())).isEqualTo("ran plan\n");

        assertThatThrownBy(() -> runner.run(new ProcessSpec(List.of("curl", "plan"), ws, Map.of(), Duration.ofSeconds(30),
                step.resolve("curl.out")))).isInstanceOf(IOException.class).hasMessageContaining("refused");
        assertThat(controller.starts).hasValue(1);
    }
}
