package io.stackdrift.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.StackId;
import io.stackdrift.model.StartedBy;
import io.stackdrift.model.Timing;

class RunRequestTest {
    private final RunRequest request = new RunRequest(Path.of("infra/stacks.yaml"), Path.of("infra"), List.of("net"), OptionalInt.of(3),
            StartedBy.PUSH, Set.of("net/main.tf"), "42", "pushed by alice", DeployMode.REHEARSAL, Approval.GIVEN, DeployKind.DESTROY,
            Set.of(), Timing.WHEN_DUE);

    @Test
    void aBuilderChangesItsFieldsAndKeepsEveryOther() {
        assertThat(request.toBuilder().stacks(List.of("app")).build()).isEqualTo(new RunRequest(request.configFile(),
                request.repositoryRoot(), List.of("app"), OptionalInt.of(3), StartedBy.PUSH, Set.of("net/main.tf"), "42",
                "pushed by alice", DeployMode.REHEARSAL, Approval.GIVEN, DeployKind.DESTROY, Set.of(), Timing.WHEN_DUE));
        assertThat(request.toBuilder().mode(DeployMode.APPLY).approval(Approval.NOT_GIVEN).kind(DeployKind.DEPLOY).build())
                .isEqualTo(new RunRequest(request.configFile(), request.repositoryRoot(), List.of("net"), OptionalInt.of(3),
                        StartedBy.PUSH, Set.of("net/main.tf"), "42", "pushed by alice", DeployMode.APPLY, Approval.NOT_GIVEN,
                        DeployKind.DEPLOY, Set.of(), Timing.WHEN_DUE));
        assertThat(request.withHeldElsewhere(Set.of(StackId.of("dns"))).heldElsewhere()).containsExactly(StackId.of("dns"));
        assertThat(request.withTiming(Timing.NOW)).isEqualTo(request.toBuilder().timing(Timing.NOW).build())
                .extracting(RunRequest::timing).isEqualTo(Timing.NOW);
    }

    @Test
    void startedByChangesTriggerCauseAndChangedFilesTogether() {
        RunRequest manual = request.toBuilder().startedBy(StartedBy.MANUAL).cause("started by hand").changedFiles(Set.of()).build();

        assertThat(manual.startedBy()).isEqualTo(StartedBy.MANUAL);
        assertThat(manual.toBuilder().startedBy(StartedBy.PUSH).cause("pushed by alice").changedFiles(Set.of("net/main.tf")).build())
                .isEqualTo(request);
    }

    @Test
    void anUnchangedBuilderGivesAnEqualRequest() {
        assertThat(request.toBuilder().build()).isEqualTo(request);
    }

    @Test
    void aRunIsNeverAskedForADriftChecksCorrection() {
        assertThatThrownBy(() -> request.toBuilder().mode(DeployMode.CORRECTION).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("correction");
    }
}
