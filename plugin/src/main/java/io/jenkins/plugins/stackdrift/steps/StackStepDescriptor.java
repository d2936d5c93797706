package io.jenkins.plugins.stackdrift.steps;

import java.util.List;

import hudson.util.ListBoxModel;
import io.jenkins.plugins.stackdrift.credentials.UntrustedChanges;
import org.jenkinsci.plugins.workflow.steps.StepDescriptor;

/**
 * What the descriptors of the Stack Drift steps share: the result words of the step forms as selects (as in the global
 * configuration), each with a first, empty choice that leaves the parameter out (the default then applies). Public, so
 * the fill methods are found and called on every step descriptor.
 */
public abstract class StackStepDescriptor extends StepDescriptor {
    /** The words a result parameter takes; the empty first one leaves the parameter unset. */
    static final List<String> RESULT_CHOICES = List.of("", "SUCCESS", "UNSTABLE", "FAILURE");

    @SuppressWarnings({"lgtm[jenkins/no-permission-check]", "lgtm[jenkins/csrf]"}) // a fixed word list, read-only
    public ListBoxModel doFillDriftResultItems() {
        return resultChoices();
    }

    @SuppressWarnings({"lgtm[jenkins/no-permission-check]", "lgtm[jenkins/csrf]"}) // a fixed word list, read-only
    public ListBoxModel doFillFailedResultItems() {
        return resultChoices();
    }

    @SuppressWarnings({"lgtm[jenkins/no-permission-check]", "lgtm[jenkins/csrf]"}) // a fixed word list, read-only
    public ListBoxModel doFillRepairedResultItems() {
        return resultChoices();
    }

    @SuppressWarnings({"lgtm[jenkins/no-permission-check]", "lgtm[jenkins/csrf]"}) // a fixed word list, read-only
    public ListBoxModel doFillUntrustedChangesItems() {
        ListBoxModel choices = new ListBoxModel();
        choices.add(Messages.untrustedChangesDefault(), "");
        choices.add(UntrustedChanges.TARGET_BRANCH_CREDENTIALS.name(), UntrustedChanges.TARGET_BRANCH_CREDENTIALS.name());
        return choices;
    }

    private static ListBoxModel resultChoices() {
        ListBoxModel choices = new ListBoxModel();
        for (String word : RESULT_CHOICES) {
            choices.add(word.isEmpty() ? Messages.resultDefault() : word, word);
        }
        return choices;
    }
}
