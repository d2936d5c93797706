package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.TestExtension;
import org.jvnet.hudson.test.junit.jupiter.BuildWatcherExtension;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

import com.cloudbees.plugins.credentials.CredentialsProvider;
import com.cloudbees.plugins.credentials.CredentialsScope;
import com.cloudbees.plugins.credentials.domains.Domain;

import hudson.model.Result;
import hudson.model.Run;
import hudson.util.Secret;
import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.tool.ProcessResult;
import io.stackdrift.tool.ProcessRunner;
import io.stackdrift.tool.ProcessSpec;

/**
 * The steps in a real Pipeline on a real Jenkins (real build only: JenkinsRule). The engine is a scripted
 * test double registered as an {@link EngineProvider}; everything Jenkins-side is real: the Pipeline
 * steps, the agent call, the credentials plugin, the Launcher (a real {@code printenv} process), masking,
 * the build action in build.xml, /api/json, the job badge and the trigger.
 */
@WithJenkins
class StackDriftStepsITest {
    @RegisterExtension
    private static final BuildWatcherExtension BUILD_WATCHER = new BuildWatcherExtension();

    /** What the scripted engine saw; the built-in node runs in this JVM. */
    static final AtomicReference<EngineRequest> LAST_REQUEST = new AtomicReference<>();
    static final AtomicReference<String> TOKEN_SEEN_BY_PROCESS = new AtomicReference<>();
    static final AtomicReference<Map<String, String>> FAILURES_SEEN = new AtomicReference<>();
    static volatile String credentialsId = "tok";

    private JenkinsRule r;

    @BeforeEach
    void beforeEach(final JenkinsRule rule) {
        r = rule;
        LAST_REQUEST.set(null);
        TOKEN_SEEN_BY_PROCESS.set(null);
        FAILURES_SEEN.set(null);
        credentialsId = "tok";
    }

    private WorkflowJob job(final String script) throws IOException {
        WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "p");
        p.setDefinition(new CpsFlowDefinition(script, true));
        return p;
    }

    private void addSecretText(final String id, final String value) throws IOException {
        CredentialsProvider.lookupStores(r.jenkins).iterator().next().addCredentials(Domain.global(),
                new StringCredentialsImpl(CredentialsScope.GLOBAL, id, "test", Secret.fromString(value)));
    }

    @Test
    void validateStacksPrintsEveryStackAndReturnsAPlainMap() throws Exception {
        WorkflowJob p = job("node { def r = validateStacks(config: 'infra/stacks.yaml'); echo \"valid=${r.valid} stacks=${r.stacks}\" }");
        WorkflowRun b = r.buildAndAssertSuccess(p);
        r.assertLogContains("network  tofu  drift report every 6h", b);
        r.assertLogContains("valid=true stacks=2", b);
        assertThat(LAST_REQUEST.get().configFile()).isEqualTo("infra/stacks.yaml");
    }

    @Test
    void checkDriftMarksUnstableRecordsTheBuildAndMasksTheSecret() throws Exception {
        addSecretText("tok", "sec$ret-value");
        WorkflowJob p = job("node { def r = checkDrift(); echo \"drifted=${r.drifted} total=${r.counts.total}\" }");
        WorkflowRun b = r.buildAndAssertStatus(Result.UNSTABLE, p);

        r.assertLogContains("drifted=[network] total=2", b);
        r.assertLogContains("2 stacks · 1 in sync · 1 drifted ● · 0 pending · 0 failed", b);
        assertThat(TOKEN_SEEN_BY_PROCESS.get()).isEqualTo("sec$ret-value");
        r.assertLogContains("the token is ****", b);
        r.assertLogNotContains("sec$ret-value", b);

        StackDriftRunAction action = b.getAction(StackDriftRunAction.class);
        assertThat(action.getDriftedStacks()).containsExactly("network");
        assertThat(new File(b.getRootDir(), RunDetails.FILE_NAME)).exists();
        assertThat(Run.XSTREAM2.toXML(action).length()).isLessThan(4 * 1024);
        assertThat(action.getRows()).hasSize(2);

        JenkinsRule.WebClient wc = r.createWebClient();
        String json = wc.goTo(b.getUrl() + "api/json?depth=1", "application/json").getWebResponse().getContentAsString();
        assertThat(json).contains("\"driftedStacks\":[\"network\"]");
        assertThat(wc.goTo(b.getUrl() + "stack-drift/").getWebResponse().getContentAsString()).contains("tags.Name")
                .doesNotContain("sec$ret-value");
        String badge = wc.goTo(p.getUrl() + "stack-drift/badge.svg", "image/svg+xml").getWebResponse().getContentAsString();
        assertThat(badge).contains("1 stack");
    }

    @Test
    void aMissingCredentialFailsThatStackBeforeAnyToolRuns() throws Exception {
        credentialsId = "absent";
        WorkflowJob p = job("node { checkDrift() }");
        WorkflowRun b = r.buildAndAssertStatus(Result.FAILURE, p);
        r.assertLogContains("credentials 'absent' not found", b);
        assertThat(FAILURES_SEEN.get()).containsEntry("network", "credentials 'absent' not found");
        assertThat(TOKEN_SEEN_BY_PROCESS.get()).isNull();
    }

    @Test
    void everyStepParameterReachesTheEngine() throws Exception {
        addSecretText("tok", "x");
        WorkflowJob p = job("node { deployStacks(config: 'infra/stacks.yaml', stacks: ['network'], parallelism: 2,"
                + " driftResult: 'FAILURE', failedResult: 'UNSTABLE', rehearsal: true, approved: true) }");
        r.buildAndAssertStatus(Result.FAILURE, p);
        EngineRequest request = LAST_REQUEST.get();
        assertThat(request.stacks()).containsExactly("network");
        assertThat(request.parallelism()).isEqualTo(2);
        assertThat(request.rehearsal()).isTrue();
        assertThat(request.approved()).isTrue();
    }

    @Test
    void theScheduleTriggerQueuesAScheduledDriftCheck() throws Exception {
        addSecretText("tok", "x");
        WorkflowJob p = job("node { checkDrift(driftResult: 'SUCCESS') }");
        DriftScheduleTrigger trigger = new DriftScheduleTrigger("H/15 * * * *");
        p.addTrigger(trigger);
        trigger.run();
        r.waitUntilNoActivity();
        WorkflowRun b = p.getLastBuild();
        assertThat(b).isNotNull();
        assertThat(b.getCause(ScheduledDriftCheckCause.class)).isNotNull();
        assertThat(LAST_REQUEST.get().scheduled()).isTrue();
    }

    @Test
    void stepsNeedANode() throws Exception {
        WorkflowJob p = job("checkDrift()");
        WorkflowRun b = r.buildAndAssertStatus(Result.FAILURE, p);
        r.assertLogContains("node", b);
    }

    /** The scripted engine for these tests. */
    @TestExtension
    public static final class ScriptedEngineProvider extends EngineProvider {
        @Override
        public EngineFactory factory() {
            return new ScriptedEngineFactory();
        }
    }

    static final class ScriptedEngineFactory implements EngineFactory {
        private static final long serialVersionUID = 1L;

        @Override
        public StackDriftEngine create() {
            return new ScriptedEngine();
        }
    }

    static final class ScriptedEngine implements StackDriftEngine {
        @Override
        public ValidationOutcome validate(final Path repositoryRoot, final EngineRequest request) {
            LAST_REQUEST.set(request);
            return new ValidationOutcome(List.of("network  tofu  drift report every 6h", "dns  tofu  drift off"), List.of());
        }

        @Override
        public Map<String, Map<String, String>> credentialsNeeded(final Path repositoryRoot, final EngineRequest request) {
            return Map.of("network", Map.of("TOKEN", credentialsId));
        }

        @Override
        public RunRecord preview(final Path root, final EngineRequest request, final StackCredentials credentials,
                final ProcessRunner runner, final PrintStream log) throws InterruptedException {
            return run(RunKind.PREVIEW, root, request, credentials, runner, log);
        }

        @Override
        public RunRecord check(final Path root, final EngineRequest request, final StackCredentials credentials,
                final ProcessRunner runner, final PrintStream log) throws InterruptedException {
            return run(RunKind.CHECK, root, request, credentials, runner, log);
        }

        @Override
        public RunRecord deploy(final Path root, final EngineRequest request, final StackCredentials credentials,
                final ProcessRunner runner, final PrintStream log) throws InterruptedException {
            return run(RunKind.DEPLOY, root, request, credentials, runner, log);
        }

        private RunRecord run(final RunKind kind, final Path root, final EngineRequest request,
                final StackCredentials credentials, final ProcessRunner runner, final PrintStream log)
                throws InterruptedException {
            LAST_REQUEST.set(request);
            FAILURES_SEEN.set(credentials.failures());
            List<Row> rows = new ArrayList<>();
            rows.add(new Row(StackId.of("dns"), Tool.TOFU, "dns", RowState.IN_SYNC, "", List.of(), List.of(), List.of(), List.of()));
            String failure = credentials.failures().get("network");
            if (failure != null) {
                rows.add(Row.withReason(StackId.of("network"), Tool.TOFU, "network", RowState.FAILED, failure));
            } else {
                try {
                    Files.createDirectories(root);
                    ProcessResult result = runner.run(new ProcessSpec(List.of("printenv", "TOKEN"), root,
                            credentials.environment("network"), Duration.ofMinutes(1), root.resolve("printenv.out")));
                    String token = Files.readString(result.stdoutFile(), StandardCharsets.UTF_8).trim();
                    TOKEN_SEEN_BY_PROCESS.set(token);
                    log.println("the token is " + token);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
                rows.add(new Row(StackId.of("network"), Tool.TOFU, "network", RowState.DRIFTED, "", List.of(),
                        List.of(new Change(Action.UPDATE, "aws_instance", "aws_instance.web", List.of("tags.Name"), Cause.DRIFT)),
                        List.of(), List.of()));
            }
            return new RunRecord(request.runId(), kind, request.cause(), 1L, 2L, rows, List.of());
        }
    }
}
