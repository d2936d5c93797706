package io.jenkins.plugins.stackdrift.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import hudson.ExtensionList;
import hudson.model.Cause;
import io.jenkins.plugins.checks.api.ChecksConclusion;
import io.jenkins.plugins.checks.api.ChecksDetails;
import io.jenkins.plugins.checks.api.ChecksOutput;
import io.jenkins.plugins.checks.api.ChecksStatus;
import io.jenkins.plugins.checks.util.CapturingChecksPublisher;
import io.jenkins.plugins.stackdrift.DemoPipelineITestSupport;
import jenkins.branch.BranchSource;
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
import org.jvnet.hudson.test.TestExtension;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

import io.stackdrift.testing.PosixOnly;

/**
 * The checks a change request's build publishes, caught by the Checks API plugin's own test publisher (real build only,
 * scm-api's mock SCM): a trusted change request runs two previews, one told to skip publishing; the branch runs the same
 * Jenkinsfile. Exactly one check comes out: the change request's first preview's, named by its step id.
 */
@WithJenkins
@PosixOnly
class ChangeRequestChecksITest {
    private static final Path DEMO = Path.of("../examples/demo").toAbsolutePath().normalize();

    /** The Checks API's capturing publisher, registered for this test (an extension must be a public class). */
    @TestExtension
    public static final class Publisher extends CapturingChecksPublisher.Factory {
    }

    @Test
    void aChangeRequestsPreviewLeavesOneCheckPerStepIdWithTheChangesByCause(final JenkinsRule r) throws Exception {
        try (MockSCMController c = MockSCMController.create()) {
            DemoPipelineITestSupport.addCredentials(r);
            String jenkinsfile = "node('built-in') {\n"
                    + "  sh \"cp -R '" + DEMO + "/.' . && rm -rf */.terraform */.pulumi\"\n"
                    + "  checkout scm\n"
                    + "  withEnv([\"PATH+DEMO=${pwd()}/bin\"]) {\n"
                    + "    previewStacks(id: 'pr-preview')\n"
                    + "    previewStacks(id: 'quiet', stacks: ['dns'], skipPublishingChecks: true)\n"
                    + "  }\n}";
            c.createRepository("infra", MockRepositoryFlags.TRUST_AWARE);
            c.addFile("infra", "master", "Jenkinsfile", "Jenkinsfile", jenkinsfile.getBytes(StandardCharsets.UTF_8));
            c.addFile("infra", "master", "config", "stacks.yaml", Files.readAllBytes(DEMO.resolve("stacks.yaml")));
            Integer cr = c.openChangeRequest("infra", "master");
            WorkflowMultiBranchProject mp = r.jenkins.createProject(WorkflowMultiBranchProject.class, "infra");
            mp.getSourcesList().add(new BranchSource(new MockSCMSource(c, "infra", new MockSCMDiscoverBranches(),
                    new MockSCMDiscoverChangeRequests())));
            mp.scheduleBuild(0, new Cause.UserIdCause());
            r.waitUntilNoActivity();
            WorkflowJob changeJob = mp.getItem("CR-" + cr);
            assertThat(changeJob).as("the change request's job").isNotNull();
            WorkflowRun change = changeJob.getBuildByNumber(1);
            r.assertLogContains("Stack Drift: 4 stacks", change);
            r.assertLogContains("Stack Drift: 4 stacks", mp.getItem("master").getBuildByNumber(1));

            List<ChecksDetails> published = ExtensionList.lookupSingleton(Publisher.class).getPublishedChecks();

            assertThat(published).singleElement().satisfies(details -> {
                assertThat(details.getName()).hasValue("Stack Drift: pr-preview");
                assertThat(details.getStatus()).isEqualTo(ChecksStatus.COMPLETED);
                assertThat(details.getConclusion()).isEqualTo(ChecksConclusion.valueOf(CheckConclusion.of(change.getResult()).name()));
                ChecksOutput output = details.getOutput().orElseThrow();
                assertThat(output.getTitle().orElseThrow()).startsWith("Stack Drift preview: 4 stacks");
                String summary = output.getSummary().orElseThrow();
                String text = output.getText().orElseThrow();
                assertThat(summary).contains("| `network` | drifted | 0 | 1 (since ").contains("| `dns` | pending | 1 | 0 |");
                assertThat(text).contains("#### `network` · drifted\n\n**Reverts of changes made outside the code** (1)",
                        "**Stacks that will follow** · `dns`", "**Changes in this pull request** (1)");
                DemoPipelineITestSupport.assertNoSecretIn(summary + text);
            });
        }
    }
}
