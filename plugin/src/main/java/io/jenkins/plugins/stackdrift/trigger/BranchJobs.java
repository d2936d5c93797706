package io.jenkins.plugins.stackdrift.trigger;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

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
 *
 * <p>Every trigger runs on Jenkins' one cron thread, each minute, so a tick costs the due job, not its siblings: a job
 * marked primary is answered from its own actions, and a branch that is neither marked nor called main or master is
 * never the one started, whatever its siblings carry, so it is answered from its name. Only an unmarked main or master
 * job looks at its siblings' actions (is another branch marked?), once per project per minute. Whether a project has
 * no branch to start at all is told once in the log, from a look at its branches made at most once an hour.
 */
final class BranchJobs {
    /** A class name, not a use of the class: the plugin does not depend on scm-api (BranchMarkerITest ties the two). */
    @SuppressWarnings("checkstyle:inlineQualifiedName")
    static final String PRIMARY_MARKER = "jenkins.scm.api.metadata.PrimaryInstanceMetadataAction";
    private static final Set<String> USUAL_DEFAULTS = Set.of("main", "master");
    private static final long TICK_MILLIS = 60_000;
    private static final long HOUR_MILLIS = 3_600_000;
    private static final Logger LOGGER = Logger.getLogger(BranchJobs.class.getName());

    /** What one look at a project's branches found, for the minute (or hour) it was made in. */
    private record Siblings(long minute, boolean anyMarked, boolean anyUsualDefault) {
    }

    private final String marker;
    private final LongSupplier clock;
    /** One entry per multibranch project whose branches carry the trigger: bounded by the projects. */
    private final Map<String, Siblings> looks = new ConcurrentHashMap<>();
    /** The looks made to tell a project without a branch to start, for the hour they were made in. */
    private final Map<String, Siblings> hourlyLooks = new ConcurrentHashMap<>();
    private final Set<String> toldWithoutPrimary = ConcurrentHashMap.newKeySet();

    BranchJobs(final String marker) {
        this(marker, System::currentTimeMillis);
    }

    BranchJobs(final String marker, final LongSupplier clock) {
        this.marker = marker;
        this.clock = clock;
    }

    /** Whether the schedule starts this job. */
    boolean starts(final Job<?, ?> job, final DriftBranches branches) {
        ItemGroup<? extends Item> parent = ItemParents.of(job);
        if (branches == DriftBranches.ALL || !(parent instanceof Item project) || parent instanceof ModifiableItemGroup) {
            return true;
        }
        if (isMarkedPrimary(job)) {
            return true;
        }
        if (!USUAL_DEFAULTS.contains(nameOf(job))) {
            // started only when marked, or when called main or master and no branch is marked: never, whatever the siblings
            tellWhenNoneStarts(project, parent);
            return false;
        }
        long minute = clock.getAsLong() / TICK_MILLIS;
        Siblings siblings = looks.compute(project.getFullName(),
                (name, last) -> last != null && last.minute() == minute ? last : look(parent.getItems(), minute));
        return !siblings.anyMarked();
    }

    /**
     * Logs once per project that its schedule starts no branch: none is marked and none is called main or master. The
     * look at the branches is made at most once per project an hour, and not at all once the project was told of.
     */
    private void tellWhenNoneStarts(final Item project, final ItemGroup<? extends Item> parent) {
        if (toldWithoutPrimary.contains(project.getFullName())) {
            return;
        }
        long hour = clock.getAsLong() / HOUR_MILLIS;
        Siblings siblings = hourlyLooks.compute(project.getFullName(),
                (name, last) -> last != null && last.minute() == hour ? last : look(parent.getItems(), hour));
        if (!siblings.anyMarked() && !siblings.anyUsualDefault() && toldWithoutPrimary.add(project.getFullName())) {
            LOGGER.log(Level.INFO, "Stack Drift: the drift schedule of {0} starts no branch: none is marked as the "
                    + "repository's default and none is called main or master; set branches: ''ALL'' on the trigger "
                    + "or mark the default branch in the branch source", project.getFullName());
        }
    }

    private Siblings look(final Collection<? extends Item> items, final long minute) {
        boolean anyMarked = false;
        boolean anyUsualDefault = false;
        for (Item item : items) {
            if (item instanceof Job<?, ?> branch) {
                anyMarked |= isMarkedPrimary(branch);
                anyUsualDefault |= USUAL_DEFAULTS.contains(nameOf(branch));
            }
        }
        return new Siblings(minute, anyMarked, anyUsualDefault);
    }

    private boolean isMarkedPrimary(final Job<?, ?> job) {
        List<? extends Action> actions = job.getAllActions();
        return actions.stream().anyMatch(action -> action != null && action.getClass().getName().equals(marker));
    }

    private static String nameOf(final Item job) {
        String fullName = job.getFullName();
        return fullName.substring(fullName.lastIndexOf('/') + 1);
    }
}
