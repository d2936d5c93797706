package io.stackdrift.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import org.junit.jupiter.api.Test;

import io.stackdrift.engine.RunRequest;
import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployChoice;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.StackId;
import io.stackdrift.model.StartedBy;
import io.stackdrift.model.Timing;
import io.stackdrift.model.Tool;
import io.stackdrift.spi.ToolSettings;

class StepRequestTest {
    static StepRequest everyField() {
        return StepRequest.builder("12").configFile("infra/stacks.yaml").stacks(List.of("network", "app*")).parallelism(3)
                .deploy(new DeployChoice(DeployMode.REHEARSAL, Approval.GIVEN, DeployKind.DESTROY)).cause("started by Ada")
                .startedBy(StartedBy.PUSH).changedFiles(List.of("infra/network/main.tf", "README.md"))
                .toolPaths(Map.of(Tool.TOFU, "/opt/tofu")).buildEnvironment(Map.of("PATH", "/bin", "TOKEN", "s3cr3t"))
                .approvedPlans(Map.of("network", "sha256:abc")).commit("f00d").approvalSource("build #11").valueKey("0a0b")
                .toolTimeout(Duration.ofMinutes(20)).timing(Timing.NOW).build();
    }

    @Test
    void aRequestOfARunIdAloneTakesEveryDefault() {
        StepRequest request = StepRequest.builder("7").build();

        assertThat(request.configFile()).isEqualTo("stacks.yaml");
        assertThat(request.stacks()).isEmpty();
        assertThat(request.parallelismAsked()).isEmpty();
        assertThat(request.deploy()).isEqualTo(DeployChoice.DEPLOY);
        assertThat(request.startedBy()).isEqualTo(StartedBy.MANUAL);
        assertThat(request.toolTimeout()).isZero();
        assertThat(request.timing()).isEqualTo(Timing.WHEN_DUE);
        assertThat(request.toolSettings("hint")).isEqualTo(ToolSettings.defaults().withTimeoutHint("hint"));
    }

    @Test
    void toBuilderKeepsEveryFieldItDoesNotChange() {
        StepRequest request = everyField();

        assertThat(request.toBuilder().build()).isEqualTo(request);
        assertThat(request.toBuilder().stacks(List.of("dns")).build())
                .isEqualTo(new StepRequest(request.configFile(), List.of("dns"), request.parallelism(), request.deploy(),
                        request.runId(), request.cause(), request.startedBy(), request.changedFiles(), request.toolPaths(),
                        request.buildEnvironment(), request.approvedPlans(), request.commit(), request.approvalSource(),
                        request.valueKey(), request.toolTimeout(), request.timing()));
    }

    @Test
    void itSurvivesJavaSerializationAsARunningStepIsSaved() throws Exception {
        StepRequest request = everyField();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(request);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertThat(in.readObject()).isEqualTo(request);
        }
    }

    @Test
    void itBecomesTheCoresRunRequestRootedAtTheWorkspace() {
        Path workspace = Path.of("/ws");

        RunRequest run = everyField().toRunRequest(workspace);

        assertThat(run.configFile()).isEqualTo(Path.of("/ws/infra/stacks.yaml"));
        assertThat(run.repositoryRoot()).isEqualTo(Path.of("/ws/infra"));
        assertThat(run.parallelism()).isEqualTo(OptionalInt.of(3));
        assertThat(run.mode()).isEqualTo(DeployMode.REHEARSAL);
        assertThat(run.approval()).isEqualTo(Approval.GIVEN);
        assertThat(run.kind()).isEqualTo(DeployKind.DESTROY);
        assertThat(run.startedBy()).isEqualTo(StartedBy.PUSH);
        assertThat(run.changedFiles()).containsExactly("network/main.tf");
        assertThat(run.timing()).isEqualTo(Timing.NOW);
        assertThat(run.approvedPlans().plans()).containsExactly(Map.entry(StackId.of("network"), "sha256:abc"));
        assertThat(run.approvedPlans().commit()).isEqualTo("f00d");
    }

    @Test
    void theToolTimeoutCountsForEveryStepAndAToolPathIsKept() {
        ToolSettings settings = everyField().toolSettings("raise it");

        assertThat(settings.timeout()).isEqualTo(Duration.ofMinutes(20));
        assertThat(settings.applyTimeout()).isEqualTo(Duration.ofMinutes(20));
        assertThat(settings.executable(Tool.TOFU)).isEqualTo("/opt/tofu");
        assertThat(settings.timeoutHint()).isEqualTo("raise it");
    }

    @Test
    void itsTextNamesTheBuildVariablesButNoValue() {
        assertThat(everyField().toString()).contains("TOKEN").doesNotContain("s3cr3t").doesNotContain("0a0b");
    }

    @Test
    void aNegativeTimeoutOrParallelismIsRefused() {
        assertThatThrownBy(() -> StepRequest.builder("1").toolTimeout(Duration.ofSeconds(-1)).build())
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StepRequest.builder("1").parallelism(-1).build()).isInstanceOf(IllegalArgumentException.class);
    }
}
