package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.atLeastOnce;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.text.MessageFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;

import com.cloudbees.plugins.credentials.common.StandardCredentials;
import hudson.AbortException;
import hudson.model.Action;
import hudson.model.Job;
import hudson.model.Result;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.scm.ChangeLogSet;
import hudson.triggers.SCMTrigger;
import hudson.util.Secret;
import io.jenkins.plugins.stackdrift.DemoWorkspace;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.actions.CredentialsWithheldAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import io.jenkins.plugins.stackdrift.agent.LocalEngineGateway;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.agent.ToolLaunchService;
import io.jenkins.plugins.stackdrift.credentials.AllowedCredentials;
import io.jenkins.plugins.stackdrift.credentials.ChangeRequestModel;
import io.jenkins.plugins.stackdrift.credentials.CredentialsEnvironment;
import io.jenkins.plugins.stackdrift.credentials.CredentialsLookup;
import io.jenkins.plugins.stackdrift.credentials.SecretFileWriter;
import io.jenkins.plugins.stackdrift.credentials.UntrustedChanges;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import io.jenkins.plugins.stackdrift.history.JobStackLocks;
import io.jenkins.plugins.stackdrift.history.RunDetails;
import jenkins.scm.RunWithSCM;
import org.jenkinsci.plugins.plaincredentials.StringCredentials;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;
import org.mockito.Mockito;

import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.DeployMarker;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RecordJson;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.RunSummary;
import io.stackdrift.record.StackStatus;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;
import io.stackdrift.render.SecretMask;
import io.stackdrift.testing.PosixOnly;

/**
 * A step end to end on this machine: the controller side ({@link StackDriftStepRun}) with the real agent call,
 * the core engine, the job history and the demo repository's simulated tools — only Jenkins' channel is
 * replaced by {@link LocalEngineGateway}.
 */
@SuppressWarnings("unchecked")
@PosixOnly
class StepEndToEndTest {
    private static final Map<String, String> SECRETS = Map.of(
            "aws-network-key", "AKIAnetKEY1", "aws-network-secret", "net$ecret/Value2",
            "aws-dns-key", "AKIAdnsKEY3", "aws-dns-secret", "dnsSecretValue4", "pulumi-token", "pul-TOKEN-5");
    /** The demo's ids, as a Jenkinsfile's allowedCredentials names them: without a list nothing is bound. */
    private static final AllowedCredentials DEMO_IDS = AllowedCredentials.of(SECRETS.keySet(), List.of(), List.of());

    @TempDir
    Path root;

    private Path workspace;
    private Path jobDir;
    private final Job<?, ?> job = mock(Job.class);
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final TaskListener listener = mock(TaskListener.class);

    /** What the controller's launch service logs: a refusal of a command the engine issued in these runs. */
    private final List<LogRecord> refusals = new CopyOnWriteArrayList<>();
    private final Handler refusalLog = new Handler() {
        @Override
        public void publish(final LogRecord record) {
            refusals.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void listenForRefusals() {
        Logger.getLogger(ToolLaunchService.class.getName()).addHandler(refusalLog);
    }

    /** Every command the engine issued in the test passed the controller's launch policy. */
    @AfterEach
    void nothingWasRefused() {
        Logger.getLogger(ToolLaunchService.class.getName()).removeHandler(refusalLog);
        assertThat(refusals).extracting(r -> MessageFormat.format(r.getMessage(), r.getParameters())).isEmpty();
    }

    @BeforeEach
    void demo() throws IOException {
        workspace = DemoWorkspace.copyTo(Files.createDirectories(root.resolve("ws")));
        jobDir = Files.createDirectories(root.resolve("job"));
        when(job.getFullName()).thenReturn("folder/infra");
        when(job.getRootDir()).thenReturn(jobDir.toFile());
        when(listener.getLogger()).thenReturn(new PrintStream(console, true, StandardCharsets.UTF_8));
    }

    private Run<?, ?> build(final int number) throws IOException {
        Run<?, ?> run = mock(Run.class);
        when(run.getId()).thenReturn(Integer.toString(number));
        when(run.getNumber()).thenReturn(number);
        when(run.getRootDir()).thenReturn(Files.createDirectories(root.resolve("builds/" + number)).toFile());
        doReturn(job).when(run).getParent();
        when(run.getCauses()).thenReturn(List.of());
        return run;
    }

    private Map<String, Object> step(final Run<?, ?> run, final Operation operation, final StepSettings settings)
            throws Exception {
        CredentialsLookup lookup = id -> Optional.ofNullable(SECRETS.get(id.value())).map(StepEndToEndTest::secretText);
        Path temp = Files.createDirectories(root.resolve("tmp/" + run.getId() + "-" + operation));
        return new StackDriftStepRun(settings, operation, run, listener, new LocalEngineGateway(workspace, temp, listener),
                new CredentialsEnvironment(lookup, mock(SecretFileWriter.class), SecretMask::patternOf).withAllowed(DEMO_IDS),
                StackDriftGlobalConfiguration.Defaults.builtIn(),
                Map.of("PATH", DemoWorkspace.pathWithSimulations(workspace)), JobHistory.inJobDir(jobDir.toFile()), null).run();
    }

    private static StandardCredentials secretText(final String value) {
        StringCredentials credentials = mock(StringCredentials.class);
        Secret secret = mock(Secret.class);
        when(secret.getPlainText()).thenReturn(value);
        when(credentials.getSecret()).thenReturn(secret);
        return credentials;
    }

    private static StepSettings all() {
        return new StepSettings(null, List.of(), null);
    }

    private Path historyDir() {
        return jobDir.resolve(JobHistory.DIR_NAME);
    }

    /** Every file a step wrote on the controller (build dirs, job history), as one text. */
    private String everythingRecorded() throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.walk(root.resolve("builds"))) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                all.append(Files.readString(file, StandardCharsets.UTF_8));
            }
        }
        try (Stream<Path> files = Files.walk(historyDir())) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                all.append(Files.readString(file, StandardCharsets.UTF_8));
            }
        }
        return all.toString();
    }

    private String console() {
        return console.toString(StandardCharsets.UTF_8);
    }

    /** The details file of the build's one step (under its id: the step's word, as these steps name none). */
    private static RunRecord buildRecord(final Run<?, ?> run) throws IOException {
        List<Path> details;
        try (Stream<Path> files = Files.walk(run.getRootDir().toPath().resolve(RunDetails.DIR_NAME))) {
            details = files.filter(f -> f.getFileName().toString().equals(RunDetails.FILE_NAME)).toList();
        }
        assertThat(details).hasSize(1);
        try (InputStream in = Files.newInputStream(details.get(0))) {
            return RecordJson.readRun(in);
        }
    }

    @Test
    void aDriftCheckRunsTheCoreEngineOnTheDemoRecordsTheBuildAndTheJobHistoryAndReturnsTheMap() throws Exception {
        Run<?, ?> b1 = build(1);

        Map<String, Object> result = step(b1, Operation.CHECK, all());

        // network (mode correct) drifted and was put back in this build: repaired, and repairedResult is SUCCESS
        assertThat(result).containsEntry("kind", "drift check").containsEntry("result", "SUCCESS")
                .containsEntry("drifted", List.of()).containsEntry("failed", List.of())
                .containsEntry("repaired", List.of("network")).containsEntry("newlyDrifted", List.of());
        assertThat((Map<String, Object>) result.get("counts")).containsEntry("total", 4).containsEntry("inSync", 3)
                .containsEntry("drifted", 0).containsEntry("repaired", 1);
        assertThat((List<?>) result.get("rows")).hasSize(4);
        verify(b1, never()).setResult(any());
        assertThat(console()).contains("Stack Drift: 4 stacks · 3 in sync · 0 drifted · 0 pending · 0 failed · 1 repaired")
                .contains("network: put back what changed outside the code");

        // the build record: the core's format, atomically in the build directory, with paths and no values
        RunRecord record = buildRecord(b1);
        assertThat(record.runId()).isEqualTo("1");
        Row network = record.rows().stream().filter(r -> r.id().value().equals("network")).findFirst().orElseThrow();
        assertThat(network.drift().toList().get(0).paths()).contains("tags.Owner");
        assertThat(record.trail()).singleElement().satisfies(e -> assertThat(e.result()).isEqualTo(TrailResult.DEPLOYED));
        ArgumentCaptor<Action> action = ArgumentCaptor.forClass(Action.class);
        verify(b1).addAction(action.capture());
        assertThat(action.getValue()).isInstanceOfSatisfying(StackDriftRunAction.class,
                a -> assertThat(a.getDriftedStacks()).isEmpty());

        // the job history on the controller: the run, the stack index with the deploy's digest, the trail
        HistoryStore history = new HistoryStore(historyDir());
        assertThat(history.summaries()).singleElement().satisfies(s -> assertThat(s.runId()).isEqualTo("1"));
        StackStatus status = history.stackStatuses().get(StackId.of("network"));
        assertThat(status.lastRunId()).isEqualTo("1");
        assertThat(status.lastState()).isEqualTo(RowState.REPAIRED);
        assertThat(status.driftAge().isPresent()).isFalse();
        assertThat(history.trail()).extracting(TrailEntry::stack).containsExactly(StackId.of("network"));
        assertThat(history.deploysInProgress()).isEmpty();
    }

    @Test
    void theNextBuildSeesTheJobHistoryNetworkIsNotDueAgainWithinItsInterval() throws Exception {
        Run<?, ?> b1 = build(1);
        step(b1, Operation.CHECK, all());
        Run<?, ?> b2 = build(2);

        Map<String, Object> result = step(b2, Operation.CHECK, all());

        // network checks every 15m and was checked by build 1: not due; the others (6h, 1h) neither
        assertThat(buildRecord(b2).rows()).allSatisfy(row -> assertThat(row.state()).isEqualTo(RowState.SKIPPED));
        assertThat(result).containsEntry("result", "SUCCESS");
        HistoryStore history = new HistoryStore(historyDir());
        assertThat(history.summaries()).extracting(RunSummary::runId).containsExactly("2", "1");
        // a skipped row keeps the time of the last real check (what the next due decision reads)
        assertThat(history.stackStatuses().get(StackId.of("network")).lastCheckedAt()).isEqualTo(buildRecord(b1).startedAt());
    }

    @Test
    void aPushChecksTheStacksThatDriftedLastAndPreviewsTheStacksWhoseFilesChanged() throws Exception {
        step(build(1), Operation.CHECK, all());
        Run<?, ?> pushed = mock(Run.class, Mockito.withSettings().extraInterfaces(RunWithSCM.class));
        when(pushed.getId()).thenReturn("2");
        when(pushed.getRootDir()).thenReturn(Files.createDirectories(root.resolve("builds/2")).toFile());
        doReturn(job).when(pushed).getParent();
        when(pushed.getCauses()).thenReturn(List.of());
        when(pushed.getCause(SCMTrigger.SCMTriggerCause.class)).thenReturn(new SCMTrigger.SCMTriggerCause(""));
        ChangeLogSet.Entry commit = mock(ChangeLogSet.Entry.class);
        when(commit.getAffectedPaths()).thenReturn(List.of("dns/main.tf", "README.md"));
        @SuppressWarnings("unchecked")
        ChangeLogSet<ChangeLogSet.Entry> changes = mock(ChangeLogSet.class);
        when(changes.iterator()).thenAnswer(call -> List.of(commit).iterator());
        doReturn(List.of(changes)).when((RunWithSCM<?, ?>) pushed).getChangeSets();

        step(pushed, Operation.CHECK, all());

        Map<String, RowState> states = new TreeMap<>();
        buildRecord(pushed).rows().forEach(row -> states.put(row.id().value(), row.state()));
        // dns's files changed: a preview instead of a drift check, which shows its pending change
        assertThat(states.get("dns")).isEqualTo(RowState.PENDING);
        // platform neither drifted last time nor changed
        assertThat(states.get("platform:prod")).isEqualTo(RowState.SKIPPED);
    }

    @Test
    void aDeployRunsInDependencyOrderAndLeavesNoLockOrMarkerBehind() throws Exception {
        Run<?, ?> b1 = build(1);

        Map<String, Object> result = step(b1, Operation.DEPLOY, all());

        RunRecord record = buildRecord(b1);
        assertThat(record.trail()).extracting(e -> e.stack().value()).contains("network", "dns");
        int network = record.trail().stream().map(e -> e.stack().value()).toList().indexOf("network");
        int dns = record.trail().stream().map(e -> e.stack().value()).toList().indexOf("dns");
        assertThat(network).isLessThan(dns);
        assertThat(result).containsEntry("kind", "deploy");
        HistoryStore history = new HistoryStore(historyDir());
        assertThat(history.deploysInProgress()).isEmpty();
        assertThat(history.stackStatuses().get(StackId.of("dns")).lastDeployDigest()).isNotEmpty();
        // the locks were let go: another step takes them at once
        try (JobStackLocks.Held again = JobStackLocks.acquireFree("folder/infra", List.of("network", "dns"), "test")) {
            assertThat(again.busy()).isEmpty();
        }
    }

    @Test
    void aDestroyStepDestroysInReverseOrderAndTheJobHistoryForgetsTheDeploys() throws Exception {
        step(build(1), Operation.DEPLOY, all());
        Run<?, ?> b2 = build(2);

        step(b2, Operation.DEPLOY, new StepSettings(null, List.of("network", "dns"), null).withDeploy(DeployMode.APPLY,
                Approval.NOT_GIVEN, DeployKind.DESTROY));

        RunRecord record = buildRecord(b2);
        List<String> order = record.trail().stream().map(e -> e.stack().value() + " " + e.result().word()).toList();
        assertThat(order).containsExactly("dns destroyed", "network destroyed");
        HistoryStore history = new HistoryStore(historyDir());
        assertThat(history.stackStatuses().get(StackId.of("dns")).everDeployed()).isFalse();
        assertThat(history.stackStatuses().get(StackId.of("network")).everDeployed()).isFalse();
        assertThat(history.deploysInProgress()).isEmpty();
    }

    @Test
    void noSecretReachesTheLogTheBuildRecordOrTheHistoryEvenWhenAToolPrintsIt() throws Exception {
        // a tofu that prints the secret it was given and fails: the credentials reach the process, the mask holds
        Path tofu = workspace.resolve("bin/tofu");
        Files.writeString(tofu, "#!/usr/bin/env bash\necho \"Error: denied for $AWS_SECRET_ACCESS_KEY\" >&2\n"
                + "echo \"key $AWS_ACCESS_KEY_ID\"\nexit 1\n");
        Run<?, ?> b1 = build(1);

        Map<String, Object> result = step(b1, Operation.CHECK, all());

        assertThat(result).containsEntry("failed", List.of("network"));
        verify(b1).setResult(Result.FAILURE);
        Row network = buildRecord(b1).rows().stream().filter(r -> r.id().value().equals("network")).findFirst().orElseThrow();
        assertThat(network.state()).isEqualTo(RowState.FAILED);
        // no line the tool printed reaches a reason at all (its diagnostics only; tofu init has none): nothing to mask
        assertThat(network.reason()).isEqualTo("cannot check the ignore paths: tofu init failed with exit code 1 (see the console log)");
        String everything = console() + everythingRecorded() + result;
        for (String secret : SECRETS.values()) {
            assertThat(everything).as("secret %s", secret).doesNotContain(secret);
        }
    }

    @Test
    void aSecretInAPulumiDiagnosticOnStdoutIsMaskedInTheRecordTheResultMapAndTheHistory() throws Exception {
        // pulumi preview --json failing with its error only in the stdout digest (nothing on stderr): the
        // adapter takes the row's reason from the diagnostic, but never its message
        Path pulumi = workspace.resolve("bin/pulumi");
        Files.writeString(pulumi, "#!/usr/bin/env bash\n"
                + "echo '{\"steps\":[],\"diagnostics\":[{\"message\":\"error: login failed with token '\"$PULUMI_ACCESS_TOKEN\"' for t"
                        + "his stack\",\"severity\":\"error\"}]}'\n"
                + "exit 255\n");
        Run<?, ?> b1 = build(1);

        Map<String, Object> result = step(b1, Operation.PREVIEW, new StepSettings(null, List.of("platform:prod"), null));

        Row platform = buildRecord(b1).rows().stream().filter(r -> r.id().value().equals("platform:prod")).findFirst().orElseThrow();
        assertThat(platform.state()).isEqualTo(RowState.FAILED);
        // a Pulumi diagnostic's message never reaches the reason (it can carry any value): only the resource it names
        assertThat(platform.reason()).isEqualTo("pulumi preview failed: an error diagnostic; its message is in the tool's output");
        String everything = console() + everythingRecorded() + result;
        assertThat(everything).doesNotContain("pul-TOKEN-5");
    }

    @Test
    void aMissingCredentialFailsOnlyThatStackBeforeAnyToolRuns() throws Exception {
        Run<?, ?> b1 = build(1);
        CredentialsLookup lookup = id -> id.value().equals("pulumi-token") ? Optional.empty()
                : Optional.ofNullable(SECRETS.get(id.value())).map(StepEndToEndTest::secretText);
        Path temp = Files.createDirectories(root.resolve("tmp/missing"));
        Map<String, Object> result = new StackDriftStepRun(all(), Operation.PREVIEW, b1, listener,
                new LocalEngineGateway(workspace, temp, listener),
                new CredentialsEnvironment(lookup, mock(SecretFileWriter.class), SecretMask::patternOf).withAllowed(DEMO_IDS),
                StackDriftGlobalConfiguration.Defaults.builtIn(), Map.of("PATH", DemoWorkspace.pathWithSimulations(workspace)),
                JobHistory.inJobDir(jobDir.toFile()), null).run();

        assertThat(result).containsEntry("failed", List.of("platform:prod", "shop-app:prod"));
        assertThat(buildRecord(b1).rows()).filteredOn(r -> r.id().value().equals("platform:prod"))
                .singleElement().satisfies(r -> assertThat(r.reason()).contains("credentials 'pulumi-token' not found"));
        assertThat(console()).contains("platform:prod: credentials 'pulumi-token' not found");
    }

    /**
     * A change request from a fork maps network's secret key to a credential of its choosing. By default the build binds
     * nothing at all (the fork's own code would run with it), says so in the log and on the page; the store is never asked.
     */
    @Test
    void aChangeRequestFromAnUntrustedForkBindsNothingByDefault() throws Exception {
        String target = Files.readString(workspace.resolve("stacks.yaml"));
        Files.writeString(workspace.resolve("stacks.yaml"), target.replace("AWS_SECRET_ACCESS_KEY: aws-network-secret",
                "AWS_SECRET_ACCESS_KEY: prod-admin"));
        ChangeRequestModel fork = new ChangeRequestModel().file("main-tip", "stacks.yaml", target);
        List<String> asked = new CopyOnWriteArrayList<>();
        Run<?, ?> b1 = build(1);

        forkPreview(b1, fork, all(), asked, "tmp/fork-default");

        assertThat(asked).isEmpty();
        assertThat(console()).contains("this change request comes from a source the job does not trust")
                .contains("it runs without credentials").contains("untrustedChanges: 'TARGET_BRANCH_CREDENTIALS'");
        ArgumentCaptor<Action> actions = ArgumentCaptor.forClass(Action.class);
        verify(b1, atLeastOnce()).addAction(actions.capture());
        assertThat(actions.getAllValues()).filteredOn(CredentialsWithheldAction.class::isInstance).singleElement()
                .satisfies(a -> assertThat(((CredentialsWithheldAction) a).getReason()).contains("it runs without credentials"));
    }

    /**
     * Opted in: the build binds what the target branch's stacks.yaml (parsed on the controller) maps, and the lists keep
     * dns's credentials out altogether.
     */
    @Test
    void anOptedInChangeRequestFromAnUntrustedForkBindsOnlyTheTargetBranchsListedCredentials() throws Exception {
        String target = Files.readString(workspace.resolve("stacks.yaml"));
        Files.writeString(workspace.resolve("stacks.yaml"), target.replace("AWS_SECRET_ACCESS_KEY: aws-network-secret",
                "AWS_SECRET_ACCESS_KEY: prod-admin"));
        ChangeRequestModel fork = new ChangeRequestModel().file("main-tip", "stacks.yaml", target);
        List<String> asked = new CopyOnWriteArrayList<>();
        Run<?, ?> b1 = build(1);

        Map<String, Object> result = forkPreview(b1, fork, all().withUntrustedChanges(UntrustedChanges.TARGET_BRANCH_CREDENTIALS),
                asked, "tmp/fork");

        assertThat(asked).contains("aws-network-secret").doesNotContain("prod-admin", "aws-dns-key", "aws-dns-secret");
        assertThat(console()).contains("this change request comes from a source the job does not trust")
                .contains("network: its credentials come from the trusted revision; the change's mapping of"
                        + " AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY is not used")
                .contains("dns: credentials 'aws-dns-key' are named by no allow-list");
        assertThat(result).containsEntry("failed", List.of("dns"));
        verify(b1, never()).addAction(any(CredentialsWithheldAction.class));
    }

    /** An opted-in fork whose target branch's file cannot be read binds nothing: every stack runs without credentials. */
    @Test
    void aChangeRequestWhoseTrustedFileCannotBeReadBindsNothing() throws Exception {
        ChangeRequestModel fork = new ChangeRequestModel();
        fork.readFails = true;
        List<String> asked = new CopyOnWriteArrayList<>();

        forkPreview(build(1), fork, all().withUntrustedChanges(UntrustedChanges.TARGET_BRANCH_CREDENTIALS), asked,
                "tmp/unreadable");

        assertThat(asked).isEmpty();
        assertThat(console()).contains("could not be read (IOException); no credentials are bound");
    }

    /**
     * A policy check of the trusted checkout's stacks.yaml (a script of the repository) starts through the controller's
     * launch policy: network's plan passes and is applied, dns' is refused and awaits approval with the script's line as
     * its reason, masked; the script never gets the stack's credential (it prints "none" in its place).
     */
    @Test
    void aPolicyCheckOfTheTrustedFileRunsThroughTheLaunchPolicyWithoutCredentialsAndItsReasonIsMasked() throws Exception {
        policyCheck("");
        Run<?, ?> b1 = build(1);

        Map<String, Object> result = step(b1, Operation.DEPLOY, new StepSettings(null, List.of("network", "dns"), null));

        Map<String, Row> rows = new TreeMap<>();
        buildRecord(b1).rows().forEach(row -> rows.put(row.id().value(), row));
        assertThat(rows.get("dns").state()).as(console()).isEqualTo(RowState.AWAITING_APPROVAL);
        assertThat(rows.get("dns").reason()).isEqualTo("policy check refused the plan (exit 1): FAIL - dns ttl lowered;"
                + " secret=none key " + SecretMask.MASK);
        assertThat(rows.get("network").state()).isNotIn(RowState.FAILED, RowState.AWAITING_APPROVAL);
        assertThat(Files.exists(workspace.resolve("network/.terraform/demo-state/applied"))).isTrue();
        assertThat(Files.exists(workspace.resolve("dns/.terraform/demo-state/applied"))).isFalse();
        String everything = console() + everythingRecorded() + result;
        assertThat(everything).contains("FAIL - dns ttl lowered; secret=none key ");
        SECRETS.values().forEach(secret -> assertThat(everything).as("secret %s", secret).doesNotContain(secret));
    }

    /**
     * A fork's change request whose stacks.yaml has a policy check that previews run: the controller admits no check of
     * an untrusted revision, so the check cannot run and the rows fail, saying why (nothing passes unchecked).
     */
    @Test
    void aForksPolicyCheckIsNotStartedAndItsRowsFailSayingWhy() throws Exception {
        policyCheck("  previews: true\n");
        ChangeRequestModel fork = new ChangeRequestModel().file("main-tip", "stacks.yaml",
                Files.readString(workspace.resolve("stacks.yaml")));
        Run<?, ?> b1 = build(1);

        forkPreview(b1, fork, new StepSettings(null, List.of("network", "dns"), null), new CopyOnWriteArrayList<>(),
                "tmp/fork-policy");

        assertThat(buildRecord(b1).rows()).filteredOn(row -> List.of("network", "dns").contains(row.id().value()))
                .hasSize(2).allSatisfy(row -> {
                    assertThat(row.state()).isEqualTo(RowState.FAILED);
                    assertThat(row.reason()).contains("the controller refused to start a process for the agent")
                            .contains("the build's revision is not one its SCM source trusts, so no policy check its"
                                    + " stacks.yaml configures runs here");
                });
        assertThat(Files.readString(workspace.resolve("policy-ran"), StandardCharsets.UTF_8)).isEmpty();
        // the refusals were logged on the controller, as every refusal is
        assertThat(refusals).hasSize(2);
        refusals.clear();
    }

    /** A policy script in the workspace that passes network and refuses dns, and stacks.yaml's policyCheck naming it. */
    private void policyCheck(final String more) throws IOException {
        Files.writeString(workspace.resolve("policy-ran"), "");
        Path script = Files.createDirectories(workspace.resolve("policy")).resolve("check.sh");
        Files.writeString(script, "#!/bin/sh\necho \"$STACKDRIFT_STACK\" >> \"$STACKDRIFT_STACK_DIR/../policy-ran\"\n"
                + "case \"$STACKDRIFT_STACK\" in\n"
                + "  dns) echo \"FAIL - dns ttl lowered; secret=${AWS_SECRET_ACCESS_KEY:-none} key AKIAdnsKEY3\"; exit 1 ;;\n"
                + "esac\nexit 0\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        String config = Files.readString(workspace.resolve("stacks.yaml"));
        assertThat(config).contains("parallelism: 4\n");
        Files.writeString(workspace.resolve("stacks.yaml"), config.replace("parallelism: 4\n",
                "parallelism: 4\npolicyCheck:\n  command: [policy/check.sh]\n" + more));
    }

    /** A preview of the demo as a fork's change request, with the lists naming network's and Pulumi's ids only. */
    private Map<String, Object> forkPreview(final Run<?, ?> run, final ChangeRequestModel fork, final StepSettings settings,
            final List<String> asked, final String tempDir) throws Exception {
        CredentialsLookup lookup = id -> {
            asked.add(id.value());
            return Optional.ofNullable(SECRETS.get(id.value())).map(StepEndToEndTest::secretText);
        };
        AllowedCredentials allowed = AllowedCredentials.of(List.of("aws-network-key", "aws-network-secret", "prod-admin"),
                List.of("pulumi-token"), List.of());
        Path temp = Files.createDirectories(root.resolve(tempDir));
        return new StackDriftStepRun(settings, Operation.PREVIEW, run, listener,
                new LocalEngineGateway(workspace, temp, listener), new CredentialsEnvironment(lookup,
                        mock(SecretFileWriter.class), SecretMask::patternOf).withAllowed(allowed),
                StackDriftGlobalConfiguration.Defaults.builtIn(),
                Map.of("PATH", DemoWorkspace.pathWithSimulations(workspace)), JobHistory.inJobDir(jobDir.toFile()), null,
                fork).run();
    }

    @Test
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    void aDeployOfAnotherBuildThatIsRunningHoldsItsStacksTheCheckLeavesThemAlone() throws Exception {
        Run<?, ?> other = build(9);
        when(other.isBuilding()).thenReturn(true);
        doReturn(other).when(job).getBuildByNumber(9);
        JobHistory history = JobHistory.inJobDir(jobDir.toFile());
        history.markDeploying(List.of("network"), "9", 1L, DeployKind.DEPLOY);
        try (JobStackLocks.Held held = JobStackLocks.acquireAll("folder/infra", List.of("network"), "the deploy of build #9",
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))) {
            Run<?, ?> b10 = build(10);

            step(b10, Operation.CHECK, all());

            Row network = buildRecord(b10).rows().stream().filter(r -> r.id().value().equals("network")).findFirst()
                    .orElseThrow();
            assertThat(network.state()).isEqualTo(RowState.SKIPPED);
            assertThat(network.reason()).isEqualTo("a deploy of it is running");
            assertThat(console()).contains("network: the deploy of build #9 holds it");
            assertThat(new HistoryStore(historyDir()).deploysInProgress()).extracting(DeployMarker::runId).containsExactly("9");
        } finally {
            history.finishDeploying(List.of("network"));
        }
    }

    @Test
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    void aStackAnotherCheckHoldsIsLeftAloneNotFailed() throws Exception {
        // a concurrent check of build #11 holds network (its correct mode may deploy) and wrote no marker
        try (JobStackLocks.Held held = JobStackLocks.acquireFree("folder/infra", List.of("network"),
                "the drift check of build #11")) {
            Run<?, ?> b12 = build(12);

            Map<String, Object> result = step(b12, Operation.CHECK, all());

            Row network = buildRecord(b12).rows().stream().filter(r -> r.id().value().equals("network")).findFirst()
                    .orElseThrow();
            assertThat(network.state()).isEqualTo(RowState.SKIPPED);
            assertThat(result).containsEntry("failed", List.of()).containsEntry("result", "SUCCESS");
            // the marker lived only in the agent's copy: the job history has none
            assertThat(new HistoryStore(historyDir()).deploysInProgress()).isEmpty();
        }
    }

    @Test
    void aDeployMarkerOfABuildThatEndedBecomesAnInterruptedTrailEntry() throws Exception {
        JobHistory.inJobDir(jobDir.toFile()).markDeploying(List.of("dns"), "5", 1L, DeployKind.DEPLOY);
        doReturn(null).when(job).getBuildByNumber(anyInt());

        step(build(6), Operation.PREVIEW, all());

        HistoryStore history = new HistoryStore(historyDir());
        assertThat(history.deploysInProgress()).isEmpty();
        assertThat(history.trail()).singleElement().satisfies(e -> {
            assertThat(e.stack()).isEqualTo(StackId.of("dns"));
            assertThat(e.result()).isEqualTo(TrailResult.INTERRUPTED);
            assertThat(e.runId()).isEqualTo("5");
        });
    }

    @Test
    void validateListsEveryStackOfTheDemo() throws Exception {
        Map<String, Object> result = step(build(1), Operation.VALIDATE, all());
        assertThat(result).containsEntry("valid", true).containsEntry("stacks", 4);
        assertThat(console()).contains("network").contains("shop-app:prod").doesNotContain("AKIA");
    }

    @Test
    void aBrokenConfigurationStopsTheStepWithEveryProblemAndRunsNoTool() throws Exception {
        Files.writeString(workspace.resolve("stacks.yaml"), "drift: true\nstacks:\n  - dir: network\n    dependOn: [dns]\n");
        assertThatThrownBy(() -> step(build(1), Operation.CHECK, all())).isInstanceOf(AbortException.class)
                .hasMessageContaining("problem");
        assertThat(console()).contains("stacks.yaml:1").contains("dependOn");
        assertThat(historyDir()).doesNotExist();
    }
}
