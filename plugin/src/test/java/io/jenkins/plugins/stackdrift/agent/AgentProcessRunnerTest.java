package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.engine.spi.LocalProcessRunner;
import io.stackdrift.engine.spi.ProcessResult;
import io.stackdrift.engine.spi.ProcessSpec;
import io.stackdrift.testing.PosixOnly;

@PosixOnly
class AgentProcessRunnerTest {
    @TempDir
    Path dir;

    private Path script(final String name, final String body) throws Exception {
        Path file = Files.writeString(dir.resolve(name), "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    private ProcessSpec spec(final String executable, final Map<String, String> env) {
        return new ProcessSpec(List.of(executable, "plan"), dir, env, Duration.ofSeconds(30), dir.resolve("out.txt"));
    }

    @Test
    void aBareToolNameIsFoundOnTheBuildsPathNotTheAgentJvms() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.move(script("tofu", "echo found $1"), bin.resolve("tofu"));
        String path = bin + File.pathSeparator + "/usr/bin" + File.pathSeparator + "/bin";
        ProcessResult result = new AgentProcessRunner(new LocalProcessRunner(), Map.of("PATH", path), List.of())
                .run(spec("tofu", Map.of()));
        assertThat(result.exitCode()).isZero();
        assertThat(Files.readString(result.stdoutFile())).isEqualTo("found plan\n");
        assertThat(AgentProcessRunner.onPath("tofu", path)).isEqualTo(bin.resolve("tofu").toString());
        assertThat(AgentProcessRunner.onPath("/opt/tofu", path)).isEqualTo("/opt/tofu");
        assertThat(AgentProcessRunner.onPath("missing-tool", path)).isEqualTo("missing-tool");
    }

    @Test
    void stackVariablesGoOnTopOfTheBuildEnvironmentLiterallyAndSecretsAreMaskedInStderr() throws Exception {
        Path tool = script("tool", "echo \"$REGION $TOKEN\"; echo \"denied: $TOKEN\" >&2; exit 1");
        AtomicReference<ProcessSpec> seen = new AtomicReference<>();
        ProcessResult result = new AgentProcessRunner(spec -> {
            seen.set(spec);
            return new LocalProcessRunner().run(spec);
        }, Map.of("REGION", "eu-west-1", "TOKEN", "from-build"), List.of("s3cr$t"))
                .run(spec(tool.toString(), Map.of("TOKEN", "s3cr$t")));
        assertThat(seen.get().environment()).containsEntry("REGION", "eu-west-1").containsEntry("TOKEN", "s3cr$t");
        // no shell and no Launcher: the $ arrives as written
        assertThat(Files.readString(result.stdoutFile())).isEqualTo("eu-west-1 s3cr$t\n");
        assertThat(result.stderrTail()).contains("denied: ****").doesNotContain("s3cr$t");
        assertThat(result.exitCode()).isEqualTo(1);
    }
}
