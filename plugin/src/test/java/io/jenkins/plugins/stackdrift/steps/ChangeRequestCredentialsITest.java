package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import hudson.model.Cause;
import hudson.model.Result;
import io.jenkins.plugins.stackdrift.DemoPipelineITestSupport;
import jenkins.branch.BranchSource;
import jenkins.scm.impl.mock.MockChangeRequestFlags;
import jenkins.scm.impl.mock.MockRepositoryFlags;
import jenkins.scm.impl.mock.MockSCMController;
import jenkins.scm.impl.mock.MockSCMDiscoverBranches;
import jenkins.scm.impl.mock.MockSCMDiscoverChangeRequests;
import jenkins.scm.impl.mock.MockSCMSource;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject;
import org.junit.jupiter.api.Test;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

import io.stackdrift.testing.PosixOnly;

/**
 * A change request from an untrusted source on a real multibranch project (real build only, scm-api's mock SCM with a
 * trust-aware repository): its stacks.yaml maps network's secret key to a credential of its choosing; the build binds
 * the target branch's mapping (read through the mock's SCMFileSystem) and never looks the chosen one up.
 */
@WithJenkins
@PosixOnly
class ChangeRequestCredentialsITest {
    private static final Path DEMO = Path.of("../examples/demo").toAbsolutePath().normalize();

    @Test
    void anUntrustedChangeRequestBindsTheTargetBranchsCredentials(final JenkinsRule r) throws Exception {
        DemoPipelineITestSupport.addCredentials(r);
        String target = Files.readString(DEMO.resolve("stacks.yaml"));
        String jenkinsfile = "node('built-in') {\n"
                + "  sh \"cp -R '" + DEMO + "/.' . && rm -rf */.terraform */.pulumi\"\n"
                + "  checkout scm\n"
                + "  withEnv([\"PATH+DEMO=${pwd()}/bin\"]) {\n    previewStacks(stacks: ['network'])\n  }\n}";
        try (MockSCMController c = MockSCMController.create()) {
            c.createRepository("infra", MockRepositoryFlags.TRUST_AWARE);
            c.addFile("infra", "master", "Jenkinsfile", "Jenkinsfile", jenkinsfile.getBytes(StandardCharsets.UTF_8));
            c.addFile("infra", "master", "config", "stacks.yaml", target.getBytes(StandardCharsets.UTF_8));
            Integer cr = c.openChangeRequest("infra", "master", MockChangeRequestFlags.UNTRUSTED);
            c.addFile("infra", "change-request/" + cr, "fork", "stacks.yaml", target.replace(
                    "AWS_SECRET_ACCESS_KEY: aws-network-secret", "AWS_SECRET_ACCESS_KEY: prod-admin").getBytes(StandardCharsets.UTF_8));
            WorkflowMultiBranchProject mp = r.jenkins.createProject(WorkflowMultiBranchProject.class, "infra");
            mp.getSourcesList().add(new BranchSource(new MockSCMSource(c, "infra", new MockSCMDiscoverBranches(),
                    new MockSCMDiscoverChangeRequests())));
            mp.scheduleBuild(0, new Cause.UserIdCause());
            r.waitUntilNoActivity();

            WorkflowJob change = mp.getItem("CR-" + cr);
            assertThat(change).as("the change request's job").isNotNull();
            WorkflowRun b = change.getBuildByNumber(1);
            // a preview of the demo's network shows its drift: UNSTABLE, never a failure of a missing credential
            assertThat(b.getResult().isBetterThan(Result.FAILURE)).as("result %s", b.getResult()).isTrue();
            r.assertLogContains("this change request comes from a source the job does not trust", b);
            r.assertLogContains("network: its credentials come from the trusted revision", b);
            r.assertLogNotContains("prod-admin", b);
            WorkflowRun main = mp.getItem("master").getBuildByNumber(1);
            assertThat(main.getResult().isBetterThan(Result.FAILURE)).as("result %s", main.getResult()).isTrue();
            r.assertLogNotContains("does not trust", main);
        }
    }
}
