package io.jenkins.plugins.stackdrift.actions;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.model.Action;
import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;

/**
 * Says on the build page that a Stack Drift step was interrupted (aborted build, lost agent) while the engine
 * ran: there is no record to show, and the stacks it was deploying are "interrupted" in the job's trail.
 * No link of its own; its summary is the message.
 */
@ExportedBean(defaultVisibility = 2)
public final class StackDriftInterruptedAction implements Action {
    private final String operation;
    private final ArrayList<String> interruptedStacks;
    /** The step's id; null in builds recorded before steps had one. */
    @CheckForNull private final String id;

    public StackDriftInterruptedAction(final String operation, final Collection<String> interruptedStacks) {
        this(operation, null, interruptedStacks);
    }

    /** One per interrupted step: a build whose parallel branches are aborted can have several. */
    public StackDriftInterruptedAction(final String operation, @CheckForNull final String id, final Collection<String> interruptedStacks) {
        this.operation = operation;
        this.id = id;
        this.interruptedStacks = new ArrayList<>(interruptedStacks);
    }

    /** The interrupted step's id; empty in builds recorded before steps had one. */
    @Exported(visibility = 2)
    public String getId() {
        return id == null ? "" : id;
    }

    /** The step's word: "deploy", "drift check", "preview". */
    @Exported(visibility = 2)
    public String getOperation() {
        return operation;
    }

    /** The stacks marked interrupted in the job's trail; empty for a step that deployed nothing. */
    @Exported(visibility = 2)
    public List<String> getInterruptedStacks() {
        return interruptedStacks == null ? List.of() : Collections.unmodifiableList(interruptedStacks);
    }

    @Override
    public String getIconFileName() {
        return null;
    }

    @Override
    public String getDisplayName() {
        return Messages.StackDriftInterruptedAction_displayName();
    }

    @Override
    public String getUrlName() {
        return null;
    }
}
