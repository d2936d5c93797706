package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hudson.model.Result;
import io.jenkins.plugins.stackdrift.actions.ApproveDeployAction;
import io.jenkins.plugins.stackdrift.trigger.ApprovalCause;
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
import io.stackdrift.testing.RealTerraform;

/**
 * A check-driven approval with a real Terraform in a real Jenkins (real build only; skipped where no {@code terraform}
 * is installed, as on ci.jenkins.io): {@code net}'s state output is changed outside its code, {@code app} (drift mode
 * approve) reads it through {@code terraform_remote_state}; {@code checkDrift} leaves app awaiting approval, and the
 * one approval build's {@code deployStacks} applies it at the first try. The check's refresh-only plan sees the
 * change as drift, the deploy's normal plan as a change: what the approval pins must not depend on that.
 */
@WithJenkins
@PosixOnly
class DriftApprovalRealTerraformITest {
    private static final String TERRAFORM = RealTerraform.locate().orElse(null);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    private JenkinsRule r;
    private Path repo;

    @BeforeEach
    void beforeEach(final JenkinsRule rule) throws Exception {
        Assumptions.assumeTrue(TERRAFORM != null, "no terraform installed: this real-Terraform ITest is skipped");
        r = rule;
        repo = Files.createDirectories(temp.resolve("repo"));
        Files.createDirectories(repo.resolve("net"));
        Files.createDirectories(repo.resolve("app"));
        Files.writeString(repo.resolve("net/main.tf"), "output \"cidr\" {\n  value = \"10.0.0.0/16\"\n}\n");
        Files.writeString(repo.resolve("app/main.tf"), """
                data "terraform_remote_state" "net" {
                  backend = "local"
                  config = {
                    path = "${path.module}/../net/terraform.tfstate"
                  }
                }
                output "net_cidr" {
                  value = data.terraform_remote_state.net.outputs.cidr
                }
                """);
        Files.writeString(repo.resolve("stacks.yaml"), """
                stacks:
                  - dir: net
                  - dir: app
                    dependsOn: [net]
                    drift:
                      mode: approve
                """);
        // both deployed before the job's first build, as a repository that has run for a while
        Path cliConfig = Files.writeString(temp.resolve("empty.tfrc"), "");
        for (String stack : List.of("net", "app")) {
            terraform(cliConfig, repo.resolve(stack), "init", "-input=false", "-no-color");
            terraform(cliConfig, repo.resolve(stack), "apply", "-auto-approve", "-input=false", "-no-color");
        }
    }

    private static void terraform(final Path cliConfig, final Path dir, final String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(TERRAFORM));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().putAll(Map.of("TF_CLI_CONFIG_FILE", cliConfig.toString(), "CHECKPOINT_DISABLE", "1"));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as("terraform %s in %s:%n%s", args[0], dir, output).isZero();
    }

    /** Someone edits net's state by hand: its output changes, its code does not. */
    private void netOutputChangedOutsideTheCode(final String cidr) throws Exception {
        Path state = repo.resolve("net/terraform.tfstate");
        ObjectNode root = (ObjectNode) JSON.readTree(state.toFile());
        ((ObjectNode) root.path("outputs").path("cidr")).put("value", cidr);
        root.put("serial", root.path("serial").asLong() + 1);
        JSON.writeValue(state.toFile(), root);
    }

    @Test
    void oneApprovalOfACheckThatFoundOutputDriftAppliesAtTheFirstTry() throws Exception {
        Path cliConfig = Files.writeString(temp.resolve("job.tfrc"), "");
        WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "drift-approval");
        p.setDefinition(new CpsFlowDefinition("node('built-in') {\n"
                + "  ws('" + repo + "') {\n"
                + "    withEnv(['TF_CLI_CONFIG_FILE=" + cliConfig + "', 'CHECKPOINT_DISABLE=1',"
                + " 'PATH+TF=" + Path.of(TERRAFORM).getParent() + "']) {\n"
                + "      if (currentBuild.getBuildCauses('" + ApprovalCause.class.getName() + "')) {\n"
                + "        deployStacks()\n"
                + "      } else {\n"
                + "        checkDrift(now: true)\n"
                + "      }\n"
                + "    }\n"
                + "  }\n"
                + "}", true));
        netOutputChangedOutsideTheCode("10.9.0.0/16");

        WorkflowRun check = r.buildAndAssertStatus(Result.UNSTABLE, p);
        ApproveDeployAction approval = check.getAction(ApproveDeployAction.class);
        assertThat(approval).as(JenkinsRule.getLog(check)).isNotNull();
        assertThat(approval.getStacks()).containsExactly("app");

        approval.approve(p);
        r.waitUntilNoActivity();
        WorkflowRun deploy = p.getLastBuild();
        assertThat(deploy.getNumber()).isEqualTo(check.getNumber() + 1);
        String log = JenkinsRule.getLog(deploy);
        // the one approval applies: no second approval asked, app now follows net's new output
        r.assertBuildStatusSuccess(deploy);
        assertThat(log).doesNotContain("its plan differs from the one approved");
        assertThat(deploy.getAction(ApproveDeployAction.class)).isNull();
        assertThat(JSON.readTree(repo.resolve("app/terraform.tfstate").toFile()).path("outputs").path("net_cidr").path("value")
                .asText()).isEqualTo("10.9.0.0/16");
        // paths only, never values, in either build's console
        assertThat(JenkinsRule.getLog(check) + log).doesNotContain("10.9.0.0", "10.0.0.0");
    }
}
