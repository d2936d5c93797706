package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import hudson.model.Result;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.BuildWatcherExtension;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

import io.stackdrift.testing.PosixOnly;

/**
 * Real build only (JenkinsRule, an agent with one executor labelled deploy): two shards, one executor. Shard 2 gets
 * the executor first and waits for network, a stack of shard 1, whose node block is queued for that very executor.
 * With shardStartTimeout 20s the wait ends then, naming the executor shortage; shard 2 ends and gives the executor
 * back, and shard 1 deploys. Before, shard 2 waited until its lockTimeout (10m here; for ever without one).
 */
@WithJenkins
@PosixOnly
class ShardExecutorsITest {
    @RegisterExtension
    private static final BuildWatcherExtension BUILD_WATCHER = new BuildWatcherExtension();

    private JenkinsRule r;

    @BeforeEach
    void beforeEach(final JenkinsRule rule) throws Exception {
        r = rule;
        ShardDemoITestSupport.addSecrets(r);
        r.createOnlineSlave(r.jenkins.getLabelAtom("deploy"));
    }

    @Test
    void moreShardsThanExecutorsFailFastNamingTheExecutorShortage() throws Exception {
        WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "shards-one-executor");
        p.setDefinition(new CpsFlowDefinition(ShardDemoITestSupport.onTheDemo("deploy", "stackShards(count: 2)") + "\n"
                + "parallel two: {\n" + ShardDemoITestSupport.onTheDemo("deploy",
                        "deployStacks(shard: 2, of: 2, lockTimeout: '10m', shardStartTimeout: '20s')") + " },\n"
                + "  one: { sleep 3\n" + ShardDemoITestSupport.onTheDemo("deploy", "deployStacks(shard: 1, of: 2)") + " }", true));

        long started = System.nanoTime();
        WorkflowRun b = r.buildAndAssertStatus(Result.FAILURE, p);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMinutes(5));
        String log = JenkinsRule.getLog(b);
        assertThat(log).contains("shard 1 of 2 is gone (its step did not start within 20s (shardStartTimeout): it needs a free "
                + "executor: 1 node block of this build wait for label 'deploy', which has 1 executor online, 1 busy");
        // the waiting shard gave its executor back: shard 1 then deployed its stacks
        assertThat(log).contains("Stack Drift: network: in sync — deployed");
    }
}
