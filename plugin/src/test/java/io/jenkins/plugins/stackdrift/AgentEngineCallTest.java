package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import hudson.model.TaskListener;

class AgentEngineCallTest {
    @TempDir
    Path workspace;

    private final StackDriftEngine engine = mock(StackDriftEngine.class);
    private final PrintStream log = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    private static EngineRequest request() {
        return new EngineRequest("stacks.yaml", List.of(), 0, false, false, List.of(), "1", "", false, Map.of(), Map.of());
    }

    private AgentEngineCall call(final Operation operation) {
        return new AgentEngineCall(operation, request(), StackCredentials.none(), mock(TaskListener.class),
                workspace.resolve("record.json").toString(), EngineFactory.core());
    }

    @Test
    void validateAsksTheEngineWithTheWorkspaceAsRoot() throws Exception {
        when(engine.validate(workspace, request())).thenReturn(new ValidationOutcome(List.of("a  tofu"), List.of()));
        AgentOutcome outcome = call(Operation.VALIDATE).run(engine, workspace, log);
        assertThat(outcome.stackLines()).containsExactly("a  tofu");
        assertThat(outcome.problems()).isEmpty();
    }

    @Test
    void invalidConfigurationComesBackAsProblemsNotAnException() throws Exception {
        when(engine.credentialsNeeded(any(), any())).thenThrow(new InvalidConfigurationException(List.of("stacks.yaml:2:3: x")));
        assertThat(call(Operation.CREDENTIALS).run(engine, workspace, log).problems()).containsExactly("stacks.yaml:2:3: x");
    }

    @Test
    void credentialIdsComeBackAsPlainMaps() throws Exception {
        when(engine.credentialsNeeded(any(), any())).thenReturn(Map.of("net", Map.of("TOKEN", "tok-id")));
        Map<String, Map<String, String>> needed = call(Operation.CREDENTIALS).run(engine, workspace, log).credentialsNeeded();
        assertThat(needed).containsOnlyKeys("net");
        assertThat(needed.get("net")).isInstanceOf(Map.class).containsEntry("TOKEN", "tok-id");
    }

    @Test
    void theUnwiredCoreStopsWithAClearMessage() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> EngineFactory.core().create())
                .isInstanceOf(hudson.AbortException.class)
                .hasMessageContaining("not wired");
    }
}
