package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import hudson.model.Descriptor;
import hudson.model.Result;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.DemoPipelineITestSupport;
import io.jenkins.plugins.stackdrift.actions.StackDriftJobAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import io.jenkins.plugins.stackdrift.history.RunDetails;
import io.jenkins.plugins.stackdrift.trigger.DriftScheduleTrigger;
import io.jenkins.plugins.stackdrift.trigger.ScheduledDriftCheckCause;
import org.jenkinsci.plugins.workflow.actions.WarningAction;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.graphanalysis.DepthFirstScanner;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.BuildWatcherExtension;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RecordJson;
import io.stackdrift.record.RunRecord;
import io.stackdrift.testing.PosixOnly;

/**
 * The steps in a real Pipeline on a real Jenkins (real build only: JenkinsRule), running the core engine on
 * the demo repository with its simulated tools (examples/demo/bin on the build's PATH): the Pipeline steps,
 * the agent call over a real channel (an online agent), the credentials plugin, masking, the build record,
 * the job history, build.xml, /api/json, the pages, the job badge and the trigger.
 */
@WithJenkins
@PosixOnly
class StackDriftStepsITest {
    @RegisterExtension
    private static final BuildWatcherExtension BUILD_WATCHER = new BuildWatcherExtension();

    private static final Path DEMO = Path.of("../examples/demo").toAbsolutePath().normalize();
    private static final Map<String, String> SECRETS = Map.of(
            "aws-network-key", "AKIAnetKEY1", "aws-network-secret", "net$ecret/Value2",
            "aws-dns-key", "AKIAdnsKEY3", "aws-dns-secret", "dnsSecretValue4", "pulumi-token", "pul-TOKEN-5");

    private JenkinsRule r;

    @TempDir
    Path scratch;

    @BeforeEach
    void beforeEach(final JenkinsRule rule) {
        r = rule;
    }

    /** A Pipeline that copies the demo into its workspace and puts the simulated tools first on PATH. */
    private WorkflowJob job(final String label, final String steps) throws IOException, Descriptor.FormException {
        WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "p" + r.jenkins.getItems().size());
        p.setDefinition(new CpsFlowDefinition("node('" + label + "') {\n"
                + "  sh \"cp -R '" + DEMO + "/.' . && rm -rf */.terraform */.pulumi\"\n"
                + "  withEnv([\"PATH+DEMO=${pwd()}/bin\"]) {\n" + steps + "\n  }\n}", true));
        return p;
    }

    private void addCredentials(final String... except) throws IOException {
        for (Map.Entry<String, String> secret : SECRETS.entrySet()) {
            if (!List.of(except).contains(secret.getKey())) {
                DemoPipelineITestSupport.addListedCredential(r, secret.getKey(), secret.getValue());
            }
        }
        // listed though not stored: the stacks naming them fail because the credential is missing, not unlisted
        for (String id : except) {
            DemoPipelineITestSupport.listInGlobalAllowList(r, id);
        }
    }

    private void assertNoSecretIn(final String text) {
        SECRETS.values().forEach(secret -> assertThat(text).doesNotContain(secret));
    }

    @Test
    void validateStacksPrintsEveryStackAndReturnsAPlainMap() throws Exception {
        WorkflowJob p = job("built-in", "def r = validateStacks(); echo \"valid=${r.valid} stacks=${r.stacks}\"");
        WorkflowRun b = r.buildAndAssertSuccess(p);
        r.assertLogContains("shop-app:prod", b);
        r.assertLogContains("valid=true stacks=4", b);
    }

    @Test
    void checkDriftOnAnAgentRecordsTheBuildAndTheJobHistoryAndMasksSecrets() throws Exception {
        r.createOnlineSlave(r.jenkins.getLabelAtom("remote"));
        addCredentials();
        WorkflowJob p = job("remote", "def r = checkDrift(); echo \"drifted=${r.drifted} total=${r.counts.total}\"");
        // the demo's network stack is in drift mode correct: the check puts its drift back (repairedResult SUCCESS)
        WorkflowRun b = r.buildAndAssertSuccess(p);

        r.assertLogContains("drifted=[] total=4", b);
        r.assertLogContains("4 stacks · 3 in sync · 0 drifted · 0 pending · 0 failed · 1 repaired", b);
        r.assertLogContains("network: put back what changed outside the code", b);
        assertNoSecretIn(JenkinsRule.getLog(b));

        StackDriftRunAction action = b.getAction(StackDriftRunAction.class);
        assertThat(action.getDriftedStacks()).isEmpty();
        // the step names no id: its word, check
        assertThat(action.getId()).isEqualTo("check");
        File record = RunDetails.of(b.getRootDir(), "check").file();
        assertThat(record).exists();
        assertNoSecretIn(Files.readString(record.toPath()));
        // the repair's trail entry crossed the agent whole: when its drift began, so the time to repair
        RunRecord recorded;
        try (InputStream in = Files.newInputStream(record.toPath())) {
            recorded = RecordJson.readRun(in);
        }
        assertThat(recorded.trail()).singleElement().satisfies(entry -> {
            assertThat(entry.driftedSince()).isPositive();
            assertThat(entry.timeToRepair()).isPresent();
        });
        assertThat(Run.XSTREAM2.toXML(action).length()).isLessThan(4 * 1024);
        assertThat(action.getRows()).hasSize(4);
        HistoryStore history = new HistoryStore(p.getRootDir().toPath().resolve(JobHistory.DIR_NAME));
        assertThat(history.summaries()).hasSize(1);
        assertThat(history.trail()).hasSize(1);

        JenkinsRule.WebClient wc = r.createWebClient();
        // the default depth (no ?depth): actions are exported with visibility 2
        String json = wc.goTo(b.getUrl() + "api/json", "application/json").getWebResponse().getContentAsString();
        assertThat(json).contains("\"driftedStacks\":[]");
        String url = action.getUrlName() + "/";
        String page = wc.goTo(b.getUrl() + url).getWebResponse().getContentAsString();
        assertThat(page).contains("network").contains(url + "assets/stackdrift.css");
        assertNoSecretIn(page);
        assertThat(wc.goTo(b.getUrl() + url + "assets/stackdrift.css", "text/css").getWebResponse()
                .getContentAsString()).isNotEmpty();
        assertThat(wc.goTo(b.getUrl() + url + "stack/network/").getWebResponse().getContentAsString())
                .contains("tags.Owner");
        String jobUrl = p.getUrl() + p.getAction(StackDriftJobAction.class).getUrlName() + "/";
        String badge = wc.goTo(jobUrl + "badge.svg", "image/svg+xml").getWebResponse().getContentAsString();
        assertThat(badge).contains("1 repaired");
        assertThat(wc.goTo(jobUrl).getWebResponse().getContentAsString()).contains("Recently deployed");
        assertThat(wc.goTo(p.getUrl() + "api/json", "application/json").getWebResponse().getContentAsString())
                .as("the job's default depth shows the trend").contains("\"trend\":[{");

        // the second build reads the job history: nothing is due again yet
        WorkflowRun b2 = r.buildAndAssertSuccess(p);
        r.assertLogContains("total=4", b2);
        assertThat(history.summaries()).hasSize(2);
    }

    /**
     * credentials-binding's SecretPatterns masks for the step: a tool that prints its bound token in base64 (on the
     * diagnostic that becomes the stack's reason, and on stderr) leaves neither form in the log nor in the record.
     */
    @Test
    void aBoundValuesBase64FormIsMaskedInTheLogAndTheRecordAsWithCredentialsMasksIt() throws Exception {
        String token = "tok-7Hq2VxLm9PzR4KwNe";
        String base64 = Base64.getEncoder().encodeToString(token.getBytes(StandardCharsets.UTF_8));
        DemoPipelineITestSupport.addListedCredential(r, "tok", token);
        Path repo = Files.createDirectories(scratch.resolve("repo"));
        Files.createDirectories(repo.resolve("a"));
        Files.writeString(repo.resolve("a/main.tf"), "terraform {\n}\n");
        Files.writeString(repo.resolve("stacks.yaml"), "stacks:\n  - dir: a\n    credentials:\n      TOKEN: tok\n");
        Path bin = Files.createDirectories(scratch.resolve("bin"));
        Path tool = bin.resolve("terraform");
        Files.writeString(tool, """
                #!/bin/sh
                case "$1" in
                  version) echo '{"terraform_version":"1.11.4","platform":"linux_amd64","provider_selections":{}}' ;;
                  plan) b=$(printf %s "$TOKEN" | base64)
                        echo '{"type":"diagnostic","diagnostic":{"severity":"error","summary":"token '"$b"' rejected"}}'
                        echo "Authorization: Basic $b" >&2
                        exit 1 ;;
                  *) exit 0 ;;
                esac
                """);
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "masked");
        p.setDefinition(new CpsFlowDefinition("node('built-in') {\n"
                + "  sh \"cp -R '" + repo + "/.' .\"\n"
                + "  withEnv([\"PATH+TOOL=" + bin + "\"]) { previewStacks() }\n}", true));

        WorkflowRun b = r.buildAndAssertStatus(Result.FAILURE, p);

        String log = JenkinsRule.getLog(b);
        assertThat(log).contains("token **** rejected").doesNotContain(token).doesNotContain(base64);
        String record = Files.readString(RunDetails.of(b.getRootDir(), "preview").file().toPath());
        assertThat(record).contains("token **** rejected").doesNotContain(token).doesNotContain(base64);
    }

    @Test
    void theBuildPageTheJobPageAndConfigureSystemRenderAndStayAfterABuildWithoutARecord() throws Exception {
        addCredentials();
        // the check puts the network's drift back; repairedResult makes that an unstable stage
        WorkflowJob p = job("built-in", "checkDrift(repairedResult: 'UNSTABLE')");
        WorkflowRun b = r.buildAndAssertStatus(Result.UNSTABLE, p);
        JenkinsRule.WebClient wc = r.createWebClient();
        // the build's main page includes the summary and the badge of the run action (Jelly compiled for real)
        assertThat(wc.goTo(b.getUrl()).getWebResponse().getContentAsString())
                .contains(b.getAction(StackDriftRunAction.class).getUrlName() + "/");
        assertThat(wc.goTo("manage/configure").getWebResponse().getContentAsString()).contains("Stack Drift");
        // the stage of the step that made the build unstable says so too
        assertThat(new DepthFirstScanner().filteredNodes(b.getExecution(),
                n -> n != null && n.getPersistentAction(WarningAction.class) != null)).isNotEmpty();

        // a build that only validates (the workspace still has the demo) leaves no record: the job page and badge stay
        p.setDefinition(new CpsFlowDefinition("node('built-in') { validateStacks() }", true));
        assertThat(r.buildAndAssertSuccess(p).getAction(StackDriftRunAction.class)).isNull();
        assertThat(wc.goTo(p.getUrl() + p.getAction(StackDriftJobAction.class).getUrlName() + "/badge.svg", "image/svg+xml")
                .getWebResponse().getContentAsString()).contains("1 repaired");
    }

    @Test
    void aMissingCredentialFailsThoseStacksBeforeAnyToolRuns() throws Exception {
        addCredentials("pulumi-token");
        WorkflowJob p = job("built-in", "previewStacks()");
        WorkflowRun b = r.buildAndAssertStatus(Result.FAILURE, p);
        r.assertLogContains("credentials 'pulumi-token' not found", b);
        assertThat(b.getAction(StackDriftRunAction.class).getFailedStacks()).containsExactly("platform:prod", "shop-app:prod");
    }

    @Test
    void deployStacksTakesEveryParameterAndReturnsTheMap() throws Exception {
        addCredentials();
        WorkflowJob p = job("built-in", "def r = deployStacks(stacks: ['network', 'dns'], parallelism: 2, rehearsal: true,"
                + " approved: false, driftResult: 'FAILURE', failedResult: 'UNSTABLE')\n"
                + "echo \"kind=${r.kind} rows=${r.rows.size()}\"");
        // the rehearsal plans the network's drift, and driftResult makes drift a failure
        WorkflowRun b = r.buildAndAssertStatus(Result.FAILURE, p);
        r.assertLogContains("kind=deploy rows=2", b);
    }

    @Test
    void nowChecksAndDeploysTheStacksTheScheduleAndTheDigestWouldSkip() throws Exception {
        addCredentials();
        WorkflowJob p = job("built-in", "checkDrift(stacks: ['dns'], driftResult: 'SUCCESS')\n"
                + "checkDrift(id: 'again', stacks: ['dns'], driftResult: 'SUCCESS')\n"
                + "def r = checkDrift(id: 'now', stacks: ['dns'], now: true, driftResult: 'SUCCESS')\n"
                + "echo \"now-checked=${r.counts.inSync + r.counts.drifted}\"\n"
                + "deployStacks(id: 'first', stacks: ['dns'])\n"
                + "deployStacks(id: 'second', stacks: ['dns'])\n"
                + "deployStacks(id: 'third', stacks: ['dns'], now: true)");
        WorkflowRun b = r.buildAndAssertSuccess(p);
        r.assertLogContains("check it now with --now (now: true on the step)", b);
        r.assertLogContains("now-checked=1", b);
        r.assertLogContains("deploy it anyway with --now (now: true on the step)", b);
        r.assertLogContains("dns: deploying (asked for now, whatever its policy and digest", b);
    }

    @Test
    void theScheduleTriggerQueuesAScheduledDriftCheck() throws Exception {
        addCredentials();
        WorkflowJob p = job("built-in", "checkDrift(driftResult: 'SUCCESS')");
        DriftScheduleTrigger trigger = new DriftScheduleTrigger("H/15 * * * *");
        p.addTrigger(trigger);
        trigger.run();
        r.waitUntilNoActivity();
        WorkflowRun b = p.getLastBuild();
        assertThat(b).isNotNull();
        assertThat(b.getCause(ScheduledDriftCheckCause.class)).isNotNull();
        assertThat(b.getResult()).isEqualTo(Result.SUCCESS);
    }

    @Test
    void stepsNeedANode() throws Exception {
        WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "bare");
        p.setDefinition(new CpsFlowDefinition("checkDrift()", true));
        WorkflowRun b = r.buildAndAssertStatus(Result.FAILURE, p);
        r.assertLogContains("node", b);
    }
}
