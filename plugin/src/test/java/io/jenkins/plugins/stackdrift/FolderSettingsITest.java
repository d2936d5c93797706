package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import com.cloudbees.hudson.plugins.folder.Folder;
import hudson.model.Result;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

import io.stackdrift.testing.PosixOnly;

/**
 * A folder's Stack Drift settings on a real folder (real build only): they survive the Configure page's round trip,
 * and a job inside binds the ids the folder lists while a job outside, with the global list empty, binds nothing.
 */
@WithJenkins
@PosixOnly
class FolderSettingsITest {
    @TempDir
    Path temp;

    @Test
    void aFoldersListLetsItsJobsBindAndNoOtherJobs(final JenkinsRule r) throws Exception {
        DemoPipelineITestSupport.addCredentials(r);
        r.jenkins.getExtensionList(StackDriftGlobalConfiguration.class).get(StackDriftGlobalConfiguration.class)
                .setAllowedCredentials(List.of());
        Folder team = r.jenkins.createProject(Folder.class, "team-a");
        StackDriftFolderProperty property = new StackDriftFolderProperty();
        property.setAllowedCredentials(List.of("aws-network-key", "aws-network-secret"));
        property.setToolTimeout("2h");
        team.addProperty(property);
        r.configRoundtrip(team);
        StackDriftFolderProperty kept = team.getProperties().get(StackDriftFolderProperty.class);
        assertThat(kept.getAllowedCredentials()).containsExactly("aws-network-key", "aws-network-secret");
        assertThat(kept.getToolTimeout()).isEqualTo("2h");

        Path demo = DemoPipelineITestSupport.demoCopy(temp.resolve("demo"));
        String step = "  previewStacks(stacks: ['network'])";
        WorkflowJob inside = team.createProject(WorkflowJob.class, "inside");
        inside.setDefinition(new CpsFlowDefinition("node('built-in') {\n  sh \"cp -R '" + demo + "/.' .\"\n"
                + "  withEnv([\"PATH+DEMO=${pwd()}/bin\"]) {\n" + step + "\n  }\n}", true));
        WorkflowJob outside = DemoPipelineITestSupport.demoJob(r, "outside", demo, step);

        WorkflowRun in = r.buildAndAssertStatus(Result.UNSTABLE, inside);
        r.assertLogNotContains("named by no allow-list", in);
        WorkflowRun out = r.buildAndAssertStatus(Result.FAILURE, outside);
        r.assertLogContains("network: credentials 'aws-network-key' are named by no allow-list", out);
    }
}
