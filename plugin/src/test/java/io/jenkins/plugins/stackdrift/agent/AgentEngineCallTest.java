package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.core.JsonParseException;

import hudson.model.TaskListener;
import io.jenkins.plugins.stackdrift.DemoWorkspace;
import io.jenkins.plugins.stackdrift.TestRecords;
import io.jenkins.plugins.stackdrift.credentials.StackCredentials;
import io.stackdrift.model.StackId;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

/** The agent side on its own: what comes back over the channel, on a copy of the demo repository. */
class AgentEngineCallTest {
    @TempDir
    Path root;

    private Path workspace;
    private Path temp;
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final TaskListener listener = mock(TaskListener.class);

    @BeforeEach
    void demo() throws Exception {
        workspace = DemoWorkspace.copyTo(Files.createDirectories(root.resolve("ws")));
        temp = Files.createDirectories(root.resolve("tmp"));
        when(listener.getLogger()).thenReturn(new PrintStream(console, true, StandardCharsets.UTF_8));
    }

    private static EngineRequest request(final List<String> stacks) {
        return new EngineRequest("stacks.yaml", stacks, 0, false, false, "1", "", "MANUAL", List.of(), Map.of(), Map.of());
    }

    private AgentOutcome call(final Operation operation, final List<String> stacks) throws Exception {
        return new AgentEngineCall(operation, request(stacks), StackCredentials.none(), listener, temp.toString(), Set.of(), Set.of())
                .invoke(workspace.toFile(), null);
    }

    @Test
    void inspectNamesTheSelectedStacksWithTheirCredentialIdsOnly() throws Exception {
        AgentOutcome outcome = call(Operation.INSPECT, List.of("network", "platform:*"));
        assertThat(outcome.problems()).isEmpty();
        assertThat(outcome.selectedStacks()).containsOnlyKeys("network", "platform:prod");
        assertThat(outcome.selectedStacks().get("network"))
                .containsEntry("AWS_ACCESS_KEY_ID", "aws-network-key").containsEntry("AWS_SECRET_ACCESS_KEY", "aws-network-secret");
        assertThat(outcome.recorded()).isFalse();
        assertThat(temp.resolve(AgentEngineCall.RECORD_FILE)).doesNotExist();
    }

    @Test
    void anUnknownStackInTheSelectionIsAProblemNotAnException() throws Exception {
        assertThat(call(Operation.INSPECT, List.of("nope")).problems()).singleElement().asString().contains("nope");
    }

    @Test
    void validateListsTheStacksAndReadsNoToolAndNoHistory() throws Exception {
        AgentOutcome outcome = call(Operation.VALIDATE, List.of());
        assertThat(outcome.selectedStacks()).containsOnlyKeys("network", "dns", "platform:prod", "shop-app:prod");
        assertThat(String.join("\n", outcome.stackLines())).contains("network").contains("AWS_ACCESS_KEY_ID")
                .doesNotContain("aws-network-secret-value");
        assertThat(temp.resolve(AgentEngineCall.HISTORY_DIR)).doesNotExist();
    }

    @Test
    void configurationProblemsComeBackWithFileLineAndColumn() throws Exception {
        Files.writeString(workspace.resolve("stacks.yaml"), "drift: true\n");
        AgentOutcome outcome = call(Operation.PREVIEW, List.of());
        assertThat(outcome.problems()).isNotEmpty().allSatisfy(p -> assertThat(p).startsWith("stacks.yaml:1:"));
        assertThat(outcome.recorded()).isFalse();
    }

    @Test
    void onlyDigestsTheEngineRecordedForThisRunsSuccessfulDeploysGoBack() throws Exception {
        HistoryStore history = new HistoryStore(root.resolve("history"));
        TrailEntry deployed = new TrailEntry(StackId.of("network"), "4", 10L, 20L, TrailResult.DEPLOYED, false, List.of(), "");
        TrailEntry failed = new TrailEntry(StackId.of("dns"), "4", 10L, 30L, TrailResult.FAILED, false, List.of(), "boom");
        RunRecord run = new RunRecord("4", RunKind.DEPLOY, "", 1L, 40L,
                List.of(TestRecords.row("network", io.stackdrift.model.RowState.IN_SYNC),
                        TestRecords.row("dns", io.stackdrift.model.RowState.FAILED)), List.of(deployed, failed));
        history.save(run, Map.of(StackId.of("network"), "sha256:abc"));

        assertThat(AgentEngineCall.deployDigests(run, history)).containsExactly(Map.entry("network", "sha256:abc"));
    }

    @Test
    void stacksWhoseLastDeployADestroyForgotGoBackToo() throws Exception {
        HistoryStore history = new HistoryStore(root.resolve("history"));
        TrailEntry net = new TrailEntry(StackId.of("network"), "3", 1L, 2L, TrailResult.DEPLOYED, false, List.of(), "");
        TrailEntry dns = new TrailEntry(StackId.of("dns"), "3", 1L, 2L, TrailResult.DEPLOYED, false, List.of(), "");
        history.save(new RunRecord("3", RunKind.DEPLOY, "", 1L, 3L, List.of(TestRecords.row("network", io.stackdrift.model.RowState.IN_SYNC),
                TestRecords.row("dns", io.stackdrift.model.RowState.IN_SYNC)), List.of(net, dns)),
                Map.of(StackId.of("network"), "sha256:a", StackId.of("dns"), "sha256:b"));
        java.util.Set<StackId> before = java.util.Set.of(StackId.of("network"), StackId.of("dns"));
        TrailEntry failed = new TrailEntry(StackId.of("dns"), "4", 10L, 30L, TrailResult.FAILED, false, List.of(), "destroy: boom");
        TrailEntry destroyed = new TrailEntry(StackId.of("network"), "4", 10L, 20L, TrailResult.DESTROYED, false, List.of(), "");
        RunRecord run = new RunRecord("4", RunKind.DEPLOY, "", 5L, 40L, List.of(TestRecords.row("network", io.stackdrift.model.RowState.IN_SYNC),
                TestRecords.row("dns", io.stackdrift.model.RowState.FAILED)), List.of(destroyed, failed));
        history.save(run, Map.of(), java.util.Set.of(StackId.of("dns")));

        assertThat(AgentEngineCall.forgottenDeploys(run, before, history)).containsExactly("dns", "network");
        assertThat(AgentEngineCall.forgottenDeploys(run, java.util.Set.of(), history)).isEmpty();
    }

    @Test
    void theCallLeavesItsEndMarkerHoweverItEndsForTheControllersBoundedWait() throws Exception {
        call(Operation.INSPECT, List.of("network"));
        assertThat(temp.resolve(AgentEngineCall.ENDED_FILE)).isRegularFile();

        Files.delete(temp.resolve(AgentEngineCall.ENDED_FILE));
        Files.writeString(workspace.resolve("stacks.yaml"), "stacks: [\n");
        call(Operation.PREVIEW, List.of());
        assertThat(temp.resolve(AgentEngineCall.ENDED_FILE)).isRegularFile();
    }

    @Test
    void anExceptionCarryingLibraryTypesGoesBackAsAPlainIOExceptionWithoutItsText() throws Exception {
        Exception jackson = new JsonParseException(null, "Unexpected character near 'hunter2'");
        IOException back = AgentEngineCall.crossable(new IllegalStateException("wrapped", jackson));
        assertThat(back.getClass()).isEqualTo(IOException.class);
        assertThat(back.getCause()).isNull();
        assertThat(back.getMessage()).contains("IllegalStateException").doesNotContain("hunter2").doesNotContain("wrapped");
        assertThat(back.getStackTrace()).isNotEmpty();

        IOException jdkOnly = new NoSuchFileException("/ws/stacks.yaml");
        assertThat(AgentEngineCall.crossable(jdkOnly)).isSameAs(jdkOnly);
        assertThat(AgentEngineCall.crossable(new IOException("read", jackson)).getCause()).isNull();
    }
}
