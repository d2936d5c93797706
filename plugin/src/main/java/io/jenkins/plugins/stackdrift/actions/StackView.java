package io.jenkins.plugins.stackdrift.actions;

import java.util.Set;
import java.util.TreeSet;

import hudson.model.ModelObject;
import hudson.model.Run;

import io.stackdrift.model.Row;
import io.stackdrift.model.StackId;
import io.stackdrift.render.StackLinks;
import io.stackdrift.render.StackPage;

/**
 * The page of one stack of a build ({@code .../stack-drift-<id>/stack/<name>/}): its changes and drift, what
 * happened, type, name and every path, never a value, rendered by the core's {@link StackPage}. A
 * {@link ModelObject}, so core's routing filter lets {@code getStack(name)} reach it (a plain class is a 404). Holds
 * what its page needs of the step (its URL, the ids its links may point to), not the step's action.
 */
public final class StackView implements ModelObject {
    private final Run<?, ?> run;
    private final String stepUrlName;
    private final Row row;
    private final Set<StackId> siblings;

    StackView(final Run<?, ?> run, final String stepUrlName, final Row row, final Set<StackId> siblings) {
        this.run = run;
        this.stepUrlName = stepUrlName;
        this.row = row;
        this.siblings = new TreeSet<>(siblings);
    }

    public Run<?, ?> getRun() {
        return run;
    }

    /** The URL name of the step's page this stack page is under (its assets are served there). */
    public String getStepUrlName() {
        return stepUrlName;
    }

    @Override
    public String getDisplayName() {
        return row.id().value();
    }

    /** The core's HTML fragment: every text in it is escaped by the core (render.Html). */
    public String getFragment() {
        // sibling stack pages are one level up from this one
        return StackPage.fragment(row, StackLinks.under("../", "/").onlyFor(siblings));
    }
}
