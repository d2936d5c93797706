package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import hudson.model.Cause;
import hudson.model.Result;
import io.jenkins.plugins.stackdrift.DemoPipelineITestSupport;
import io.jenkins.plugins.stackdrift.actions.CredentialsWithheldAction;
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
 * trust-aware repository): its stacks.yaml maps network's secret key to a credential of its choosing. By default the
 * build binds nothing at all (log and page say so); a Jenkinsfile that opts in would bind the target branch's mapping,
 * but the mock SCM offers no file access, so that build binds nothing and says why. The branch itself binds what its
 * step's allowedCredentials names.
 */
@WithJenkins
@PosixOnly
class ChangeRequestCredentialsITest {
    private static final Path DEMO = Path.of("../examples/demo").toAbsolutePath().normalize();
    private static final String LISTED = "allowedCredentials: ['aws-network-key', 'aws-network-secret']";

    @Test
    void anUntrustedChangeRequestBindsNothingByDefault(final JenkinsRule r) throws Exception {
        try (MockSCMController c = MockSCMController.create()) {
            Builds builds = builds(r, c, "previewStacks(stacks: ['network'], " + LISTED + ")");

            r.assertLogContains("this change request comes from a source the job does not trust", builds.change());
            r.assertLogContains("it runs without credentials", builds.change());
            r.assertLogNotContains("prod-admin", builds.change());
            assertThat(builds.change().getActions(CredentialsWithheldAction.class)).singleElement()
                    .satisfies(a -> assertThat(a.getReason()).contains("untrustedChanges: 'TARGET_BRANCH_CREDENTIALS'"));
            assertThat(builds.main().getResult().isBetterThan(Result.FAILURE)).as("result %s", builds.main().getResult()).isTrue();
            assertThat(builds.main().getActions(CredentialsWithheldAction.class)).isEmpty();
        }
    }

    /**
     * scm-api's mock SCM has no SCMFileSystem (its trusted Jenkinsfile is read by a heavyweight checkout): an opted-in
     * change request cannot have the trusted stacks.yaml read, binds nothing and says why. That the opted-in build
     * binds the trusted mapping where the source has file access (GitHub, Bitbucket, GitLab, the git plugin) is
     * tested on a model (ChangeTrustTest, StackCredentialsTest), not in a real controller.
     */
    @Test
    void anOptedInUntrustedChangeRequestWhoseSourceHasNoFileAccessBindsNothingAndSaysWhy(final JenkinsRule r) throws Exception {
        try (MockSCMController c = MockSCMController.create()) {
            Builds builds = builds(r, c, "previewStacks(stacks: ['network'], " + LISTED
                    + ", untrustedChanges: 'TARGET_BRANCH_CREDENTIALS')");

            r.assertLogContains("this change request comes from a source the job does not trust, and its SCM source offers no"
                    + " lightweight access to the files of the trusted revision", builds.change());
            r.assertLogNotContains("prod-admin", builds.change());
            assertThat(builds.change().getActions(CredentialsWithheldAction.class)).singleElement()
                    .satisfies(a -> assertThat(a.getReason()).contains("no credentials are bound"));
            assertThat(builds.main().getResult().isBetterThan(Result.FAILURE)).as("result %s", builds.main().getResult()).isTrue();
            r.assertLogNotContains("does not trust", builds.main());
        }
    }

    /** The first build of the branch and of the fork's change request. */
    private record Builds(WorkflowRun main, WorkflowRun change) {
    }

    private static Builds builds(final JenkinsRule r, final MockSCMController c, final String step) throws Exception {
        DemoPipelineITestSupport.addCredentials(r);
        String target = Files.readString(DEMO.resolve("stacks.yaml"));
        String jenkinsfile = "node('built-in') {\n"
                + "  sh \"cp -R '" + DEMO + "/.' . && rm -rf */.terraform */.pulumi\"\n"
                + "  checkout scm\n"
                + "  withEnv([\"PATH+DEMO=${pwd()}/bin\"]) {\n    " + step + "\n  }\n}";
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
        return new Builds(mp.getItem("master").getBuildByNumber(1), change.getBuildByNumber(1));
    }
}
