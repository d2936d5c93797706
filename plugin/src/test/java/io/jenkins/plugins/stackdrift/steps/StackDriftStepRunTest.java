package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anySet;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockConstruction;
import static org.mockito.Mockito.mockStatic;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import hudson.AbortException;
import hudson.model.Action;
import hudson.model.Cause;
import hudson.model.Item;
import hudson.model.ItemGroup;
import hudson.model.Job;
import hudson.model.Result;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.remoting.Channel;
import hudson.remoting.ChannelClosedException;
import hudson.remoting.RequestAbortedException;
import io.jenkins.plugins.stackdrift.ItemParents;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.TestRecords;
import io.jenkins.plugins.stackdrift.actions.ApproveDeployAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftInterruptedAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import io.jenkins.plugins.stackdrift.agent.AgentOutcome;
import io.jenkins.plugins.stackdrift.agent.EngineAttachment;
import io.jenkins.plugins.stackdrift.agent.EngineGateway;
import io.jenkins.plugins.stackdrift.agent.EngineRequest;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.credentials.AllowedCredentials;
import io.jenkins.plugins.stackdrift.credentials.CredentialsEnvironment;
import io.jenkins.plugins.stackdrift.credentials.CredentialsLookup;
import io.jenkins.plugins.stackdrift.credentials.SecretFileWriter;
import io.jenkins.plugins.stackdrift.credentials.StackCredentials;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import io.jenkins.plugins.stackdrift.history.JobStackLocks;
import io.jenkins.plugins.stackdrift.trigger.ApprovalCause;
import io.jenkins.plugins.stackdrift.trigger.ApprovalRules;
import io.jenkins.plugins.stackdrift.trigger.ScheduledDriftCheckCause;
import io.jenkins.plugins.stackdrift.trigger.SelfApproval;
import org.jenkinsci.plugins.workflow.actions.WarningAction;
import org.jenkinsci.plugins.workflow.graph.FlowNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;
import org.mockito.MockedConstruction;
import org.mockito.MockedStatic;
import org.mockito.Mockito;

import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.PlanDigest;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.StartedBy;
import io.stackdrift.model.Timing;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailResult;
import io.stackdrift.render.SecretMask;
import io.stackdrift.spi.ToolSettings;

/** The controller side of a step with the agent replaced by a mock gateway: mapping, ordering, locks, history. */
class StackDriftStepRunTest {
    @TempDir
    File buildDir;
    @TempDir
    Path jobDir;

    private final Run<?, ?> run = mock(Run.class);
    private final Job<?, ?> job = mock(Job.class);
    private final FlowNode node = mock(FlowNode.class);
    private final TaskListener listener = mock(TaskListener.class);
    private final EngineGateway gateway = mock(EngineGateway.class);
    private final CredentialsLookup lookup = mock(CredentialsLookup.class);
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    @BeforeEach
    void wire() {
        when(run.getId()).thenReturn("7");
        when(run.getRootDir()).thenReturn(buildDir);
        doReturn(job).when(run).getParent();
        when(job.getFullName()).thenReturn("unit/" + jobDir.getFileName());
        when(listener.getLogger()).thenReturn(new PrintStream(console, true, StandardCharsets.UTF_8));
    }

    private StackDriftStepRun stepRun(final Operation operation, final StepSettings settings) {
        return stepRun(operation, settings, Map.of("PATH", "/usr/bin"));
    }

    private StackDriftStepRun stepRun(final Operation operation, final StepSettings settings, final Map<String, String> env) {
        return stepRun(operation, settings, new StackDriftGlobalConfiguration.Defaults(0, "UNSTABLE", "FAILURE", "",
                "/opt/tofu/bin/tofu", ""), env);
    }

    private StackDriftStepRun stepRun(final Operation operation, final StepSettings settings,
            final StackDriftGlobalConfiguration.Defaults defaults) {
        return stepRun(operation, settings, defaults, Map.of("PATH", "/usr/bin"));
    }

    private StackDriftStepRun stepRun(final Operation operation, final StepSettings settings,
            final StackDriftGlobalConfiguration.Defaults defaults, final Map<String, String> env) {
        return new StackDriftStepRun(settings, operation, run, listener, gateway,
                new CredentialsEnvironment(lookup, mock(SecretFileWriter.class), SecretMask::patternOf)
                        .withAllowed(AllowedCredentials.of(List.of("aws-prod"), List.of(), List.of())), defaults,
                env, new JobHistory(jobDir), node);
    }

    private static StepSettings settings() {
        return new StepSettings(null, List.of("network"), null);
    }

    private String console() {
        return console.toString(StandardCharsets.UTF_8);
    }

    private void selection(final Map<String, Map<String, String>> stacks) throws Exception {
        when(gateway.read(eq(Operation.INSPECT), any())).thenReturn(AgentOutcome.builder().selectedStacks(stacks).build());
    }

    private void ranAndRecorded(final Operation operation, final RunRecord record) throws Exception {
        when(gateway.run(eq(operation), any(), any(), any(), any(), anySet(), anySet()))
                .thenReturn(AgentOutcome.builder().recorded(Map.of()).build());
        when(gateway.storeRecord(any())).thenReturn(Optional.of(record));
    }

    @Test
    void validatePrintsEveryStackAndCountsThem() throws Exception {
        when(gateway.read(eq(Operation.VALIDATE), any())).thenReturn(AgentOutcome.builder()
                .stackLines(List.of("STACK    TOOL", "network  tofu", "dns      tofu"))
                .selectedStacks(Map.of("network", Map.of(), "dns", Map.of())).build());
        Map<String, Object> result = stepRun(Operation.VALIDATE, settings()).run();
        assertThat(result).containsEntry("valid", true).containsEntry("stacks", 2);
        assertThat(console()).contains("network  tofu").contains("dns      tofu");
        ArgumentCaptor<EngineRequest> request = ArgumentCaptor.forClass(EngineRequest.class);
        verify(gateway).read(eq(Operation.VALIDATE), request.capture());
        assertThat(request.getValue().configFile()).isEqualTo("stacks.yaml");
        assertThat(request.getValue().stacks()).containsExactly("network");
    }

    @Test
    void validateFailsWithEveryProblemAndNoStackTrace() throws Exception {
        when(gateway.read(eq(Operation.VALIDATE), any())).thenReturn(AgentOutcome.builder().problems(
                List.of("stacks.yaml:3:10: drift must be a mapping", "stacks.yaml:9:5: unknown key 'dependOn'")).build());
        assertThatThrownBy(() -> stepRun(Operation.VALIDATE, settings()).run())
                .isInstanceOf(AbortException.class).hasMessage("stacks.yaml has 2 problem(s); nothing ran");
        assertThat(console()).contains("stacks.yaml:3:10: drift must be a mapping").contains("unknown key 'dependOn'");
    }

    /** The last line names the configuration file the step was given, not the default's name. */
    @Test
    void validateOfAnotherFileNamesThatFileInItsLastLine() throws Exception {
        when(gateway.read(eq(Operation.VALIDATE), any())).thenReturn(AgentOutcome.builder().problems(
                List.of("infra/stacks.yml:3:10: drift must be a mapping")).build());
        assertThatThrownBy(() -> stepRun(Operation.VALIDATE, new StepSettings("infra/stacks.yml", List.of(), null)).run())
                .isInstanceOf(AbortException.class).hasMessage("infra/stacks.yml has 1 problem(s); nothing ran");
    }

    @Test
    void configProblemsStopARunBeforeAnyCredentialIsResolvedOrHistoryTouched() throws Exception {
        when(gateway.read(eq(Operation.INSPECT), any()))
                .thenReturn(AgentOutcome.builder().problems(List.of("stacks.yaml:1:1: cycle a -> b -> a")).build());
        assertThatThrownBy(() -> stepRun(Operation.CHECK, settings()).run()).isInstanceOf(AbortException.class);
        verify(lookup, never()).find(any());
        verify(gateway, never()).run(any(), any(), any(), any(), any(), anySet(), anySet());
    }

    @Test
    void driftMarksTheBuildUnstableAttachesTheActionSavesTheHistoryAndReturnsTheMap() throws Exception {
        selection(Map.of("network", Map.of(), "dns", Map.of()));
        ranAndRecorded(Operation.CHECK, TestRecords.record(RunKind.CHECK, TestRecords.row("dns", RowState.IN_SYNC),
                TestRecords.row("network", RowState.DRIFTED)));

        Map<String, Object> result = stepRun(Operation.CHECK, settings()).run();

        verify(run).setResult(Result.UNSTABLE);
        ArgumentCaptor<Action> action = ArgumentCaptor.forClass(Action.class);
        verify(run).addAction(action.capture());
        assertThat(action.getValue()).isInstanceOfSatisfying(StackDriftRunAction.class,
                a -> assertThat(a.getDriftedStacks()).containsExactly("network"));
        assertThat(result).containsEntry("result", "UNSTABLE").containsEntry("drifted", List.of("network"));
        assertThat(console()).contains("Stack Drift: 2 stacks · 1 in sync · 1 drifted ● · 0 pending · 0 failed");
        assertThat(new HistoryStore(jobDir).summaries()).singleElement().satisfies(s -> assertThat(s.runId()).isEqualTo("7"));
    }

    @Test
    void aCleanRunLeavesTheResultAlone() throws Exception {
        selection(Map.of("dns", Map.of()));
        ranAndRecorded(Operation.PREVIEW, TestRecords.record(RunKind.PREVIEW, TestRecords.row("dns", RowState.PENDING)));
        assertThat(stepRun(Operation.PREVIEW, settings()).run()).containsEntry("result", "SUCCESS");
        verify(run, never()).setResult(any());
        verify(node, never()).addOrReplaceAction(any());
    }

    @Test
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    void aDeployLocksItsStacksAndACheckOnlyTheFreeOnesAPreviewNone() throws Exception {
        selection(Map.of("network", Map.of(), "dns", Map.of()));
        ranAndRecorded(Operation.DEPLOY, TestRecords.record(RunKind.DEPLOY, TestRecords.row("network", RowState.IN_SYNC)));
        stepRun(Operation.DEPLOY, settings()).run();
        ArgumentCaptor<Set<String>> locked = lockedCaptor();
        verify(gateway).run(eq(Operation.DEPLOY), any(), any(), any(), any(), locked.capture(), anySet());
        assertThat(locked.getValue()).containsExactlyInAnyOrder("network", "dns");

        try (JobStackLocks.Held other = JobStackLocks.acquireFree(job.getFullName(), List.of("dns"), "the deploy of build #3")) {
            ranAndRecorded(Operation.CHECK, TestRecords.record(RunKind.CHECK, TestRecords.row("network", RowState.IN_SYNC)));
            stepRun(Operation.CHECK, settings()).run();
            verify(gateway).run(eq(Operation.CHECK), any(), any(), any(), any(), locked.capture(), anySet());
            assertThat(locked.getValue()).containsExactly("network");
            assertThat(console()).contains("dns: the deploy of build #3 holds it");
        }

        ranAndRecorded(Operation.PREVIEW, TestRecords.record(RunKind.PREVIEW, TestRecords.row("network", RowState.IN_SYNC)));
        stepRun(Operation.PREVIEW, settings()).run();
        verify(gateway).run(eq(Operation.PREVIEW), any(), any(), any(), any(), locked.capture(), anySet());
        assertThat(locked.getValue()).isEmpty();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static ArgumentCaptor<Set<String>> lockedCaptor() {
        return (ArgumentCaptor) ArgumentCaptor.forClass(Set.class);
    }

    @Test
    void aMissingCredentialReachesTheEngineAsThatStacksFailure() throws Exception {
        when(lookup.find(any())).thenReturn(Optional.empty());
        selection(Map.of("network", Map.of("AWS_ACCESS_KEY_ID", "aws-prod")));
        ranAndRecorded(Operation.DEPLOY, TestRecords.record(RunKind.DEPLOY, TestRecords.row("network", RowState.FAILED)));

        Map<String, Object> result = stepRun(Operation.DEPLOY, settings()).run();

        ArgumentCaptor<StackCredentials> credentials = ArgumentCaptor.forClass(StackCredentials.class);
        verify(gateway).run(eq(Operation.DEPLOY), any(), credentials.capture(), any(), any(), anySet(), anySet());
        assertThat(credentials.getValue().failures()).containsEntry("network", "credentials 'aws-prod' not found");
        assertThat(console()).contains("network: credentials 'aws-prod' not found");
        verify(run).setResult(Result.FAILURE);
        assertThat(result).containsEntry("failed", List.of("network"));
    }

    @Test
    void stepParametersOverrideTheGlobalDefaultsAndTheRequestCarriesToolPathsAndTheBuildEnvironment() throws Exception {
        selection(Map.of("network", Map.of()));
        ranAndRecorded(Operation.CHECK, TestRecords.record(RunKind.CHECK, TestRecords.row("network", RowState.DRIFTED)));
        StepSettings failOnDrift = new StepSettings("infra/stacks.yaml", List.of(), 3).withResults("FAILURE", null, null);
        stepRun(Operation.CHECK, failOnDrift).run();
        verify(run).setResult(Result.FAILURE);
        ArgumentCaptor<EngineRequest> request = ArgumentCaptor.forClass(EngineRequest.class);
        verify(gateway).run(eq(Operation.CHECK), request.capture(), any(), any(), any(), anySet(), anySet());
        assertThat(request.getValue().parallelism()).isEqualTo(3);
        assertThat(request.getValue().configFile()).isEqualTo("infra/stacks.yaml");
        assertThat(request.getValue().value().startedBy()).isEqualTo(StartedBy.MANUAL);
        assertThat(request.getValue().toolPaths()).containsExactly(Map.entry("tofu", "/opt/tofu/bin/tofu"));
        assertThat(request.getValue().buildEnvironment()).containsEntry("PATH", "/usr/bin");
    }

    @Test
    void aScheduledBuildIsAScheduledRunForTheEngine() {
        when(run.getCause(ScheduledDriftCheckCause.class)).thenReturn(new ScheduledDriftCheckCause());
        assertThat(stepRun(Operation.CHECK, settings()).request().value().startedBy()).isEqualTo(StartedBy.SCHEDULE);
    }

    private EngineRequest deployedRequest(final Operation operation) throws Exception {
        ArgumentCaptor<EngineRequest> request = ArgumentCaptor.forClass(EngineRequest.class);
        verify(gateway).run(eq(operation), request.capture(), any(), any(), any(), anySet(), anySet());
        return request.getValue();
    }

    @Test
    void aBuildStartedByAnApprovalDeploysExactlyTheApprovedStacksWhateverTheSourceBuildShowsNow() throws Exception {
        when(run.getCause(ApprovalCause.class)).thenReturn(new ApprovalCause(12, List.of("net"), false));
        selection(Map.of("net", Map.of(), "dns", Map.of()));
        ranAndRecorded(Operation.DEPLOY, TestRecords.record(RunKind.DEPLOY, TestRecords.row("net", RowState.IN_SYNC)));

        stepRun(Operation.DEPLOY, new StepSettings(null, List.of(), null)).run();

        EngineRequest request = deployedRequest(Operation.DEPLOY);
        assertThat(request.approval()).isEqualTo(Approval.GIVEN);
        assertThat(request.stacks()).containsExactly("net");
        ArgumentCaptor<Set<String>> locked = lockedCaptor();
        verify(gateway).run(eq(Operation.DEPLOY), any(), any(), any(), any(), locked.capture(), anySet());
        assertThat(locked.getValue()).containsExactly("net");
        verify(job, never()).getBuildByNumber(anyInt());
    }

    @Test
    void anApprovalBuildsOwnSelectionIsIntersectedWithTheApprovedStacks() throws Exception {
        when(run.getCause(ApprovalCause.class)).thenReturn(new ApprovalCause(12, List.of("net", "app"), false));
        selection(Map.of("net", Map.of(), "dns", Map.of()));
        ranAndRecorded(Operation.DEPLOY, TestRecords.record(RunKind.DEPLOY, TestRecords.row("net", RowState.IN_SYNC)));

        stepRun(Operation.DEPLOY, new StepSettings(null, List.of("net", "dns"), null)).run();

        assertThat(deployedRequest(Operation.DEPLOY).stacks()).containsExactly("net");
    }

    @Test
    void anApprovalThatNamesNoSelectedStackStopsTheStepInsteadOfApprovingEveryStack() throws Exception {
        when(run.getCause(ApprovalCause.class)).thenReturn(new ApprovalCause(12, List.of(), false));
        selection(Map.of("net", Map.of(), "dns", Map.of()));

        assertThatThrownBy(() -> stepRun(Operation.DEPLOY, new StepSettings(null, List.of(), null)).run())
                .isInstanceOf(AbortException.class).hasMessageContaining("none of them is in this step's selection");
        verify(gateway, never()).run(any(), any(), any(), any(), any(), anySet(), anySet());
    }

    @Test
    void aDeployApprovalNeverApprovesADestroy() throws Exception {
        when(run.getCause(ApprovalCause.class)).thenReturn(new ApprovalCause(12, List.of("net"), false));
        selection(Map.of("net", Map.of(), "dns", Map.of()));
        ranAndRecorded(Operation.DEPLOY, TestRecords.record(RunKind.DEPLOY, TestRecords.row("net", RowState.AWAITING_APPROVAL)));

        stepRun(Operation.DEPLOY, new StepSettings(null, List.of(), null).withDeploy(DeployMode.APPLY, Approval.NOT_GIVEN,
                DeployKind.DESTROY)).run();

        EngineRequest request = deployedRequest(Operation.DEPLOY);
        assertThat(request.approval()).isEqualTo(Approval.NOT_GIVEN);
        assertThat(request.kind()).isEqualTo(DeployKind.DESTROY);
        assertThat(console()).contains("is not approved by it");
    }

    /**
     * The job's key of plan values goes to the agent with the request, the pin the agent took (with the values' digests)
     * is what the approve link records, and the link keeps the step's rules, the build's starter and its opening time.
     */
    @Test
    void theApprovalRecordsTheAgentsPinAndTheStepsRulesAndTheKeyGoesToTheAgent() throws Exception {
        Row awaiting = TestRecords.row("net", RowState.AWAITING_APPROVAL);
        selection(Map.of("net", Map.of()));
        when(gateway.run(eq(Operation.DEPLOY), any(), any(), any(), any(), anySet(), anySet()))
                .thenReturn(AgentOutcome.builder().recorded(Map.of()).approvalPins(Map.of("net", "pin-with-values")).build());
        when(gateway.storeRecord(any())).thenReturn(Optional.of(TestRecords.record(RunKind.DEPLOY, awaiting)));
        Cause.UserIdCause started = mock(Cause.UserIdCause.class);
        when(started.getUserId()).thenReturn("alice");
        when(run.getCauses()).thenReturn(List.of(started));
        ApprovalRules rules = new ApprovalRules(List.of("ops"), SelfApproval.REFUSED, Duration.ofDays(2));

        stepRun(Operation.DEPLOY, settings()).withApprovals(rules, "00ff", "abc123").run();

        EngineRequest request = deployedRequest(Operation.DEPLOY);
        assertThat(request.value().valueKey()).isEqualTo("00ff");
        assertThat(request.commit()).isEqualTo("abc123");
        assertThat(request.toString()).doesNotContain("00ff");
        ArgumentCaptor<Action> attached = ArgumentCaptor.forClass(Action.class);
        verify(run, Mockito.atLeastOnce()).addOrReplaceAction(attached.capture());
        ApproveDeployAction link = (ApproveDeployAction) attached.getAllValues().stream()
                .filter(ApproveDeployAction.class::isInstance).reduce((a, b) -> b).orElseThrow();
        assertThat(link.getPlans()).containsExactly(Map.entry("net", "pin-with-values"));
        assertThat(link.getRules()).isEqualTo(rules);
        assertThat(link.getOpenedAt()).isPositive();
        assertThat(link.getOwnUsers()).containsExactly("alice");
    }

    /** The approve link records the digest of each awaiting stack's plan with the build's commit: what is approved. */
    @Test
    void anApprovalRecordsThePlanTheApproverSawAndItsBuildIsHeldToIt() throws Exception {
        Row awaiting = TestRecords.row("net", RowState.AWAITING_APPROVAL);
        selection(Map.of("net", Map.of()));
        ranAndRecorded(Operation.DEPLOY, TestRecords.record(RunKind.DEPLOY, awaiting));
        stepRun(Operation.DEPLOY, settings(), Map.of("GIT_COMMIT", "c0ffee")).run();
        ArgumentCaptor<Action> attached = ArgumentCaptor.forClass(Action.class);
        verify(run, Mockito.atLeastOnce()).addOrReplaceAction(attached.capture());
        ApproveDeployAction link = (ApproveDeployAction) attached.getAllValues().stream()
                .filter(ApproveDeployAction.class::isInstance).reduce((a, b) -> b).orElseThrow();
        assertThat(link.getPlans()).containsExactly(Map.entry("net", PlanDigest.of(awaiting, "c0ffee")));

        // the approval build: its deploy carries the approved plans and its own commit to the engine
        Mockito.clearInvocations((Object) run, gateway);
        when(run.getCause(ApprovalCause.class)).thenReturn(new ApprovalCause(12, List.of("net"), false, link.getPlans()));
        // the engine found another plan (a push after the approval): the stack awaits approval again
        Row changed = awaiting.withState(RowState.AWAITING_APPROVAL, "its plan differs from the one approved in build #12"
                + " (other changes, drift or commit): nothing was applied; approve this plan again");
        ranAndRecorded(Operation.DEPLOY, TestRecords.record(RunKind.DEPLOY, changed));
        stepRun(Operation.DEPLOY, settings(), Map.of("GIT_COMMIT", "beef")).run();

        EngineRequest request = deployedRequest(Operation.DEPLOY);
        assertThat(request.value().approvedPlans()).isEqualTo(link.getPlans());
        assertThat(request.commit()).isEqualTo("beef");
        assertThat(request.toRunRequest(jobDir).approvedPlans().refusal(StackId.of("net"), awaiting))
                .hasValueSatisfying(why -> assertThat(why).contains("approved in build #12"));
        assertThat(console()).contains("net: its plan differs from the one approved in build #12");
        verify(run, Mockito.atLeastOnce()).addOrReplaceAction(attached.capture());
        ApproveDeployAction again = (ApproveDeployAction) attached.getAllValues().stream()
                .filter(ApproveDeployAction.class::isInstance).reduce((a, b) -> b).orElseThrow();
        assertThat(again).isNotSameAs(link);
        assertThat(again.getPlans()).containsExactly(Map.entry("net", PlanDigest.of(changed, "beef")));
    }

    @Test
    void theApproveLinkCoversTheAwaitingStacksOfEveryStepOfTheBuild() throws Exception {
        selection(Map.of("net", Map.of()));
        ranAndRecorded(Operation.CHECK, TestRecords.record(RunKind.CHECK, TestRecords.row("net", RowState.AWAITING_APPROVAL)));
        stepRun(Operation.CHECK, settings()).run();
        ArgumentCaptor<Action> attached = ArgumentCaptor.forClass(Action.class);
        verify(run, Mockito.atLeastOnce()).addOrReplaceAction(attached.capture());
        assertThat(attached.getAllValues()).filteredOn(ApproveDeployAction.class::isInstance).singleElement()
                .satisfies(a -> assertThat(((ApproveDeployAction) a).getStacks()).containsExactly("net"));

        // a later step with nothing awaiting leaves the earlier step's link alone
        when(run.getAction(ApproveDeployAction.class)).thenReturn(new ApproveDeployAction(List.of("net"), false));
        ranAndRecorded(Operation.CHECK, TestRecords.record(RunKind.CHECK, TestRecords.row("net", RowState.IN_SYNC)));
        stepRun(Operation.CHECK, settings().withId("check-again")).run();
        verify(run, never()).removeActions(ApproveDeployAction.class);

        // a later deploy whose stacks await approval adds them: one approval deploys both
        selection(Map.of("dns", Map.of()));
        ranAndRecorded(Operation.DEPLOY, TestRecords.record(RunKind.DEPLOY, TestRecords.row("dns", RowState.AWAITING_APPROVAL)));
        stepRun(Operation.DEPLOY, settings()).run();
        verify(run, Mockito.atLeastOnce()).addOrReplaceAction(attached.capture());
        List<Action> approvals = attached.getAllValues().stream().filter(ApproveDeployAction.class::isInstance).toList();
        assertThat(((ApproveDeployAction) approvals.get(approvals.size() - 1)).getStacks()).containsExactly("dns", "net");

        // a destroy awaiting approval in the same build does not turn the deploy's link into a destroy
        ranAndRecorded(Operation.DEPLOY, TestRecords.record(RunKind.DEPLOY, TestRecords.row("dns", RowState.AWAITING_APPROVAL)));
        Mockito.clearInvocations((Object) run);
        stepRun(Operation.DEPLOY, new StepSettings(null, List.of(), null).withDeploy(DeployMode.APPLY, Approval.NOT_GIVEN,
                DeployKind.DESTROY)).run();
        verify(run, never()).addOrReplaceAction(any(ApproveDeployAction.class));
        assertThat(console()).contains("this build already awaits approval of a deploy; dns await approval of a destroy");
    }

    @Test
    void twoStepsWithOneIdInABuildFailTheSecondBeforeItRunsAnything() throws Exception {
        selection(Map.of("network", Map.of()));
        ranAndRecorded(Operation.CHECK, TestRecords.record(RunKind.CHECK, TestRecords.row("network", RowState.IN_SYNC)));
        StackDriftRunAction[] recorded = new StackDriftRunAction[1];
        doAnswer(i -> {
            recorded[0] = i.getArgument(0);
            return null;
        }).when(run).addAction(any());
        when(run.getActions(StackDriftRunAction.class)).thenAnswer(i -> recorded[0] == null ? List.of() : List.of(recorded[0]));

        stepRun(Operation.CHECK, settings().withId("shard-eu")).run();
        assertThat(recorded[0].getId()).isEqualTo("shard-eu");
        assertThat(recorded[0].getUrlName()).isEqualTo("stack-drift-shard-eu");

        assertThatThrownBy(() -> stepRun(Operation.CHECK, settings().withId("shard-eu")).run()).isInstanceOf(AbortException.class)
                .hasMessageContaining("already has the id 'shard-eu'");
        verify(gateway, Mockito.times(1)).read(eq(Operation.INSPECT), any());
        // another id in the same build runs, with its own details directory
        stepRun(Operation.CHECK, settings().withId("shard-us")).run();
        verify(gateway).storeRecord(new File(new File(buildDir, "stack-drift"), "shard-us"));
    }

    @Test
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    void aDeployOfABranchJobWaitsForTheOtherBranchesOfItsProjectAndGivesUpAfterItsTimeout() throws Exception {
        Item project = mock(Item.class, Mockito.withSettings().extraInterfaces(ItemGroup.class));
        when(project.getFullName()).thenReturn("org/app-" + jobDir.getFileName());
        selection(Map.of("network", Map.of()));
        // the job's parent through ItemParents: a Job mock's own getParent() takes no parent but Jenkins
        try (MockedStatic<ItemParents> parents = mockStatic(ItemParents.class, Mockito.CALLS_REAL_METHODS)) {
            parents.when(() -> ItemParents.of(job)).thenReturn(project);
            aBranchDeployWaitsThenGivesUp(project);
        }
    }

    @SuppressWarnings("try") // held while the try holds it, never named in the body
    private void aBranchDeployWaitsThenGivesUp(final Item project) throws Exception {
        try (JobStackLocks.Held main = JobStackLocks.acquireAll(project.getFullName(), List.of("network"),
                "the deploy (id deploy) of app » main #12 (job/org/job/app/job/main/12/)", new PrintStream(new ByteArrayOutputStream(),
                        true, StandardCharsets.UTF_8))) {
            assertThatThrownBy(() -> stepRun(Operation.DEPLOY, settings().withLocking(null, Duration.ofSeconds(1))).run())
                    .isInstanceOf(AbortException.class)
                    .hasMessage("Stack Drift: gave up waiting for stack network after 1s: the deploy (id deploy) of app » main #12"
                            + " (job/org/job/app/job/main/12/) still holds it (lock scope '" + project.getFullName()
                            + "'); nothing was deployed");
        }
        assertThat(console()).contains("waiting for stack network: the deploy (id deploy) of app » main #12");
        verify(gateway, never()).run(any(), any(), any(), any(), any(), anySet(), anySet());
        assertThat(new HistoryStore(jobDir).deploysInProgress()).isEmpty();

        // a step with its own lock scope (inside the project's tree) does not wait for the project's
        try (JobStackLocks.Held main = JobStackLocks.acquireFree(project.getFullName(), List.of("network"), "main")) {
            ranAndRecorded(Operation.DEPLOY, TestRecords.record(RunKind.DEPLOY, TestRecords.row("network", RowState.IN_SYNC)));
            stepRun(Operation.DEPLOY, settings().withLocking(project.getFullName() + "/elsewhere", Duration.ofSeconds(1))).run();
            assertThat(main.stacks()).containsExactly("network");
        }
    }

    @Test
    void aDeploySaysWhichBuildHoldsAStackByNameAndPage() throws Exception {
        when(run.getFullDisplayName()).thenReturn("app » main #7");
        when(run.getUrl()).thenReturn("job/app/job/main/7/");
        selection(Map.of("network", Map.of()));
        when(gateway.run(eq(Operation.DEPLOY), any(), any(), any(), any(), anySet(), anySet())).thenAnswer(i -> {
            try (JobStackLocks.Held other = JobStackLocks.acquireFree(job.getFullName(), List.of("network"), "x")) {
                assertThat(other.busy())
                        .containsExactly(Map.entry("network", "the deploy (id deploy) of app » main #7 (job/app/job/main/7/)"));
            }
            return AgentOutcome.builder().recorded(Map.of()).build();
        });
        when(gateway.storeRecord(any())).thenReturn(Optional.of(TestRecords.record(RunKind.DEPLOY,
                TestRecords.row("network", RowState.IN_SYNC))));
        stepRun(Operation.DEPLOY, settings()).run();
        verify(gateway).run(eq(Operation.DEPLOY), any(), any(), any(), any(), anySet(), anySet());
    }

    @Test
    void theStepsToolTimeoutGoesOverTheGlobalOneAndWithNeitherTheEngineKeepsItsDefaults() {
        StackDriftGlobalConfiguration.Defaults global = new StackDriftGlobalConfiguration.Defaults(0, "UNSTABLE", "FAILURE", "", "",
                "").withToolTimeout(Duration.ofHours(2));
        StepSettings own = settings().withToolTimeout(Duration.ofMinutes(45));

        assertThat(stepRun(Operation.DEPLOY, own, global).request().toolSettings().applyTimeout()).isEqualTo(Duration.ofMinutes(45));
        assertThat(stepRun(Operation.DEPLOY, settings(), global).request().toolSettings().timeout()).isEqualTo(Duration.ofHours(2));
        ToolSettings neither = stepRun(Operation.DEPLOY, settings()).request().toolSettings();
        assertThat(neither.timeout()).isEqualTo(ToolSettings.DEFAULT_TIMEOUT);
        assertThat(neither.applyTimeout()).isEqualTo(ToolSettings.DEFAULT_APPLY_TIMEOUT);
        // a stack that times out says which parameter raises the limit
        assertThat(neither.timeoutHint()).contains("toolTimeout");
    }

    @Test
    void aDestroyStepAsksTheEngineForADestroy() {
        StepSettings destroy = new StepSettings(null, List.of("dns"), null).withDeploy(DeployMode.APPLY, Approval.NOT_GIVEN,
                DeployKind.DESTROY);
        EngineRequest request = stepRun(Operation.DEPLOY, destroy).request();
        assertThat(request.kind()).isEqualTo(DeployKind.DESTROY);
        assertThat(request.mode()).isEqualTo(DeployMode.APPLY);
        assertThat(stepRun(Operation.DEPLOY, settings()).request().kind()).isEqualTo(DeployKind.DEPLOY);
    }

    @Test
    void nowReachesTheEngineRequestAndTheCoreRequest() {
        StepSettings now = settings().withTiming(Timing.NOW);
        EngineRequest request = stepRun(Operation.CHECK, now).request();
        assertThat(request.value().timing()).isEqualTo(Timing.NOW);
        assertThat(request.toRunRequest(Path.of("/ws")).timing()).isEqualTo(Timing.NOW);
        assertThat(stepRun(Operation.CHECK, settings()).request().toRunRequest(Path.of("/ws")).timing()).isEqualTo(Timing.WHEN_DUE);
    }

    @Test
    void aRunThatLeftNoRecordFailsClearly() throws Exception {
        selection(Map.of("network", Map.of()));
        when(gateway.run(any(), any(), any(), any(), any(), anySet(), anySet())).thenReturn(AgentOutcome.builder().build());
        when(gateway.storeRecord(any())).thenReturn(Optional.empty());
        assertThatThrownBy(() -> stepRun(Operation.PREVIEW, settings()).run())
                .isInstanceOf(AbortException.class).hasMessage("Stack Drift: the preview left no record");
    }

    @Test
    void aDeployMarksItsStacksInTheJobHistoryWhileItRunsAndClearsThemAfter() throws Exception {
        selection(Map.of("network", Map.of()));
        when(gateway.run(eq(Operation.DEPLOY), any(), any(), any(), any(), anySet(), anySet())).thenAnswer(call -> {
            assertThat(new HistoryStore(jobDir).deploysInProgress()).singleElement()
                    .satisfies(m -> assertThat(m.runId()).isEqualTo("7"));
            List<String> files = call.getArgument(4);
            assertThat(files).noneMatch(f -> f.startsWith("deploying/"));
            return AgentOutcome.builder().recorded(Map.of()).build();
        });
        when(gateway.storeRecord(any())).thenReturn(Optional.of(
                TestRecords.record(RunKind.DEPLOY, TestRecords.row("network", RowState.IN_SYNC))));
        stepRun(Operation.DEPLOY, settings()).run();
        assertThat(new HistoryStore(jobDir).deploysInProgress()).isEmpty();
    }

    @Test
    void aStepRunAgainAfterARestartBeforeItsEngineLetsGoOfItsOldLockAndMarkerThenDeploys() throws Exception {
        when(run.getExternalizableId()).thenReturn("unit/app#7");
        // before the restart the step had locked network and marked it deploying; its engine never started
        new HistoryStore(jobDir).markDeployStarted(new StackId("network"), "7", 1_000, DeployKind.DEPLOY);
        JobStackLocks.restore(JobStackLocks.Store.NONE, List.of(new JobStackLocks.SavedLock(job.getFullName(), "network",
                "the deploy (id deploy) of app #7", 1_000, "unit/app#7", "deploy")), build -> true);
        try {
            selection(Map.of("network", Map.of()));
            when(gateway.run(eq(Operation.DEPLOY), any(), any(), any(), any(), anySet(), anySet())).thenAnswer(call -> {
                // its own marker again, written now, and its own lock again
                assertThat(new HistoryStore(jobDir).deploysInProgress()).singleElement()
                        .satisfies(m -> assertThat(m.startedAt()).isNotEqualTo(1_000));
                assertThat(JobStackLocks.held()).filteredOn(lock -> lock.scope().equals(job.getFullName()))
                        .singleElement().satisfies(lock -> assertThat(lock.since()).isNotEqualTo(1_000));
                return AgentOutcome.builder().recorded(Map.of()).build();
            });
            when(gateway.storeRecord(any())).thenReturn(Optional.of(
                    TestRecords.record(RunKind.DEPLOY, TestRecords.row("network", RowState.IN_SYNC))));
            StepSettings settings = settings().withLocking(null, Duration.ofSeconds(5));
            Map<String, Object> result = stepRun(Operation.DEPLOY, settings).again();

            assertThat(result).containsEntry("result", "SUCCESS");
            assertThat(console()).contains("Stack Drift: resumed after a restart of the controller, before the deploy had"
                    + " started its engine: it runs again from the start").doesNotContain("waiting for stack");
            assertThat(new HistoryStore(jobDir).deploysInProgress()).isEmpty();
            assertThat(new HistoryStore(jobDir).trail()).noneMatch(entry -> entry.result() == TrailResult.INTERRUPTED);
            assertThat(JobStackLocks.held()).noneMatch(lock -> lock.scope().equals(job.getFullName()));
        } finally {
            JobStackLocks.restore(JobStackLocks.Store.NONE, List.of(), build -> true);
            JobStackLocks.forceRelease(job.getFullName(), "network");
        }
    }

    @Test
    void aResumedStepTakesBackItsLockAndLetsGoOfItWhenItEndsThoughItsBuildRunsOn() throws Exception {
        when(run.getExternalizableId()).thenReturn("unit/app#7");
        JobStackLocks.restore(JobStackLocks.Store.NONE, List.of(new JobStackLocks.SavedLock(job.getFullName(), "network",
                "the deploy (id deploy) of app #7", 1_000, "unit/app#7", "deploy")), build -> true);
        try {
            EngineAttachment attachment = new EngineAttachment("/ws@tmp/step", 0, Operation.DEPLOY, Set.of("network"));
            when(gateway.resume(eq(attachment), any(), any())).thenAnswer(call -> {
                assertThat(JobStackLocks.held()).filteredOn(lock -> lock.scope().equals(job.getFullName()))
                        .extracting(JobStackLocks.HeldLock::holder).containsExactly("the deploy (id deploy) of app #7");
                return AgentOutcome.builder().recorded(Map.of()).build();
            });
            when(gateway.storeRecord(any())).thenReturn(Optional.of(
                    TestRecords.record(RunKind.DEPLOY, TestRecords.row("network", RowState.IN_SYNC))));
            stepRun(Operation.DEPLOY, settings()).resumed(attachment);

            assertThat(JobStackLocks.held()).noneMatch(lock -> lock.scope().equals(job.getFullName()));
        } finally {
            JobStackLocks.restore(JobStackLocks.Store.NONE, List.of(), build -> true);
            JobStackLocks.forceRelease(job.getFullName(), "network");
        }
    }

    @Test
    void aRehearsalTakesNoDeployLockAndWritesNoDeployMarker() throws Exception {
        selection(Map.of("network", Map.of()));
        when(gateway.run(eq(Operation.DEPLOY), any(), any(), any(), any(), anySet(), anySet())).thenAnswer(call -> {
            assertThat(new HistoryStore(jobDir).deploysInProgress()).isEmpty();
            try (JobStackLocks.Held other = JobStackLocks.acquireFree(job.getFullName(), List.of("network"), "another deploy")) {
                assertThat(other.stacks()).containsExactly("network");
            }
            return AgentOutcome.builder().recorded(Map.of()).build();
        });
        when(gateway.storeRecord(any())).thenReturn(Optional.of(
                TestRecords.record(RunKind.DEPLOY, TestRecords.row("network", RowState.PENDING))));

        stepRun(Operation.DEPLOY, new StepSettings(null, List.of("network"), null).withDeploy(DeployMode.REHEARSAL, Approval.NOT_GIVEN,
                DeployKind.DEPLOY)).run();

        ArgumentCaptor<Set<String>> locked = lockedCaptor();
        verify(gateway).run(eq(Operation.DEPLOY), any(), any(), any(), any(), locked.capture(), anySet());
        assertThat(locked.getValue()).isEmpty();
        assertThat(new HistoryStore(jobDir).trail()).isEmpty();
    }

    @Test
    void warningsArePrintedOnceOnTheControllerAndNotesOnlyByTheAgent() throws Exception {
        selection(Map.of("network", Map.of()));
        when(gateway.run(eq(Operation.CHECK), any(), any(), any(), any(), anySet(), anySet())).thenReturn(AgentOutcome.builder()
                .recorded(Map.of()).warnings(List.of("stacks.yaml:3:1: unknown key")).notes(List.of("network: depends on dns")).build());
        when(gateway.storeRecord(any())).thenReturn(Optional.of(
                TestRecords.record(RunKind.CHECK, TestRecords.row("network", RowState.IN_SYNC))));

        stepRun(Operation.CHECK, settings()).run();

        // the engine prints its notes as progress on the agent (masked); configuration warnings are left to the
        // host, which prints each once (they were masked on the agent before they crossed)
        assertThat(console()).doesNotContain("depends on dns");
        assertThat(console().split("unknown key", -1)).hasSize(2);
    }

    @Test
    void anAbortedDeployLeavesInterruptedTrailEntriesKeepsItsLocksUntilTheAgentStoppedAndEndsAborted() throws Exception {
        selection(Map.of("network", Map.of()));
        when(gateway.run(eq(Operation.DEPLOY), any(), any(), any(), any(), anySet(), anySet())).thenAnswer(call -> {
            // remoting's Request.call on abort: the thread is interrupted and the call returns at once
            Thread.currentThread().interrupt();
            throw new InterruptedException();
        });
        doAnswer(call -> {
            try (JobStackLocks.Held other = JobStackLocks.acquireFree(job.getFullName(), List.of("network"), "another deploy")) {
                assertThat(other.stacks()).as("still locked while the agent stops").isEmpty();
            }
            return null;
        }).when(gateway).awaitStopped(anyLong());

        try {
            assertThatThrownBy(() -> stepRun(Operation.DEPLOY, settings()).run()).isInstanceOf(InterruptedException.class);
            assertThat(Thread.currentThread().isInterrupted()).as("the interrupt is passed on").isTrue();
        } finally {
            Thread.interrupted();
        }

        verify(gateway).awaitStopped(StackDriftStepRun.AGENT_STOP_WAIT_MILLIS);
        HistoryStore store = new HistoryStore(jobDir);
        assertThat(store.deploysInProgress()).isEmpty();
        assertThat(store.trail()).singleElement().satisfies(e -> {
            assertThat(e.stack().value()).isEqualTo("network");
            assertThat(e.runId()).isEqualTo("7");
            assertThat(e.result()).isEqualTo(TrailResult.INTERRUPTED);
        });
        assertThat(console()).contains("the deploy was interrupted");
        ArgumentCaptor<Action> attached = ArgumentCaptor.forClass(Action.class);
        verify(run).addAction(attached.capture());
        assertThat(attached.getValue()).isInstanceOfSatisfying(StackDriftInterruptedAction.class, a -> {
            assertThat(a.getOperation()).isEqualTo("deploy");
            assertThat(a.getId()).isEqualTo("deploy");
            assertThat(a.getInterruptedStacks()).containsExactly("network");
        });
        try (JobStackLocks.Held after = JobStackLocks.acquireFree(job.getFullName(), List.of("network"), "next")) {
            assertThat(after.stacks()).containsExactly("network");
        }
    }

    @Test
    void aLostAgentDuringADeployAlsoLeavesInterruptedTrailEntries() throws Exception {
        selection(Map.of("network", Map.of()));
        when(gateway.run(eq(Operation.DEPLOY), any(), any(), any(), any(), anySet(), anySet()))
                .thenThrow(new IOException("channel closed"));

        assertThatThrownBy(() -> stepRun(Operation.DEPLOY, settings()).run()).isInstanceOf(IOException.class);

        assertThat(new HistoryStore(jobDir).trail()).singleElement()
                .satisfies(e -> assertThat(e.result()).isEqualTo(TrailResult.INTERRUPTED));
    }

    /**
     * Issue 40's lost agent: {@code kill -9} of the agent's JVM ends remoting's call with RequestAbortedException, a
     * RuntimeException. Before, nothing caught it: the build failed with remoting's stack trace, no "Stack Drift:" line,
     * no interrupted action, and the finally block deleted the deploy markers, so the next build had nothing to mark
     * interrupted and redid nothing. Now one line per stack, the action, interrupted trail entries, the deploy owed,
     * and the step fails with one sentence (an AbortException: Pipeline prints its message, no stack trace).
     */
    @Test
    void aLostAgentsAbortedRequestMarksEachDeployInterruptedWithOneLinePerStackAndNoStackTrace() throws Exception {
        selection(Map.of("network", Map.of(), "dns", Map.of()));
        when(gateway.run(eq(Operation.DEPLOY), any(), any(), any(), any(), anySet(), anySet()))
                .thenThrow(new RequestAbortedException(new EOFException("Unexpected termination of the channel")));

        assertThatThrownBy(() -> stepRun(Operation.DEPLOY, new StepSettings(null, List.of("network", "dns"), null)).run())
                .isInstanceOf(AbortException.class)
                .hasMessage("Stack Drift: the deploy did not finish: the connection to its agent was lost; dns, network marked"
                        + " interrupted");

        assertThat(console().lines().toList()).containsExactly(
                "Stack Drift: dns: interrupted: the connection to the agent was lost during its deploy (RequestAbortedException);"
                        + " marked interrupted in the job's trail, its next deploy applies it again",
                "Stack Drift: network: interrupted: the connection to the agent was lost during its deploy"
                        + " (RequestAbortedException); marked interrupted in the job's trail, its next deploy applies it again");
        HistoryStore store = new HistoryStore(jobDir);
        assertThat(store.deploysInProgress()).isEmpty();
        assertThat(store.trail()).extracting(e -> e.stack().value() + " " + e.result())
                .containsExactlyInAnyOrder("network " + TrailResult.INTERRUPTED, "dns " + TrailResult.INTERRUPTED);
        assertThat(store.stackStatuses().values()).allSatisfy(status -> assertThat(status.deployOwed()).isTrue());
        ArgumentCaptor<Action> attached = ArgumentCaptor.forClass(Action.class);
        verify(run).addAction(attached.capture());
        assertThat(attached.getValue()).isInstanceOfSatisfying(StackDriftInterruptedAction.class,
                a -> assertThat(a.getInterruptedStacks()).containsExactlyInAnyOrder("network", "dns"));
        verify(gateway).awaitStopped(StackDriftStepRun.AGENT_STOP_WAIT_MILLIS);
    }

    /** Any other failure of the call keeps the markers as interrupted entries too (the finally block deleted them). */
    @Test
    void aCallThatFailsWithAnyRuntimeExceptionLeavesInterruptedEntriesNotDeletedMarkers() throws Exception {
        selection(Map.of("network", Map.of()));
        when(gateway.run(eq(Operation.DEPLOY), any(), any(), any(), any(), anySet(), anySet()))
                .thenThrow(new IllegalStateException("from the agent"));

        assertThatThrownBy(() -> stepRun(Operation.DEPLOY, settings()).run()).isInstanceOf(IllegalStateException.class);

        assertThat(new HistoryStore(jobDir).trail()).singleElement()
                .satisfies(e -> assertThat(e.result()).isEqualTo(TrailResult.INTERRUPTED));
        assertThat(console()).contains("Stack Drift: the deploy was interrupted (IllegalStateException)");
    }

    /** A channel already closed when the call is made (the agent went first): the same lines and failure. */
    @Test
    void aChannelClosedBeforeTheCallIsALostAgentToo() throws Exception {
        selection(Map.of("network", Map.of()));
        when(gateway.run(eq(Operation.DEPLOY), any(), any(), any(), any(), anySet(), anySet()))
                .thenThrow(new ChannelClosedException((Channel) null, null));

        assertThatThrownBy(() -> stepRun(Operation.DEPLOY, settings()).run()).isInstanceOf(AbortException.class);

        assertThat(console()).startsWith("Stack Drift: network: interrupted: the connection to the agent was lost during its"
                + " deploy (ChannelClosedException)");
    }

    @Test
    void aConfigurationTheEngineRefusedIsPrintedWithItsWarnings() throws Exception {
        selection(Map.of("network", Map.of()));
        when(gateway.run(eq(Operation.CHECK), any(), any(), any(), any(), anySet(), anySet())).thenReturn(AgentOutcome.builder()
                .problems(List.of("stacks.yaml:2:1: no stacks")).warnings(List.of("stacks.yaml:3:1: unknown key")).build());

        assertThatThrownBy(() -> stepRun(Operation.CHECK, settings()).run()).isInstanceOf(AbortException.class);

        assertThat(console()).contains("warning: stacks.yaml:3:1: unknown key").contains("stacks.yaml:2:1: no stacks");
    }

    @Test
    void aStepThatMarksTheBuildUnstableMarksItsStageToo() throws Exception {
        selection(Map.of("network", Map.of()));
        ranAndRecorded(Operation.CHECK, TestRecords.record(RunKind.CHECK, TestRecords.row("network", RowState.DRIFTED)));
        List<Object> resultsGiven = new ArrayList<>();
        try (MockedConstruction<WarningAction> warnings = mockConstruction(WarningAction.class,
                (mocked, context) -> resultsGiven.add(context.arguments().get(0)))) {
            stepRun(Operation.CHECK, settings()).run();
            assertThat(warnings.constructed()).hasSize(1);
            verify(node).addOrReplaceAction(warnings.constructed().get(0));
        }
        assertThat(resultsGiven).containsExactly(Result.UNSTABLE);
    }
}
