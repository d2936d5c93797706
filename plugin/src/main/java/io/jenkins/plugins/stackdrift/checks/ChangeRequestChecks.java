package io.jenkins.plugins.stackdrift.checks;

import java.io.PrintStream;
import java.util.Optional;
import java.util.function.Supplier;

import hudson.model.Result;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.stackdrift.JenkinsFacade;

import io.stackdrift.record.RunRecord;
import io.stackdrift.render.ReviewMarkdown;
import io.stackdrift.render.ReviewSummary;
import io.stackdrift.render.SecretMask;

/**
 * The check a {@code previewStacks} or {@code checkDrift} step of a change request's build leaves on the change request
 * (docs/jenkins.md, "In a pull request"). A check that cannot be published is said in the log; it never fails the step.
 */
public final class ChangeRequestChecks {
    /** The Checks API plugin's short name. */
    static final String CHECKS_API = "checks-api";

    private ChangeRequestChecks() {
    }

    /**
     * Publishes the step's check when {@code asked} (a preview or a check in a change request's build, not
     * {@code skipPublishingChecks}) and a publisher is there. The record's reasons were masked on the agent; its addresses
     * and paths are the plan's keys, as the build's page shows them.
     */
    public static void publish(final boolean asked, final String stepId, final RunRecord record, final Result result,
            final Supplier<Optional<CheckPublisher>> publishers, final PrintStream log) {
        if (!asked) {
            return;
        }
        try {
            Optional<CheckPublisher> publisher = publishers.get();
            if (publisher.isPresent()) {
                publisher.get().publish(check(stepId, record, result));
            }
        } catch (RuntimeException | LinkageError e) {
            log.println("Stack Drift: the check of step " + stepId + " could not be published to the change request: " + e);
        }
    }

    /** The step's check: named by its id, ended by its result, the run's review Markdown as summary and text. */
    public static StepCheck check(final String stepId, final RunRecord record, final Result result) {
        ReviewSummary summary = ReviewSummary.of(record, SecretMask.NONE);
        return new StepCheck("Stack Drift: " + stepId, ReviewMarkdown.title(summary), ReviewMarkdown.summary(summary),
                ReviewMarkdown.details(summary), CheckConclusion.of(result));
    }

    /** The Checks API's publisher for the build, when that plugin is active; its classes are not loaded otherwise. */
    public static Optional<CheckPublisher> checksApi(final Run<?, ?> run, final TaskListener listener) {
        return JenkinsFacade.pluginActive(CHECKS_API) ? Optional.of(new ChecksApiPublisher(run, listener)) : Optional.empty();
    }
}
