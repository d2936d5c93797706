package io.jenkins.plugins.stackdrift.trigger;

import java.util.Collection;
import java.util.List;
import java.util.Set;

import hudson.model.Action;
import hudson.model.Item;
import hudson.model.ItemGroup;
import hudson.model.Job;
import hudson.model.ModifiableItemGroup;
import io.jenkins.plugins.stackdrift.ItemParents;

/**
 * Whether a job is the primary branch of a multibranch project, with core's types only (the plugin needs no branch or
 * SCM plugin): a branch job's parent is an item whose children users cannot create, a computed folder; the primary one
 * carries scm-api's {@code PrimaryInstanceMetadataAction} (what Blue Ocean and branch sources use), found by its class
 * name. When no branch of the project carries it (a source that does not report a default branch), the branch named
 * main or master is the primary one.
 */
final class BranchJobs {
    /** A class name, not a use of the class: the plugin does not depend on scm-api (BranchMarkerITest ties the two). */
    @SuppressWarnings("checkstyle:inlineQualifiedName")
    static final String PRIMARY_MARKER = "jenkins.scm.api.metadata.PrimaryInstanceMetadataAction";
    private static final Set<String> USUAL_DEFAULTS = Set.of("main", "master");

    private final String marker;

    BranchJobs(final String marker) {
        this.marker = marker;
    }

    /** Whether the schedule starts this job. */
    boolean starts(final Job<?, ?> job, final DriftBranches branches) {
        ItemGroup<? extends Item> parent = ItemParents.of(job);
        if (branches == DriftBranches.ALL || !(parent instanceof Item) || parent instanceof ModifiableItemGroup) {
            return true;
        }
        if (isMarkedPrimary(job)) {
            return true;
        }
        Collection<? extends Item> siblings = parent.getItems();
        return siblings.stream().noneMatch(item -> item instanceof Job<?, ?> branch && isMarkedPrimary(branch))
                && USUAL_DEFAULTS.contains(nameOf(job));
    }

    private boolean isMarkedPrimary(final Job<?, ?> job) {
        List<? extends Action> actions = job.getAllActions();
        return actions.stream().anyMatch(action -> action != null && action.getClass().getName().equals(marker));
    }

    private static String nameOf(final Job<?, ?> job) {
        String fullName = job.getFullName();
        return fullName.substring(fullName.lastIndexOf('/') + 1);
    }
}
