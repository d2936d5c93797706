package io.stackdrift.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Tool;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.spi.ProcessSpec;
import io.stackdrift.spi.ToolSettings;

class ToolProcessTest {
    @TempDir
    Path temp;

    private final List<ProcessSpec> specs = new ArrayList<>();

    private ToolProcess process(final Set<String> inherited) {
        ProcessRunner runner = spec -> {
            specs.add(spec);
            return ProcessResult.exited(1, spec.stdoutFile(), "");
        };
        return new ToolProcess(Tool.TOFU, ToolSettings.defaults(), runner, Map.of("TF_IN_AUTOMATION", "1"), inherited);
    }

    @Test
    void debugLoggingInheritedFromTheMachineIsSwitchedOff() throws Exception {
        ToolProcess process = process(Set.of("PATH", "TF_LOG_PROVIDER_AWS"));

        process.run("tofu plan", List.of("tofu", "plan"), temp, Map.of("AWS_ACCESS_KEY_ID", "AKIA"), temp.resolve("out"),
                process.deadline());

        Map<String, String> environment = specs.get(0).environment();
        assertThat(environment).containsEntry("TF_LOG", "").containsEntry("TF_LOG_CORE", "").containsEntry("TF_LOG_PROVIDER", "")
                .containsEntry("TF_LOG_PATH", "").containsEntry("TF_LOG_PROVIDER_AWS", "").containsEntry("PULUMI_DEBUG_COMMANDS", "")
                .containsEntry("PULUMI_DEBUG_GRPC", "").containsEntry("TF_IN_AUTOMATION", "1").containsEntry("AWS_ACCESS_KEY_ID", "AKIA")
                .doesNotContainKey("PATH");
    }

    @Test
    void aStackThatAsksForDebugLoggingGetsIt() throws Exception {
        ToolProcess process = process(Set.of());

        process.run("tofu plan", List.of("tofu", "plan"), temp, Map.of("TF_LOG", "DEBUG", "TF_LOG_PATH", "/tmp/tf.log"),
                temp.resolve("out"), process.deadline());

        assertThat(specs.get(0).environment()).containsEntry("TF_LOG", "DEBUG").containsEntry("TF_LOG_PATH", "/tmp/tf.log")
                .containsEntry("TF_LOG_PROVIDER", "");
    }

    @Test
    void aFailureWithoutAnErrorLineNamesTheExitCodeNotAnyLine() throws Exception {
        ProcessRunner runner = spec -> ProcessResult.exited(2, spec.stdoutFile(), "goroutine 1 [running]:\nsecret=hunter2\n");
        ToolProcess process = new ToolProcess(Tool.TOFU, ToolSettings.defaults(), runner, Map.of(), Set.of());

        ToolProcess.Outcome outcome = process.run("tofu apply", List.of("tofu", "apply"), temp, Map.of(), temp.resolve("out"),
                process.deadline());

        assertThat(outcome.reason()).isEqualTo("tofu apply failed with exit code 2 (see the console log)");
    }
}
