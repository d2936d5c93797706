package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import hudson.model.Cause;
import hudson.model.Result;
import io.jenkins.plugins.stackdrift.DemoPipelineITestSupport;
import io.jenkins.plugins.stackdrift.actions.StackDriftJobAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import io.jenkins.plugins.stackdrift.history.JobStackLocks;
import io.jenkins.plugins.stackdrift.history.RunDetails;
import jenkins.branch.BranchSource;
import jenkins.scm.impl.mock.MockSCMController;
import jenkins.scm.impl.mock.MockSCMDiscoverBranches;
import jenkins.scm.impl.mock.MockSCMSource;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.BuildWatcherExtension;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

import io.stackdrift.testing.PosixOnly;

/**
 * Real build only (JenkinsRule, workflow-multibranch and scm-api's mock SCM): several Stack Drift steps in one
 * build, each with its own id, section, page, details file and /api/json entry; and two branch jobs of one
 * multibranch project that deploy the same stack, which wait for each other and say for whom.
 */
@WithJenkins
@PosixOnly
class StepIdsAndLockScopesITest {
    @RegisterExtension
    private static final BuildWatcherExtension BUILD_WATCHER = new BuildWatcherExtension();

    private static final Path DEMO = Path.of("../examples/demo").toAbsolutePath().normalize();
    private static final Map<String, String> SECRETS = Map.of(
            "aws-network-key", "AKIAnetKEY1", "aws-network-secret", "net$ecret/Value2",
            "aws-dns-key", "AKIAdnsKEY3", "aws-dns-secret", "dnsSecretValue4", "pulumi-token", "pul-TOKEN-5");

    private JenkinsRule r;

    @BeforeEach
    void beforeEach(final JenkinsRule rule) throws IOException {
        r = rule;
        for (Map.Entry<String, String> secret : SECRETS.entrySet()) {
            DemoPipelineITestSupport.addListedCredential(r, secret.getKey(), secret.getValue());
        }
    }

    /** A Pipeline body that copies the demo into the workspace and puts its simulated tools first on PATH. */
    private static String onTheDemo(final String steps) {
        return "node('built-in') {\n"
                + "  sh \"cp -R '" + DEMO + "/.' . && rm -rf */.terraform */.pulumi\"\n"
                + "  withEnv([\"PATH+DEMO=${pwd()}/bin\"]) {\n" + steps + "\n  }\n}";
    }

    @Test
    void aCheckShardsInParallelAndADeployOfOneBuildEachKeepTheirOwnSectionPageDetailsAndApiEntry() throws Exception {
        WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "ids");
        p.setDefinition(new CpsFlowDefinition(onTheDemo(
                "checkDrift(stacks: ['network', 'dns'], repairedResult: 'UNSTABLE')\n"
                + "parallel eu: { previewStacks(id: 'shard-eu', stacks: ['network']) },"
                + " us: { previewStacks(id: 'shard-us', stacks: ['dns']) }\n"
                + "deployStacks(stacks: ['dns'], rehearsal: true)"), true));
        // the build result is the worst of its steps: the check put back the network's drift (repairedResult)
        WorkflowRun b = r.buildAndAssertStatus(Result.UNSTABLE, p);

        List<StackDriftRunAction> actions = b.getActions(StackDriftRunAction.class);
        assertThat(actions).extracting(StackDriftRunAction::getId)
                .containsExactlyInAnyOrder("check", "shard-eu", "shard-us", "deploy");
        StackDriftRunAction eu = actions.stream().filter(a -> a.getId().equals("shard-eu")).findFirst().orElseThrow();
        assertThat(eu.getRows()).extracting(row -> row.id().value()).containsExactly("network");
        for (String id : List.of("check", "shard-eu", "shard-us", "deploy")) {
            assertThat(new File(b.getRootDir(), RunDetails.DIR_NAME + "/" + id + "/" + RunDetails.FILE_NAME)).as(id).isFile();
        }
        assertThat(new File(b.getRootDir(), RunDetails.FILE_NAME)).doesNotExist();

        JenkinsRule.WebClient wc = r.createWebClient();
        String main = wc.goTo(b.getUrl()).getWebResponse().getContentAsString();
        for (StackDriftRunAction step : actions) {
            assertThat(main).as("the build page has a section per step").contains(step.getUrlName() + "/");
            assertThat(wc.goTo(b.getUrl() + step.getUrlName() + "/").getWebResponse().getContentAsString())
                    .contains("Stack Drift: " + step.getId());
        }
        StackDriftRunAction us = actions.stream().filter(a -> a.getId().equals("shard-us")).findFirst().orElseThrow();
        assertThat(wc.goTo(b.getUrl() + us.getUrlName() + "/stack/dns/").getWebResponse().getContentAsString()).contains("dns");
        // the default depth shows each step's entry (actions are exported with visibility 2)
        String json = wc.goTo(b.getUrl() + "api/json", "application/json").getWebResponse().getContentAsString();
        assertThat(json).contains("\"id\":\"check\"").contains("\"id\":\"shard-eu\"").contains("\"id\":\"shard-us\"")
                .contains("\"id\":\"deploy\"");
        // the job's trend counts the build once, each stack once
        String jobAction = p.getAction(StackDriftJobAction.class).getUrlName();
        assertThat(wc.goTo(p.getUrl() + jobAction + "/badge.svg", "image/svg+xml").getWebResponse().getContentAsString()).isNotEmpty();
    }

    @Test
    void aSecondStepWithAnIdTheBuildHasFailsBeforeItRunsAnything() throws Exception {
        WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "same-id");
        p.setDefinition(new CpsFlowDefinition(onTheDemo(
                "previewStacks(id: 'x', stacks: ['network'])\npreviewStacks(id: 'x', stacks: ['dns'])"), true));
        WorkflowRun b = r.buildAndAssertStatus(Result.FAILURE, p);
        r.assertLogContains("another step of this build already has the id 'x'", b);
        assertThat(b.getActions(StackDriftRunAction.class)).singleElement()
                .satisfies(a -> assertThat(a.getRows()).extracting(row -> row.id().value()).containsExactly("network"));
    }

    @Test
    void twoBranchJobsOfOneMultibranchProjectWaitForEachOthersDeployOfAStackAndSayForWhom() throws Exception {
        try (MockSCMController c = MockSCMController.create()) {
            c.createRepository("app");
            c.addFile("app", "master", "Jenkinsfile", "Jenkinsfile",
                    onTheDemo("deployStacks(stacks: ['network'], lockTimeout: '10m')").getBytes(StandardCharsets.UTF_8));
            c.cloneBranch("app", "master", "feature");
            // the test holds network in the project's scope first, so both branch builds must wait
            JobStackLocks.Held test = JobStackLocks.acquireAll("app", List.of("network"), "the deploy of this test",
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            WorkflowMultiBranchProject mp = r.jenkins.createProject(WorkflowMultiBranchProject.class, "app");
            mp.getSourcesList().add(new BranchSource(new MockSCMSource(c, "app", new MockSCMDiscoverBranches())));
            mp.scheduleBuild(0, new Cause.UserIdCause());
            WorkflowRun master = firstBuild(mp, "master");
            WorkflowRun feature = firstBuild(mp, "feature");
            String waiting = "waiting for stack network: the deploy of this test holds it (lock scope 'app')";
            r.waitForMessage(waiting, master);
            r.waitForMessage(waiting, feature);
            test.close();
            r.assertBuildStatusSuccess(r.waitForCompletion(master));
            r.assertBuildStatusSuccess(r.waitForCompletion(feature));
            // one took the stack first; the other waited for it, by name
            String both = JenkinsRule.getLog(master) + JenkinsRule.getLog(feature);
            assertThat(both).containsAnyOf("waiting for stack network: the deploy (id deploy) of app » master",
                    "waiting for stack network: the deploy (id deploy) of app » feature");
        }
    }

    /** The first build of a branch job the indexing creates (the jobs appear, then their builds start). */
    private static WorkflowRun firstBuild(final WorkflowMultiBranchProject mp, final String branch) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            WorkflowJob job = mp.getItem(branch);
            if (job != null && job.getBuildByNumber(1) != null) {
                return job.getBuildByNumber(1);
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no build of " + branch + " within a minute");
    }
}
