package io.stackdrift.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

import org.junit.jupiter.api.Test;

class RunRequestTest {
    private final RunRequest request = new RunRequest(Path.of("infra/stacks.yaml"), Path.of("infra"), List.of("net"), OptionalInt.of(3),
            StartedBy.PUSH, Set.of("net/main.tf"), "42", "pushed by alice", true, true, true);

    @Test
    void aWitherChangesItsFieldAndKeepsEveryOther() {
        assertThat(request.withStacks(List.of("app"))).isEqualTo(new RunRequest(request.configFile(), request.repositoryRoot(),
                List.of("app"), OptionalInt.of(3), StartedBy.PUSH, Set.of("net/main.tf"), "42", "pushed by alice", true, true, true));
        assertThat(request.withParallelism(8).parallelism()).isEqualTo(OptionalInt.of(8));
        assertThat(request.withRehearsal(false)).isEqualTo(request.toBuilder().rehearsal(false).build());
        assertThat(request.withApproval(false).approved()).isFalse();
        assertThat(request.withApproval(false).rehearsal()).isTrue();
        assertThat(request.withDestroy(false).destroy()).isFalse();
        assertThat(request.withDeployOptions(false, false, false)).isEqualTo(new RunRequest(request.configFile(),
                request.repositoryRoot(), List.of("net"), OptionalInt.of(3), StartedBy.PUSH, Set.of("net/main.tf"), "42",
                "pushed by alice", false, false, false));
    }

    @Test
    void startedByChangesTriggerCauseAndChangedFilesTogether() {
        RunRequest manual = request.startedBy(StartedBy.MANUAL, "started by hand", Set.of());

        assertThat(manual.startedBy()).isEqualTo(StartedBy.MANUAL);
        assertThat(manual.cause()).isEqualTo("started by hand");
        assertThat(manual.changedFiles()).isEmpty();
        assertThat(manual.toBuilder().startedBy(StartedBy.PUSH).cause("pushed by alice").changedFiles(Set.of("net/main.tf")).build())
                .isEqualTo(request);
    }

    @Test
    void anUnchangedBuilderGivesAnEqualRequest() {
        assertThat(request.toBuilder().build()).isEqualTo(request);
    }
}
