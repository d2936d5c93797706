package io.jenkins.plugins.stackdrift.actions;

import hudson.model.ModelObject;
import hudson.model.Run;

import io.stackdrift.model.Row;
import io.stackdrift.render.StackLinks;
import io.stackdrift.render.StackPage;

/**
 * The page of one stack of a build ({@code .../stack-drift/stack/<name>/}): its changes and drift, what
 * happened, type, name and every path, never a value, rendered by the core's {@link StackPage}. A
 * {@link ModelObject}, so core's routing filter lets {@code getStack(name)} reach it (a plain class is a 404).
 */
public final class StackView implements ModelObject {
    private final StackDriftRunAction action;
    private final Row row;

    StackView(final StackDriftRunAction action, final Row row) {
        this.action = action;
        this.row = row;
    }

    public Run<?, ?> getRun() {
        return action.getRun();
    }

    public StackDriftRunAction getAction() {
        return action;
    }

    @Override
    public String getDisplayName() {
        return row.id().value();
    }

    /** The core's HTML fragment: every text in it is escaped by the core (render.Html). */
    public String getFragment() {
        // sibling stack pages are one level up from this one
        return StackPage.fragment(row, StackLinks.under("../", "/").onlyFor(action.stackIds()));
    }
}
