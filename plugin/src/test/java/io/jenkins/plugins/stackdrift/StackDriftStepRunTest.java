package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;

import hudson.AbortException;
import hudson.model.Action;
import hudson.model.Result;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.stackdrift.model.RowState;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;

class StackDriftStepRunTest {
    @TempDir
    File buildDir;

    private final Run<?, ?> run = mock(Run.class);
    private final TaskListener listener = mock(TaskListener.class);
    private final EngineGateway gateway = mock(EngineGateway.class);
    private final CredentialsLookup lookup = mock(CredentialsLookup.class);
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    @BeforeEach
    void wire() {
        when(run.getId()).thenReturn("7");
        when(run.getRootDir()).thenReturn(buildDir);
        when(listener.getLogger()).thenReturn(new PrintStream(console, true, StandardCharsets.UTF_8));
    }

    private StackDriftStepRun stepRun(final Operation operation, final StepSettings settings) {
        return new StackDriftStepRun(settings, operation, run, listener, gateway,
                new CredentialsEnvironment(lookup, mock(SecretFileWriter.class)),
                StackDriftGlobalConfiguration.Defaults.builtIn());
    }

    private static StepSettings settings() {
        return new StepSettings(null, List.of("network"), null, null, null, false, false);
    }

    private String console() {
        return console.toString(StandardCharsets.UTF_8);
    }

    @Test
    void validateGoesThroughTheEnginePortAndPrintsEveryStack() throws Exception {
        when(gateway.call(eq(Operation.VALIDATE), any(), any())).thenReturn(AgentOutcome.validated(
                new ValidationOutcome(List.of("network  tofu  drift report every 24h", "dns  tofu"), List.of())));
        Map<String, Object> result = stepRun(Operation.VALIDATE, settings()).run();
        assertThat(result).containsEntry("valid", true).containsEntry("stacks", 2);
        assertThat(console()).contains("network  tofu  drift report every 24h").contains("dns  tofu");
        ArgumentCaptor<EngineRequest> request = ArgumentCaptor.forClass(EngineRequest.class);
        verify(gateway).call(eq(Operation.VALIDATE), request.capture(), any());
        assertThat(request.getValue().configFile()).isEqualTo("stacks.yaml");
        assertThat(request.getValue().stacks()).containsExactly("network");
    }

    @Test
    void validateFailsWithEveryProblemAndNoStackTrace() throws Exception {
        when(gateway.call(eq(Operation.VALIDATE), any(), any())).thenReturn(AgentOutcome.validated(new ValidationOutcome(
                List.of(), List.of("stacks.yaml:3:10: drift must be a mapping", "stacks.yaml:9:5: unknown key 'dependOn'"))));
        assertThatThrownBy(() -> stepRun(Operation.VALIDATE, settings()).run())
                .isInstanceOf(AbortException.class).hasMessage("stacks.yaml has 2 problem(s); nothing ran");
        assertThat(console()).contains("stacks.yaml:3:10: drift must be a mapping").contains("unknown key 'dependOn'");
    }

    @Test
    void configProblemsStopARunBeforeAnyCredentialIsResolved() throws Exception {
        when(gateway.call(eq(Operation.CREDENTIALS), any(), any()))
                .thenReturn(AgentOutcome.invalid(List.of("stacks.yaml:1:1: cycle a -> b -> a")));
        assertThatThrownBy(() -> stepRun(Operation.CHECK, settings()).run()).isInstanceOf(AbortException.class);
        verify(lookup, never()).find(any());
        verify(gateway, never()).call(eq(Operation.CHECK), any(), any());
    }

    @Test
    void driftMarksTheBuildUnstableAttachesTheActionAndReturnsTheMap() throws Exception {
        when(gateway.call(eq(Operation.CREDENTIALS), any(), any())).thenReturn(AgentOutcome.credentials(Map.of()));
        when(gateway.call(eq(Operation.CHECK), any(), any())).thenReturn(AgentOutcome.recorded());
        RunRecord record = TestRecords.record(RunKind.CHECK, TestRecords.row("dns", RowState.IN_SYNC),
                TestRecords.row("network", RowState.DRIFTED));
        when(gateway.storeRecord(buildDir)).thenReturn(Optional.of(record));

        Map<String, Object> result = stepRun(Operation.CHECK, settings()).run();

        verify(run).setResult(Result.UNSTABLE);
        ArgumentCaptor<Action> action = ArgumentCaptor.forClass(Action.class);
        verify(run).addOrReplaceAction(action.capture());
        assertThat(action.getValue()).isInstanceOfSatisfying(StackDriftRunAction.class,
                a -> assertThat(a.getDriftedStacks()).containsExactly("network"));
        assertThat(result).containsEntry("result", "UNSTABLE").containsEntry("drifted", List.of("network"));
        assertThat(console()).contains("2 stacks · 1 in sync · 1 drifted ● · 0 pending · 0 failed");
    }

    @Test
    void aCleanRunLeavesTheResultAlone() throws Exception {
        when(gateway.call(eq(Operation.CREDENTIALS), any(), any())).thenReturn(AgentOutcome.credentials(Map.of()));
        when(gateway.call(eq(Operation.PREVIEW), any(), any())).thenReturn(AgentOutcome.recorded());
        when(gateway.storeRecord(buildDir)).thenReturn(Optional.of(
                TestRecords.record(RunKind.PREVIEW, TestRecords.row("dns", RowState.PENDING))));
        assertThat(stepRun(Operation.PREVIEW, settings()).run()).containsEntry("result", "SUCCESS");
        verify(run, never()).setResult(any());
    }

    @Test
    void aMissingCredentialReachesTheEngineAsThatStacksFailure() throws Exception {
        when(lookup.find("aws-prod")).thenReturn(Optional.empty());
        when(gateway.call(eq(Operation.CREDENTIALS), any(), any()))
                .thenReturn(AgentOutcome.credentials(Map.of("network", Map.of("AWS_ACCESS_KEY_ID", "aws-prod"))));
        when(gateway.call(eq(Operation.DEPLOY), any(), any())).thenReturn(AgentOutcome.recorded());
        when(gateway.storeRecord(buildDir)).thenReturn(Optional.of(TestRecords.record(RunKind.DEPLOY,
                TestRecords.row("network", RowState.FAILED))));

        Map<String, Object> result = stepRun(Operation.DEPLOY, settings()).run();

        ArgumentCaptor<StackCredentials> credentials = ArgumentCaptor.forClass(StackCredentials.class);
        verify(gateway).call(eq(Operation.DEPLOY), any(), credentials.capture());
        assertThat(credentials.getValue().failures()).containsEntry("network", "credentials 'aws-prod' not found");
        assertThat(console()).contains("network: credentials 'aws-prod' not found");
        verify(run).setResult(Result.FAILURE);
        assertThat(result).containsEntry("failed", List.of("network"));
    }

    @Test
    void stepParametersOverrideTheGlobalDefaults() throws Exception {
        when(gateway.call(eq(Operation.CREDENTIALS), any(), any())).thenReturn(AgentOutcome.credentials(Map.of()));
        when(gateway.call(eq(Operation.CHECK), any(), any())).thenReturn(AgentOutcome.recorded());
        when(gateway.storeRecord(buildDir)).thenReturn(Optional.of(
                TestRecords.record(RunKind.CHECK, TestRecords.row("network", RowState.DRIFTED))));
        StepSettings failOnDrift = new StepSettings("infra/stacks.yaml", List.of(), 3, "FAILURE", null, false, false);
        stepRun(Operation.CHECK, failOnDrift).run();
        verify(run).setResult(Result.FAILURE);
        ArgumentCaptor<EngineRequest> request = ArgumentCaptor.forClass(EngineRequest.class);
        verify(gateway).call(eq(Operation.CHECK), request.capture(), any());
        assertThat(request.getValue().parallelism()).isEqualTo(3);
        assertThat(request.getValue().configFile()).isEqualTo("infra/stacks.yaml");
        assertThat(request.getValue().scheduled()).isFalse();
        assertThat(request.getValue().defaults()).containsEntry("drift.every", "24h");
    }

    @Test
    void aScheduledBuildAsksForDueStacksOnly() throws Exception {
        when(run.getCause(ScheduledDriftCheckCause.class)).thenReturn(new ScheduledDriftCheckCause());
        assertThat(stepRun(Operation.CHECK, settings()).request().scheduled()).isTrue();
    }

    @Test
    void aBuildStartedByAnApprovalDeploysTheStacksThatAwaitedIt() {
        Run<?, ?> source = mock(Run.class);
        hudson.model.Job<?, ?> job = mock(hudson.model.Job.class);
        StackDriftRunAction sourceAction = mock(StackDriftRunAction.class);
        when(sourceAction.getRows()).thenReturn(List.of(TestRecords.row("dns", RowState.IN_SYNC),
                TestRecords.row("net", RowState.AWAITING_APPROVAL)));
        when(run.getCause(ApprovalCause.class)).thenReturn(new ApprovalCause(12, 1));
        org.mockito.Mockito.doReturn(job).when(run).getParent();
        org.mockito.Mockito.doReturn(source).when(job).getBuildByNumber(12);
        when(source.getAction(StackDriftRunAction.class)).thenReturn(sourceAction);

        EngineRequest request = stepRun(Operation.DEPLOY, settings()).request();

        assertThat(request.approved()).isTrue();
        assertThat(request.approvedStacks()).containsExactly("net");
    }

    @Test
    void aScheduledCheckKnowsWhenEachStackWasLastChecked() {
        when(run.getCause(ScheduledDriftCheckCause.class)).thenReturn(new ScheduledDriftCheckCause());
        Run<?, ?> newer = mock(Run.class);
        Run<?, ?> older = mock(Run.class);
        org.mockito.Mockito.doReturn(newer).when(run).getPreviousBuild();
        org.mockito.Mockito.doReturn(older).when(newer).getPreviousBuild();
        StackDriftRunAction newerAction = mock(StackDriftRunAction.class);
        StackDriftRunAction olderAction = mock(StackDriftRunAction.class);
        when(newer.getAction(StackDriftRunAction.class)).thenReturn(newerAction);
        when(older.getAction(StackDriftRunAction.class)).thenReturn(olderAction);
        RunRecord newerRecord = TestRecords.record(RunKind.CHECK, TestRecords.row("dns", RowState.SKIPPED),
                TestRecords.row("net", RowState.DRIFTED));
        RunRecord olderRecord = TestRecords.record(RunKind.CHECK, TestRecords.row("dns", RowState.IN_SYNC),
                TestRecords.row("net", RowState.IN_SYNC));
        when(newerAction.getSummary()).thenReturn(new RunSummary("drift check", 5_000L, 6_000L, newerRecord.counts(), List.of(), List.of()));
        when(olderAction.getSummary()).thenReturn(new RunSummary("drift check", 1_000L, 2_000L, olderRecord.counts(), List.of(), List.of()));
        when(newerAction.record()).thenReturn(Optional.of(newerRecord));
        when(olderAction.record()).thenReturn(Optional.of(olderRecord));

        EngineRequest request = stepRun(Operation.CHECK, settings()).request();

        // dns was skipped in the newer build, so its last check is the older one
        assertThat(request.lastCheckedAt()).containsEntry("net", 5_000L).containsEntry("dns", 1_000L);
    }

    @Test
    void aRunThatLeftNoRecordFailsClearly() throws Exception {
        when(gateway.call(any(), any(), any())).thenReturn(AgentOutcome.credentials(Map.of()));
        when(gateway.storeRecord(buildDir)).thenReturn(Optional.empty());
        assertThatThrownBy(() -> stepRun(Operation.PREVIEW, settings()).run())
                .isInstanceOf(AbortException.class).hasMessage("Stack Drift: the preview left no record");
    }
}
