package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import hudson.model.Result;
import io.jenkins.plugins.stackdrift.history.JobStackLocks;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.BuildWatcherExtension;
import org.jvnet.hudson.test.junit.jupiter.JenkinsSessionExtension;

import io.stackdrift.testing.PosixOnly;

/**
 * Real build only (JenkinsSessionExtension: two controller sessions on one home), with real Terraform: durable steps
 * ({@link DurableEngine}, the default, with no setting touched) on the built-in node. A deploy whose apply sleeps in
 * a {@code local-exec} provisioner; the controller restarts while Terraform applies. The engine process and
 * Terraform run on; after the restart the step resumes, learns the apply's result and ends the build as if nothing
 * had happened: SUCCESS, one "resumed" line, the provisioner ran once, the state holds the resource. A second test
 * runs a durable deploy and a drift check with no restart.
 */
@PosixOnly
class DurableRestartITest {
    @RegisterExtension
    private static final BuildWatcherExtension BUILD_WATCHER = new BuildWatcherExtension();

    @RegisterExtension
    private final JenkinsSessionExtension sessions = new JenkinsSessionExtension();

    @TempDir
    Path temp;

    /** One stack whose apply appends a line to {@code runs}, then sleeps. */
    private Path repository() throws Exception {
        return SleepingApply.repository(temp, "echo applied >> " + temp.resolve("runs"));
    }

    /** Waits until the apply has started (its provisioner wrote {@code runs}). */
    private void awaitApplying(final WorkflowRun b) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (!Files.exists(temp.resolve("runs")) && System.nanoTime() < deadline) {
            assertThat(b.isBuilding()).as("the build ended before the apply started:%n%s", JenkinsRule.getLog(b)).isTrue();
            Thread.sleep(200);
        }
        assertThat(temp.resolve("runs")).exists();
    }

    private static String pipeline(final String terraform, final Path repo, final int sleep, final String steps) {
        return pipeline("built-in", terraform, repo, sleep, steps);
    }

    private static String pipeline(final String label, final String terraform, final Path repo, final int sleep,
            final String steps) {
        return "node('" + label + "') {\n"
                + "  sh \"cp -R '" + repo + "/.' .\"\n"
                + "  withEnv([\"PATH+TF=" + terraform + "\", \"SLEEP_SECONDS=" + sleep + "\", \"TF_CLI_CONFIG_FILE=/dev/null\","
                + " \"CHECKPOINT_DISABLE=1\"]) {\n"
                + steps
                + "  }\n"
                + "}";
    }

    @Test
    void aDeployGoesOnThroughARestartOfTheController() throws Throwable {
        deployGoesOnThroughARestart("built-in", false);
    }

    /**
     * The same restart on an agent of its own (a second JVM from {@code createOnlineSlave}, which the harness stops with
     * the first controller and starts again with the second): whether the engine and Terraform outlive the agent's JVM
     * is the agent launcher's to decide, as it is for {@code sh}.
     */
    @Test
    void aDeployOnAnAgentGoesOnThroughARestartOfTheController() throws Throwable {
        deployGoesOnThroughARestart("durable-agent", true);
    }

    private void deployGoesOnThroughARestart(final String label, final boolean agent) throws Throwable {
        String terraform = SleepingApply.terraformDirectory();
        Assumptions.assumeTrue(terraform != null, "no terraform on PATH: this test needs real Terraform");
        Path repo = repository();
        Path runs = temp.resolve("runs");
        sessions.then(r -> {
            if (agent) {
                r.createOnlineSlave(r.jenkins.getLabelAtom(label));
            }
            // a job of its own per test: a step id is claimed in this JVM, which both controllers of the test share
            WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "durable-deploy-" + label);
            p.setDefinition(new CpsFlowDefinition(pipeline(label, terraform, repo, 25, "    def result = deployStacks()\n"
                    + "    echo \"result: ${result.result}\"\n"), true));
            WorkflowRun b = p.scheduleBuild2(0).waitForStart();
            awaitApplying(b);
        });
        sessions.then(r -> {
            WorkflowRun b = r.jenkins.getItemByFullName("durable-deploy-" + label, WorkflowJob.class).getBuildByNumber(1);
            r.waitForCompletion(b);
            String log = JenkinsRule.getLog(b);
            r.assertBuildStatus(Result.SUCCESS, b);
            assertThat(log).containsOnlyOnce("Stack Drift: resumed after a restart").contains("result: SUCCESS")
                    .doesNotContain("interrupted");
            assertThat(Files.readAllLines(runs)).as("the provisioner ran once: not killed, not redone").hasSize(1);
            assertThat(Files.readString(temp.resolve("state/net.tfstate"))).contains("terraform_data");
        });
    }

    @Test
    void aDurableDeployOnAnAgentStartsItsEngineWithTheAgentsJavaAndJars() throws Throwable {
        String terraform = SleepingApply.terraformDirectory();
        Assumptions.assumeTrue(terraform != null, "no terraform on PATH: this test needs real Terraform");
        Path repo = repository();
        sessions.then(r -> {
            r.createOnlineSlave(r.jenkins.getLabelAtom("durable-agent"));
            WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "durable-agent");
            p.setDefinition(new CpsFlowDefinition(pipeline("durable-agent", terraform, repo, 0, "    deployStacks()\n"), true));
            WorkflowRun b = r.buildAndAssertSuccess(p);
            assertThat(JenkinsRule.getLog(b)).contains("Stack Drift: net: deployed");
            assertThat(Files.readAllLines(temp.resolve("runs"))).hasSize(1);
        });
    }

    @Test
    void anAbortAsksTheEngineToStopAndTerraformLeavesAValidUnlockedState() throws Throwable {
        String terraform = SleepingApply.terraformDirectory();
        Assumptions.assumeTrue(terraform != null, "no terraform on PATH: this test needs real Terraform");
        Path repo = repository();
        System.setProperty(ToolStops.GRACE_PROPERTY, "20");
        try {
            sessions.then(r -> {
                WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "durable-abort");
                p.setDefinition(new CpsFlowDefinition(pipeline(terraform, repo, 600, "    deployStacks()\n"), true));
                WorkflowRun b = p.scheduleBuild2(0).waitForStart();
                awaitApplying(b);
                b.doStop();
                r.waitForCompletion(b);
                r.assertBuildStatus(Result.ABORTED, b);
                assertThat(JenkinsRule.getLog(b)).contains("Stack Drift: stopping: the running tools are asked to stop");
                assertThat(Files.readString(temp.resolve("state/net.tfstate"))).contains("\"version\"");
                assertThat(temp.resolve("state/.net.tfstate.lock.info")).doesNotExist();
            });
        } finally {
            System.clearProperty(ToolStops.GRACE_PROPERTY);
        }
    }

    @Test
    void aDurableDeployAndCheckWithoutARestart() throws Throwable {
        String terraform = SleepingApply.terraformDirectory();
        Assumptions.assumeTrue(terraform != null, "no terraform on PATH: this test needs real Terraform");
        Path repo = repository();
        sessions.then(r -> {
            WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "durable-plain");
            p.setDefinition(new CpsFlowDefinition(pipeline(terraform, repo, 0, "    deployStacks()\n"
                    + "    def check = checkDrift()\n"
                    + "    echo \"drifted: ${check.counts.drifted}\"\n"), true));
            WorkflowRun b = r.buildAndAssertSuccess(p);
            String log = JenkinsRule.getLog(b);
            assertThat(log).contains("drifted: 0").doesNotContain("resumed after a restart");
            assertThat(Files.readAllLines(temp.resolve("runs"))).hasSize(1);
        });
    }

    /**
     * Two deploys of net in one build: the first applies (its provisioner sleeps), the second waits for net's lock. The
     * controller restarts then. The first step resumes and follows its engine; the second had not started its engine, so
     * it runs again from the start, waits for net again and deploys after the first has let go of it (it took its lock
     * back, rather than the build holding it until its end, which would keep the second waiting for ever).
     */
    @Test
    void aStepWaitingForALockAtARestartRunsAgainAndDeploysAfterTheStepThatHeldIt() throws Throwable {
        String terraform = SleepingApply.terraformDirectory();
        Assumptions.assumeTrue(terraform != null, "no terraform on PATH: this test needs real Terraform");
        Path repo = repository();
        sessions.then(r -> {
            WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "durable-lock-wait");
            p.setDefinition(new CpsFlowDefinition("parallel first: {\n"
                    + pipeline(terraform, repo, 40, "    def result = deployStacks(id: 'first')\n"
                            + "    echo \"first: ${result.result}\"\n")
                    + "\n}, second: {\n"
                    + "  node('built-in') { waitUntil { fileExists('" + temp.resolve("runs") + "') } }\n"
                    + pipeline(terraform, repo, 0, "    def result = deployStacks(id: 'second')\n"
                            + "    echo \"second: ${result.result}\"\n")
                    + "\n}\n", true));
            WorkflowRun b = p.scheduleBuild2(0).waitForStart();
            awaitApplying(b);
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (!JenkinsRule.getLog(b).contains("Stack Drift: waiting for stack net") && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(JenkinsRule.getLog(b)).contains("Stack Drift: waiting for stack net: the deploy (id first)");
        });
        sessions.then(r -> {
            WorkflowRun b = r.jenkins.getItemByFullName("durable-lock-wait", WorkflowJob.class).getBuildByNumber(1);
            r.waitForCompletion(b);
            String log = JenkinsRule.getLog(b);
            r.assertBuildStatus(Result.SUCCESS, b);
            assertThat(log).contains("first: SUCCESS").contains("second: SUCCESS").doesNotContain("interrupted")
                    .containsOnlyOnce("Stack Drift: resumed after a restart of the controller: following the deploy")
                    .containsOnlyOnce("Stack Drift: resumed after a restart of the controller, before the deploy had started"
                            + " its engine: it runs again from the start");
            assertThat(log.lastIndexOf("Stack Drift: waiting for stack net")).as(log)
                    .isGreaterThan(log.indexOf("it runs again from the start"));
            assertThat(Files.readAllLines(temp.resolve("runs"))).as("net was applied once: the second deploy found it in sync")
                    .hasSize(1);
            assertThat(JobStackLocks.held()).as("no lock outlives the build")
                    .noneMatch(lock -> lock.scope().equals("durable-lock-wait"));
        });
    }

    /**
     * {@code stackShards} and two durable shard steps: net (whose apply sleeps) and one of a and b (which depend on net)
     * in shard 1, the other in shard 2, which waits for net on the build's board. The controller restarts while net
     * applies: both steps resume, shard 1's post of net reaches the restored board through its polls, shard 2's engine
     * reads it and deploys its stack after net. Nothing is stopped by the restart.
     */
    @Test
    void aRestartBetweenShardsResumesBothAndTheWaitingShardDeploysAfterTheOther() throws Throwable {
        String terraform = SleepingApply.terraformDirectory();
        Assumptions.assumeTrue(terraform != null, "no terraform on PATH: this test needs real Terraform");
        Path repo = repository();
        for (String stack : List.of("a", "b")) {
            Files.createDirectories(repo.resolve(stack));
            Files.writeString(repo.resolve(stack + "/main.tf"), "terraform {\n  backend \"local\" {\n    path = \""
                    + temp.resolve("state/" + stack + ".tfstate") + "\"\n  }\n}\nresource \"terraform_data\" \"" + stack
                    + "\" {\n  input = \"" + stack + "\"\n}\n");
        }
        Files.writeString(repo.resolve("stacks.yaml"), "parallelism: 1\nstacks:\n  - dir: net\n  - dir: a\n    dependsOn: [net]\n"
                + "  - dir: b\n    dependsOn: [net]\n");
        sessions.then(r -> {
            WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "durable-shards");
            p.setDefinition(new CpsFlowDefinition(pipeline(terraform, repo, 25, "    echo \"shards: ${stackShards(count: 2)}\"\n")
                    + "\nparallel one: {\n" + pipeline(terraform, repo, 25, "    deployStacks(shard: 1, of: 2)\n") + "\n},\n"
                    + "two: {\n" + pipeline(terraform, repo, 25, "    deployStacks(shard: 2, of: 2)\n") + "\n}\n", true));
            WorkflowRun b = p.scheduleBuild2(0).waitForStart();
            awaitApplying(b);
        });
        sessions.then(r -> {
            WorkflowRun b = r.jenkins.getItemByFullName("durable-shards", WorkflowJob.class).getBuildByNumber(1);
            r.waitForCompletion(b);
            String log = JenkinsRule.getLog(b);
            r.assertBuildStatus(Result.SUCCESS, b);
            assertThat(log).contains("shards: [[a, net], [b]]").contains("Stack Drift: b waits for net, in shard 1 of 2")
                    .doesNotContain("interrupted").doesNotContain("controller restarted");
            assertThat(log.split("Stack Drift: resumed after a restart", -1)).as("both shard steps resumed").hasSize(3);
            assertThat(log.indexOf("Stack Drift: b: deploying")).as(log).isGreaterThan(log.indexOf("Stack Drift: net: in sync"));
            assertThat(Files.readAllLines(temp.resolve("runs"))).as("the provisioner ran once").hasSize(1);
            for (String stack : List.of("net", "a", "b")) {
                assertThat(Files.readString(temp.resolve("state/" + stack + ".tfstate"))).contains("terraform_data");
            }
        });
    }
}
