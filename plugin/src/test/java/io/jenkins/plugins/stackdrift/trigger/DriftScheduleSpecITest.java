package io.jenkins.plugins.stackdrift.trigger;

import static org.assertj.core.api.Assertions.assertThat;

import hudson.util.FormValidation;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

/**
 * Real build only (JenkinsRule, core's real CronTab): the drift schedule's spec check says when it would last have
 * run and would next run, with the job's H hash, as core's TimerTrigger does; a spec without a line never runs; a
 * broken spec is an error.
 */
@WithJenkins
class DriftScheduleSpecITest {
    private JenkinsRule r;

    @BeforeEach
    void beforeEach(final JenkinsRule rule) {
        r = rule;
    }

    @Test
    void theSpecCheckSaysWhenTheScheduleWouldLastHaveRunAndNextRun() throws Exception {
        WorkflowJob job = r.jenkins.createProject(WorkflowJob.class, "drift");
        DriftScheduleTrigger.DescriptorImpl descriptor = new DriftScheduleTrigger.DescriptorImpl();

        FormValidation every15 = descriptor.doCheckSpec("H/15 * * * *", job);
        FormValidation comment = descriptor.doCheckSpec("# nothing", job);
        FormValidation broken = descriptor.doCheckSpec("H/15 * *", job);

        assertThat(every15.kind).isEqualTo(FormValidation.Kind.OK);
        assertThat(every15.getMessage()).contains("Would last have run at").contains("would next run at");
        assertThat(comment.kind).isEqualTo(FormValidation.Kind.WARNING);
        assertThat(comment.getMessage()).contains("never starts a check");
        assertThat(broken.kind).isEqualTo(FormValidation.Kind.ERROR);
    }
}
