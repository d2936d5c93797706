package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import hudson.model.Result;
import io.jenkins.plugins.stackdrift.DemoPipelineITestSupport;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.BuildWatcherExtension;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

import io.stackdrift.testing.PosixOnly;

/**
 * Real build only (JenkinsRule, workflow-job, a second JVM as agent): {@code stackShards} and then {@code parallel}
 * branches each deploying its shard, one on the built-in node and one on an agent, so the agent's engine reaches the
 * build's board on the controller over a real remoting channel. network and dns are in shard 1, platform:prod (which
 * depends on network) in shard 2: its preview waits for network's deploy in the other branch.
 */
@WithJenkins
@PosixOnly
class ShardedDeployITest {
    @RegisterExtension
    private static final BuildWatcherExtension BUILD_WATCHER = new BuildWatcherExtension();

    private static final Path DEMO = Path.of("../examples/demo").toAbsolutePath().normalize();
    private static final Map<String, String> SECRETS = Map.of(
            "aws-network-key", "AKIAnetKEY1", "aws-network-secret", "net$ecret/Value2",
            "aws-dns-key", "AKIAdnsKEY3", "aws-dns-secret", "dnsSecretValue4", "pulumi-token", "pul-TOKEN-5");
    /** The demo's network, dns and platform, platform depending on network too; one stack at a time per shard. */
    private static final String CONFIG = String.join("\\n", "parallelism: 1", "stacks:",
            "  - dir: network", "    credentials:", "      AWS_ACCESS_KEY_ID: aws-network-key",
            "      AWS_SECRET_ACCESS_KEY: aws-network-secret",
            "  - dir: dns", "    dependsOn: [network]", "    credentials:", "      AWS_ACCESS_KEY_ID: aws-dns-key",
            "      AWS_SECRET_ACCESS_KEY: aws-dns-secret",
            "  - dir: platform", "    name: prod", "    dependsOn: [network]", "    credentials:",
            "      PULUMI_ACCESS_TOKEN: pulumi-token",
            "ignore:", "  - dir: app", "    reason: not part of this test", "  - dir: legacy/**", "    reason: moved", "");

    private JenkinsRule r;

    @TempDir
    Path temp;

    @BeforeEach
    void beforeEach(final JenkinsRule rule) throws Exception {
        r = rule;
        for (Map.Entry<String, String> secret : SECRETS.entrySet()) {
            DemoPipelineITestSupport.addListedCredential(r, secret.getKey(), secret.getValue());
        }
        r.createOnlineSlave(r.jenkins.getLabelAtom("remote"));
    }

    /** {@code steps} on {@code label}, in a workspace holding the demo with the test's stacks.yaml and its tools on PATH. */
    private static String onTheDemo(final String label, final String steps) {
        return "node('" + label + "') {\n"
                + "  sh \"cp -R '" + DEMO + "/.' . && rm -rf */.terraform */.pulumi\"\n"
                + "  writeFile file: 'stacks.yaml', text: '" + CONFIG + "'\n"
                + "  withEnv([\"PATH+DEMO=${pwd()}/bin\"]) {\n" + steps + "\n  }\n}";
    }

    @Test
    void twoParallelBranchesDeployTheirShardsAndADependencyOfTheOtherShardDeploysFirst() throws Exception {
        Path go = temp.resolve("go");
        WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "shards");
        p.setDefinition(new CpsFlowDefinition("def shards\n"
                + onTheDemo("built-in", "shards = stackShards(count: 2)") + "\n"
                + "echo \"shards: ${shards}\"\n"
                // shard 1 starts once the test has seen shard 2's stack wait for network (a fixed sleep did not do at load ~29)
                + "parallel one: {\n  node('built-in') { waitUntil { fileExists('" + go + "') } }\n"
                + onTheDemo("built-in", "deployStacks(shard: 1, of: 2, lockTimeout: '10m')") + " },\n"
                + "  two: {\n" + onTheDemo("remote", "deployStacks(shard: 2, of: 2, lockTimeout: '10m')") + " }", true));

        WorkflowRun b = p.scheduleBuild2(0).waitForStart();
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (!JenkinsRule.getLog(b).contains("waits for network") && b.isBuilding() && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        Files.writeString(go, "");
        r.assertBuildStatusSuccess(r.waitForCompletion(b));

        String log = JenkinsRule.getLog(b);
        assertThat(log).contains("shards: [[dns, network], [platform:prod]]")
                .contains("Stack Drift: platform:prod waits for network, in shard 1 of 2");
        int networkDeployed = log.indexOf("Stack Drift: network: in sync — deployed");
        assertThat(networkDeployed).as(log).isPositive();
        assertThat(log.indexOf("Stack Drift: platform:prod: deploying")).as(log).isGreaterThan(networkDeployed);
        assertThat(b.getAction(BuildShardsAction.class).getShards())
                .isEqualTo(List.of(List.of("dns", "network"), List.of("platform:prod")));
        assertThat(b.getActions(StackDriftRunAction.class)).extracting(StackDriftRunAction::getId)
                .containsExactlyInAnyOrder("deploy-shard-1", "deploy-shard-2");
        assertThat(b.getResult()).isEqualTo(Result.SUCCESS);
    }
}
