package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;

import hudson.model.Result;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.BuildWatcherExtension;
import org.jvnet.hudson.test.junit.jupiter.JenkinsSessionExtension;

import io.stackdrift.testing.PosixOnly;

/**
 * Real build only (JenkinsSessionExtension: two controller sessions on one home): the controller restarts between
 * the shards of one build. Shard 1 deploys network and dns and ends; the build sleeps; the controller restarts; shard
 * 2's platform:prod depends on network. The board is restored from the build's directory, so platform:prod goes on
 * at once (before, the board came back empty and it waited until its lockTimeout, 2m, and failed).
 */
@PosixOnly
class ShardRestartITest {
    @RegisterExtension
    private static final BuildWatcherExtension BUILD_WATCHER = new BuildWatcherExtension();

    @RegisterExtension
    private final JenkinsSessionExtension sessions = new JenkinsSessionExtension();

    @Test
    void theBoardOfABuildComesBackAfterARestartBetweenItsShards() throws Throwable {
        sessions.then(r -> {
            ShardDemoITestSupport.addSecrets(r);
            WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "restart-between-shards");
            p.setDefinition(new CpsFlowDefinition(ShardDemoITestSupport.onTheDemo("built-in", "stackShards(count: 2)") + "\n"
                    + ShardDemoITestSupport.onTheDemo("built-in", "deployStacks(shard: 1, of: 2, lockTimeout: '2m')") + "\n"
                    + "echo 'between the shards'\n"
                    + "sleep 20\n"
                    + ShardDemoITestSupport.onTheDemo("built-in", "deployStacks(shard: 2, of: 2, lockTimeout: '2m')"), true));
            WorkflowRun b = p.scheduleBuild2(0).waitForStart();
            r.waitForMessage("between the shards", b);
            assertThat(b.getRootDir().toPath().resolve(BoardFile.NAME)).exists();
        });
        sessions.then(r -> {
            WorkflowRun b = r.jenkins.getItemByFullName("restart-between-shards", WorkflowJob.class).getBuildByNumber(1);
            r.waitForCompletion(b);
            r.assertBuildStatus(Result.SUCCESS, b);
            String log = JenkinsRule.getLog(b);
            assertThat(log).contains("Stack Drift: platform:prod: deploying").doesNotContain("was not seen to end");
            assertThat(Files.readString(b.getRootDir().toPath().resolve(BoardFile.NAME))).contains("network", "DEPLOYED");
        });
    }
}
