package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.stackdrift.engine.RunRequest;
import io.stackdrift.engine.StartedBy;
import io.stackdrift.model.Tool;

class EngineRequestTest {
    private static final Path WORKSPACE = Path.of("/agent/ws/job");

    private static EngineRequest request(final String config, final String startedBy, final List<String> changed) {
        return new EngineRequest(config, List.of("network"), 3, true, false, "12", "pushed by bob", startedBy, changed,
                Map.of("tofu", "/opt/tofu/bin/tofu", "pulumi", " "), Map.of("PATH", "/usr/bin"));
    }

    @Test
    void theCoreRequestIsRootedAtTheConfigFilesDirectoryInTheWorkspace() {
        RunRequest run = request("infra/stacks.yaml", "PUSH", List.of()).toRunRequest(WORKSPACE);
        assertThat(run.configFile()).isEqualTo(Path.of("/agent/ws/job/infra/stacks.yaml"));
        assertThat(run.repositoryRoot()).isEqualTo(Path.of("/agent/ws/job/infra"));
        assertThat(run.startedBy()).isEqualTo(StartedBy.PUSH);
        assertThat(run.parallelism()).hasValue(3);
        assertThat(run.rehearsal()).isTrue();
        assertThat(run.runId()).isEqualTo("12");
    }

    @Test
    void changedFilesAreMadeRelativeToTheRepositoryRootAndOthersLeftOut() {
        EngineRequest request = request("infra/stacks.yaml", "PUSH",
                List.of("infra/network/main.tf", "app/index.js", "infra/../infra/dns/x.tf", "../../etc/passwd", "infra"));
        assertThat(request.changedUnderRoot(WORKSPACE)).containsExactly("dns/x.tf", "network/main.tf");
    }

    @Test
    void onlyToolPathsThatAreSetReachTheToolSettings() {
        EngineRequest request = request("stacks.yaml", "MANUAL", List.of());
        assertThat(request.toolSettings().executable(Tool.TOFU)).isEqualTo("/opt/tofu/bin/tofu");
        assertThat(request.toolSettings().executable(Tool.PULUMI)).isEqualTo("pulumi");
        assertThat(request.toolSettings().executable(Tool.TERRAFORM)).isEqualTo("terraform");
    }

    @Test
    void aToolTimeoutCountsForPlanAndApplyAndWithoutOneAnApplyGetsLongerThanAPlan() {
        EngineRequest none = request("stacks.yaml", "MANUAL", List.of());
        assertThat(none.toolSettings().applyTimeout()).isGreaterThan(none.toolSettings().timeout());
        EngineRequest twoHours = new EngineRequest("stacks.yaml", List.of(), 0, false, false, false, "1", "", "MANUAL", List.of(),
                Map.of(), Map.of(), 7200);
        assertThat(twoHours.toolSettings().timeout()).isEqualTo(Duration.ofHours(2));
        assertThat(twoHours.toolSettings().applyTimeout()).isEqualTo(Duration.ofHours(2));
        assertThat(twoHours.toolSettings().timeoutHint()).isEqualTo(EngineRequest.TIMEOUT_HINT);
    }

    @Test
    void itsTextNamesTheBuildsVariablesNeverTheirValues() {
        EngineRequest request = new EngineRequest("stacks.yaml", List.of("network"), 0, false, false, "1", "", "MANUAL", List.of(),
                Map.of(), Map.of("BOUND_BY_WITH_CREDENTIALS", "planted-secret-value"));
        assertThat(request.toString()).contains("BOUND_BY_WITH_CREDENTIALS").doesNotContain("planted-secret-value");
    }

    @Test
    void anUnknownStartWordIsRefused() {
        assertThatThrownBy(() -> request("stacks.yaml", "LATER", List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void destroyReachesTheCoreRequestAndIsOffUnlessAsked() {
        EngineRequest destroy = new EngineRequest("stacks.yaml", List.of(), 0, false, true, true, "12", "", "MANUAL", List.of(),
                Map.of(), Map.of());
        RunRequest run = destroy.toRunRequest(WORKSPACE);
        assertThat(run.destroy()).isTrue();
        assertThat(run.approved()).isTrue();
        assertThat(request("stacks.yaml", "MANUAL", List.of()).destroy()).isFalse();
        assertThat(request("stacks.yaml", "MANUAL", List.of()).toRunRequest(WORKSPACE).destroy()).isFalse();
    }
}
