package io.jenkins.plugins.stackdrift.agent;

import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.addCredentials;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.assertNoSecretIn;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.demoCopy;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.demoJob;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.editConfig;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;

import hudson.model.Result;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

import io.stackdrift.testing.PosixOnly;

/**
 * A deploy on an agent whose stacks.yaml has a policy check (a script of the repository): the controller's launch
 * policy starts it through the step's launcher, as the tools; the network's plan passes and is applied, the dns plan
 * is refused, so dns awaits approval with the script's first line as its reason, and the credential value the script
 * prints is masked in the console, the step's result and every file of the build. The script says whether it got the
 * stack's credential: it never does. Once with the engine inside the agent call, once with the durable engine (a
 * process of its own on the agent). Real build only (JenkinsRule).
 */
@WithJenkins
@PosixOnly
class PolicyCheckITest {
    /** Passes network; refuses dns, printing whether it got dns' secret and, as a careless policy might, dns' key id. */
    private static final String POLICY = "#!/bin/sh\n"
            + "case \"$STACKDRIFT_STACK\" in\n"
            + "  dns) echo \"FAIL - dns ttl lowered; secret=${AWS_SECRET_ACCESS_KEY:-none} key AKIAdnsKEY3\"; exit 1 ;;\n"
            + "esac\n"
            + "test -f \"$STACKDRIFT_PLAN_JSON\" || { echo \"no plan JSON\"; exit 2; }\n"
            + "exit 0\n";

    @TempDir
    Path temp;

    @Test
    void aDeployOnAnAgentAppliesWhatThePolicyPassesAndHoldsWhatItRefusesWithItsMaskedReason(final JenkinsRule r)
            throws Exception {
        deployWithAPolicy(r, "policy-in-call");
    }

    @Test
    void theSameWithTheDurableEngine(final JenkinsRule r) throws Exception {
        System.setProperty(DurableEngine.ENABLED_PROPERTY, "true");
        try {
            deployWithAPolicy(r, "policy-durable");
        } finally {
            System.clearProperty(DurableEngine.ENABLED_PROPERTY);
        }
    }

    private void deployWithAPolicy(final JenkinsRule r, final String name) throws Exception {
        r.createOnlineSlave(r.jenkins.getLabelAtom("remote"));
        addCredentials(r);
        Path demo = demoCopy(temp.resolve("demo"));
        editConfig(demo, "parallelism: 4\n", "parallelism: 4\npolicyCheck:\n  command: [policy/check.sh]\n");
        Path script = Files.createDirectories(demo.resolve("policy")).resolve("check.sh");
        Files.writeString(script, POLICY);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        WorkflowJob p = demoJob(r, name, "remote", demo, "def r = deployStacks(stacks: ['network', 'dns'])\n"
                + "    echo \"states=${r.rows.collect { it.id + '=' + it.state }.join(',')}\"\n"
                + "    echo \"dns-reason=${r.rows.find { it.id == 'dns' }.reason}\"\n"
                + "    sh 'for s in network dns; do test -f $s/.terraform/demo-state/applied && echo $s-applied=yes"
                + " || echo $s-applied=no; done'");

        WorkflowRun b = r.buildAndAssertStatus(Result.UNSTABLE, p);

        String log = JenkinsRule.getLog(b);
        assertThat(log).doesNotContain("refused to start a process");
        r.assertLogContains("dns=awaiting approval", b);
        r.assertLogContains("network-applied=yes", b);
        r.assertLogContains("dns-applied=no", b);
        r.assertLogContains("dns-reason=policy check refused the plan (exit 1): FAIL - dns ttl lowered; secret=none key ", b);
        assertThat(log).doesNotContain("network=awaiting approval").doesNotContain("network=failed");
        assertNoSecretIn(log);
        // the record and every other file the build kept (the step's run details, the build's XML)
        String files = buildFiles(b.getRootDir().toPath());
        assertThat(files).contains("FAIL - dns ttl lowered; secret=none key ");
        assertNoSecretIn(files);
    }

    private static String buildFiles(final Path dir) throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                all.append(new String(Files.readAllBytes(file), StandardCharsets.UTF_8)).append('\n');
            }
        }
        return all.toString();
    }
}
