package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import hudson.model.Result;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

import io.stackdrift.testing.PosixOnly;

/**
 * A new repository's first builds (real build only: JenkinsRule): the README's check before the first deploy of a
 * real-Terraform chain (net → app → dns, each reading the state of the one before with {@code terraform_remote_state})
 * counts the stacks whose dependency has no state yet as not deployed, not failed, and the deploy after it works, so
 * the build does not end FAILURE; {@code validateStacks} of a file that is not stacks.yaml names that file in its last
 * line; {@code stackShards(count: 2)} of one chain says in its log why shard 2 is empty.
 */
@WithJenkins
@PosixOnly
class FirstBuildITest {
    @TempDir
    Path temp;

    private JenkinsRule r;

    @BeforeEach
    void beforeEach(final JenkinsRule rule) {
        r = rule;
    }

    /** The directory of a terraform executable on PATH, or null. */
    private static String terraformDirectory() {
        String path = System.getenv("PATH");
        return path == null ? null : Stream.of(path.split(File.pathSeparator))
                .filter(dir -> Files.isExecutable(Path.of(dir, "terraform"))).findFirst().orElse(null);
    }

    /** {@code net} with an output; {@code app} and {@code dns} each read the outputs of the stack before them. */
    private Path chain() throws IOException {
        Path repo = Files.createDirectories(temp.resolve("repo"));
        Files.createDirectories(repo.resolve("net"));
        Files.writeString(repo.resolve("net/main.tf"), """
                terraform {}
                resource "terraform_data" "net" {
                  input = "10.0.0.0/16"
                }
                output "cidr" {
                  value = terraform_data.net.output
                }
                """);
        for (String[] reader : new String[][] {{"app", "net"}, {"dns", "app"}}) {
            Files.createDirectories(repo.resolve(reader[0]));
            Files.writeString(repo.resolve(reader[0] + "/main.tf"), """
                    terraform {}
                    data "terraform_remote_state" "before" {
                      backend = "local"
                      config  = { path = "../%s/terraform.tfstate" }
                    }
                    resource "terraform_data" "this" {
                      input = data.terraform_remote_state.before.outputs
                    }
                    output "cidr" {
                      value = "10.0.0.0/16"
                    }
                    """.formatted(reader[1]));
        }
        Files.writeString(repo.resolve("stacks.yaml"), """
                stacks:
                  - dir: net
                  - dir: app
                    dependsOn: [net]
                  - dir: dns
                    dependsOn: [app]
                """);
        return repo;
    }

    private WorkflowJob job(final String name, final String body) throws Exception {
        WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, name);
        p.setDefinition(new CpsFlowDefinition("node('built-in') {\n" + body + "\n}", true));
        return p;
    }

    @Test
    void theCheckBeforeTheFirstDeployCountsStacksWithoutTheirDependencysStateNotDeployed() throws Exception {
        String terraform = terraformDirectory();
        Assumptions.assumeTrue(terraform != null, "no terraform on PATH: this test needs real Terraform");
        Path repo = chain();
        WorkflowJob p = job("first-build", "  sh \"cp -R '" + repo + "/.' .\"\n"
                + "  withEnv([\"PATH+TF=" + terraform + "\"]) {\n"
                + "    validateStacks(config: 'stacks.yaml')\n"
                + "    def result = checkDrift(driftResult: 'UNSTABLE', failedResult: 'FAILURE')\n"
                + "    echo \"drifted: ${result.drifted}, failed: ${result.failed}\"\n"
                + "    deployStacks()\n"
                + "  }");

        WorkflowRun b = r.waitForCompletion(p.scheduleBuild2(0).waitForStart());

        assertThat(b.getResult().isBetterThan(Result.FAILURE)).as("result %s:%n%s", b.getResult(), JenkinsRule.getLog(b)).isTrue();
        r.assertLogContains("failed: []", b);
        r.assertLogContains("app: not deployed — its dependency net is not deployed: deploy it first, then check app again", b);
        r.assertLogContains("dns: not deployed — its dependency app is not deployed: deploy it first, then check dns again", b);
        assertThat(b.getActions(StackDriftRunAction.class)).filteredOn(a -> a.getId().equals("deploy")).singleElement()
                .satisfies(deploy -> assertThat(deploy.getFailedStacks()).isEmpty());
    }

    @Test
    void validateStacksOfAnotherFileNamesThatFileInItsLastLine() throws Exception {
        WorkflowJob p = job("other-file", "  writeFile file: 'infra/stacks.yml', text: 'stacks:\\n  - dir: missing\\n'\n"
                + "  validateStacks(config: 'infra/stacks.yml')");
        WorkflowRun b = r.buildAndAssertStatus(Result.FAILURE, p);
        r.assertLogContains("infra/stacks.yml has 1 problem(s); nothing ran", b);
        r.assertLogNotContains("stacks.yaml has", b);
    }

    @Test
    void stackShardsOfOneChainSaysWhyShardTwoIsEmpty() throws Exception {
        WorkflowJob p = job("one-chain",
                "  for (d in ['net', 'app', 'dns']) { writeFile file: \"${d}/main.tf\", text: 'terraform {}\\n' }\n"
                + "  writeFile file: 'stacks.yaml', text: 'stacks:\\n  - dir: net\\n  - dir: app\\n    dependsOn: [net]\\n"
                + "  - dir: dns\\n    dependsOn: [app]\\n'\n"
                + "  def shards = stackShards(count: 2)\n"
                + "  echo \"shards: ${shards}\"");
        WorkflowRun b = r.buildAndAssertSuccess(p);
        r.assertLogContains("shards: [[app, dns, net], []]", b);
        r.assertLogContains("Stack Drift: shard 2 is empty: the stacks form one chain", b);
    }
}
