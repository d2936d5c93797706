package io.jenkins.plugins.stackdrift.checks;

import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.checks.api.ChecksConclusion;
import io.jenkins.plugins.checks.api.ChecksDetails;
import io.jenkins.plugins.checks.api.ChecksOutput;
import io.jenkins.plugins.checks.api.ChecksPublisherFactory;
import io.jenkins.plugins.checks.api.ChecksStatus;

/**
 * A step's check through the Checks API plugin: whichever publisher it has for the build's SCM (GitHub, GitLab,
 * Bitbucket…) gets it, completed. The one class that names checks-api: {@link ChangeRequestChecks} makes it only when that
 * plugin is active.
 */
final class ChecksApiPublisher implements CheckPublisher {
    private final Run<?, ?> run;
    private final TaskListener listener;

    ChecksApiPublisher(final Run<?, ?> run, final TaskListener listener) {
        this.run = run;
        this.listener = listener;
    }

    @Override
    public void publish(final StepCheck check) {
        ChecksPublisherFactory.fromRun(run, listener).publish(details(check));
    }

    /** The check as the Checks API has it: completed, the conclusion of the same name. */
    static ChecksDetails details(final StepCheck check) {
        ChecksOutput output = new ChecksOutput.ChecksOutputBuilder().withTitle(check.title()).withSummary(check.summary())
                .withText(check.text()).build();
        return new ChecksDetails.ChecksDetailsBuilder().withName(check.name()).withStatus(ChecksStatus.COMPLETED)
                .withConclusion(ChecksConclusion.valueOf(check.conclusion().name())).withOutput(output).build();
    }
}
