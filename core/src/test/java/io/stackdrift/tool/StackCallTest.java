package io.stackdrift.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.stackdrift.config.DriftSettings;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

class StackCallTest {
    private static final Path ROOT = Path.of("/repo");
    private static final StackConfig NETWORK = new StackConfig(StackId.terraform("infra/network", ""), Tool.TOFU, "infra/network",
            "", List.of(), false, DriftSettings.defaults(), Duration.ZERO, Policy.ON_CHANGE, Map.of(), Optional.empty());

    @Test
    void theProcessesRunInTheStacksDirectoryUnderTheRoot() {
        StackCall call = new StackCall(NETWORK, ROOT, Path.of("/work/check"), Map.of());
        assertThat(call.directory()).isEqualTo(NETWORK.directory(ROOT));
        assertThat(call.id()).isEqualTo(NETWORK.id());
    }

    @Test
    void anotherWorkDirectoryKeepsTheStackTheRootAndTheVariables() {
        StackCall call = new StackCall(NETWORK, ROOT, Path.of("/work/schema"), Map.of("TF_VAR_x", "1"));
        StackCall probe = call.in(Path.of("/work/schema/replace-probe"));
        assertThat(probe).isEqualTo(new StackCall(NETWORK, ROOT, Path.of("/work/schema/replace-probe"), Map.of("TF_VAR_x", "1")));
        assertThat(call.workDir()).isEqualTo(Path.of("/work/schema"));
    }

    @Test
    void theVariablesKeepTheirOrderAndCannotChangeAfterTheBinding() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("B", "2");
        env.put("A", "1");
        StackCall call = new StackCall(NETWORK, ROOT, Path.of("/work"), env);
        env.put("C", "3");
        assertThat(call.environment().keySet()).containsExactly("B", "A");
        assertThatThrownBy(() -> call.environment().put("D", "4")).isInstanceOf(UnsupportedOperationException.class);
    }
}
