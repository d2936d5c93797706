package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import io.jenkins.plugins.stackdrift.steps.CheckDriftStep;
import io.jenkins.plugins.stackdrift.steps.DeployStacksStep;
import io.jenkins.plugins.stackdrift.steps.PreviewStacksStep;
import io.jenkins.plugins.stackdrift.steps.ValidateStacksStep;
import org.jenkinsci.plugins.workflow.cps.SnippetizerTester;
import org.jenkinsci.plugins.workflow.steps.StepConfigTester;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

/**
 * {@code deployStacks} in the Snippet Generator (real build only): a step with several parameters becomes the
 * snippet a user copies, and that snippet parses back into the same step; the generator's form submission (the
 * stacks text area with one selector per line, an untouched parallelism field) gives the expected snippet; the
 * step's form renders (its Jelly compiled for real) and binds its fields back. The reference documentation of
 * every step can be generated.
 */
@WithJenkins
class SnippetGeneratorITest {
    private JenkinsRule r;

    @BeforeEach
    void beforeEach(final JenkinsRule rule) {
        r = rule;
    }

    private static DeployStacksStep deployWithSeveralParameters() {
        DeployStacksStep step = new DeployStacksStep();
        step.setConfig("infra/stacks.yaml");
        step.setStacks(List.of("network", "dns"));
        step.setParallelism(2);
        step.setDriftResult("FAILURE");
        step.setFailedResult("UNSTABLE");
        step.setRehearsal(true);
        step.setApproved(true);
        return step;
    }

    @Test
    void aDeployWithSeveralParametersRoundTripsThroughItsSnippet() throws Exception {
        new SnippetizerTester(r).assertRoundTrip(deployWithSeveralParameters(),
                "deployStacks approved: true, config: 'infra/stacks.yaml', driftResult: 'FAILURE', failedResult: 'UNSTABLE',"
                        + " parallelism: 2, rehearsal: true, stacks: ['network', 'dns']");
        DeployStacksStep destroy = new DeployStacksStep();
        destroy.setDestroy(true);
        destroy.setStacks(List.of("envs/preview-*"));
        new SnippetizerTester(r).assertRoundTrip(destroy, "deployStacks destroy: true, stacks: ['envs/preview-*']");
    }

    @Test
    void theGeneratorsFormSubmissionGivesTheSnippet() throws Exception {
        new SnippetizerTester(r).assertGenerateSnippet("{'stapler-class':'" + DeployStacksStep.class.getName() + "',"
                        + " 'config':'stacks.yaml', 'stacks':'network\\ndns', 'parallelism':'', 'driftResult':'FAILURE',"
                        + " 'failedResult':'', 'rehearsal':true, 'approved':false, 'destroy':false}",
                "deployStacks driftResult: 'FAILURE', rehearsal: true, stacks: ['network', 'dns']", null);
    }

    /**
     * The form shown with a configured step and submitted binds every field back, the stacks text area included (its
     * getter's list prints one selector per line).
     */
    @Test
    void theStepsFormRendersAndBindsItsFieldsBack() throws Exception {
        DeployStacksStep before = deployWithSeveralParameters();
        before.setDestroy(true);
        DeployStacksStep after = new StepConfigTester(r).configRoundTrip(before);
        r.assertEqualDataBoundBeans(before, after);
        assertThat(after.getParallelism()).isEqualTo(2);
        assertThat(after.isDestroy()).isTrue();
    }

    @Test
    void everyStepsReferenceDocumentationCanBeGenerated() throws Exception {
        SnippetizerTester.assertDocGeneration(CheckDriftStep.class);
        SnippetizerTester.assertDocGeneration(DeployStacksStep.class);
        SnippetizerTester.assertDocGeneration(PreviewStacksStep.class);
        SnippetizerTester.assertDocGeneration(ValidateStacksStep.class);
    }
}
