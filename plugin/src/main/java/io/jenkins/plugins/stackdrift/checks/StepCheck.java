package io.jenkins.plugins.stackdrift.checks;

import java.util.Objects;

/**
 * One step's check on the change request, in the plugin's own terms (the Checks API's are only in
 * {@link ChecksApiPublisher}): named by the step's id, ended as the step's result says, its summary and text the run's
 * review Markdown.
 *
 * @param name       {@code Stack Drift: <step id>}: one check per step id
 * @param title      the run's kind and counts, one line
 * @param summary    the counts and a line per stack not in sync (Markdown)
 * @param text       per stack its changes by cause and the stacks that follow (Markdown)
 * @param conclusion from the step's build result
 */
public record StepCheck(String name, String title, String summary, String text, CheckConclusion conclusion) {
    public StepCheck {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(conclusion, "conclusion");
    }
}
