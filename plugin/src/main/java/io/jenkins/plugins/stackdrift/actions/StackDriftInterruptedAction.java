package io.jenkins.plugins.stackdrift.actions;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

import hudson.model.Action;

/**
 * Says on the build page that a Stack Drift step was interrupted (aborted build, lost agent) while the engine
 * ran: there is no record to show, and the stacks it was deploying are "interrupted" in the job's trail.
 * No link of its own; its summary is the message.
 */
public final class StackDriftInterruptedAction implements Action {
    private final String operation;
    private final ArrayList<String> interruptedStacks;

    public StackDriftInterruptedAction(final String operation, final Collection<String> interruptedStacks) {
        this.operation = operation;
        this.interruptedStacks = new ArrayList<>(interruptedStacks);
    }

    /** The step's word: "deploy", "drift check", "preview". */
    public String getOperation() {
        return operation;
    }

    /** The stacks marked interrupted in the job's trail; empty for a step that deployed nothing. */
    public List<String> getInterruptedStacks() {
        return interruptedStacks == null ? List.of() : Collections.unmodifiableList(interruptedStacks);
    }

    @Override
    public String getIconFileName() {
        return null;
    }

    @Override
    public String getDisplayName() {
        return "Stack Drift: interrupted";
    }

    @Override
    public String getUrlName() {
        return null;
    }
}
