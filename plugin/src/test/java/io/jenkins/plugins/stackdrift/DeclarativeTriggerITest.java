package io.jenkins.plugins.stackdrift;

import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.addCredentials;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.demoCopy;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import hudson.model.Result;
import hudson.triggers.Trigger;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import io.jenkins.plugins.stackdrift.trigger.DriftScheduleTrigger;
import io.jenkins.plugins.stackdrift.trigger.ScheduledDriftCheckCause;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

import io.stackdrift.record.HistoryLayout;
import io.stackdrift.testing.PosixOnly;

/**
 * {@code triggers { driftSchedule(...) }} in a Declarative Pipeline (real build only, with pipeline-model-definition):
 * Declarative resolves the trigger by its symbol and puts it on the job with the first build; a tick of it queues
 * a drift check started by the schedule once a stack is due, and nothing before.
 */
@WithJenkins
@PosixOnly
class DeclarativeTriggerITest {
    private static final String SPEC = "H/15 * * * *";

    @TempDir
    Path temp;

    private JenkinsRule r;

    @BeforeEach
    void beforeEach(final JenkinsRule rule) {
        r = rule;
    }

    @Test
    void theDeclarativeTriggerIsOnTheJobAfterTheFirstBuildAndQueuesAScheduledCheck() throws Exception {
        addCredentials(r);
        Path demo = demoCopy(temp.resolve("demo"));
        WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "declarative");
        p.setDefinition(new CpsFlowDefinition("pipeline {\n"
                + "  agent { label 'built-in' }\n"
                + "  triggers { driftSchedule(spec: '" + SPEC + "') }\n"
                + "  stages {\n"
                + "    stage('Drift') {\n"
                + "      steps {\n"
                + "        sh \"cp -R '" + demo + "/.' .\"\n"
                + "        withEnv([\"PATH+DEMO=${pwd()}/bin\"]) { checkDrift(driftResult: 'SUCCESS') }\n"
                + "      }\n"
                + "    }\n"
                + "  }\n"
                + "}", true));
        assertThat(p.getTriggers()).isEmpty();

        WorkflowRun first = r.buildAndAssertSuccess(p);
        assertThat(first.getAction(StackDriftRunAction.class)).isNotNull();
        Trigger<?> trigger = p.getTriggersJobProperty()
                .getTriggerForDescriptor(r.jenkins.getDescriptorByType(DriftScheduleTrigger.DescriptorImpl.class));
        assertThat(trigger).isInstanceOf(DriftScheduleTrigger.class);
        assertThat(trigger.getSpec()).isEqualTo(SPEC);

        // a tick (what cron would call) right after the check: no stack is due yet (network's every is 15m), so the
        // tick queues nothing
        trigger.run();
        r.waitUntilNoActivity();
        assertThat(p.getLastBuild()).isSameAs(first);
        assertThat(JobHistory.inJobDir(p.getRootDir()).nextScheduledCheck()).hasValueSatisfying(next -> {
            assertThat(next.runId()).isEqualTo(first.getId());
            assertThat(next.dueAt()).isAfter(Instant.now());
        });

        // once that time has come (here: the check's time moved to the past), the tick queues the scheduled check
        Files.writeString(new HistoryLayout(JobHistory.inJobDir(p.getRootDir()).directory()).nextCheckFile(),
                "{\"format\":\"stackdrift-next-check/1\",\"runId\":\"" + first.getId() + "\",\"dueAt\":0}");
        trigger.run();
        r.waitUntilNoActivity();
        WorkflowRun scheduled = p.getLastBuild();
        assertThat(scheduled.getNumber()).isEqualTo(first.getNumber() + 1);
        assertThat(scheduled.getCause(ScheduledDriftCheckCause.class)).isNotNull();
        r.assertBuildStatus(Result.SUCCESS, scheduled);
        r.assertLogContains("Stack Drift:", scheduled);
    }
}
