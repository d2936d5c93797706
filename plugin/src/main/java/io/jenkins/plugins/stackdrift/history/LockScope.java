package io.jenkins.plugins.stackdrift.history;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.AbortException;
import hudson.model.Item;
import hudson.model.ModifiableItemGroup;
import io.jenkins.plugins.stackdrift.ItemParents;

/**
 * Which builds share stack locks ({@link JobStackLocks}): a name. Jobs that deploy the same stacks must share
 * one, so by default it is the multibranch project of a branch job (every branch and pull request of one
 * repository), else the job itself; a step's {@code lockScope} names another (for several jobs of one
 * repository, or one scope for a team's folder).
 *
 * <p>A step names only a scope of its own folder tree: the job, one of the folders it is in, or a name under one of
 * them ({@code team-a/infra/shared} for a job inside {@code team-a}); or a scope an administrator lists as shared
 * (Manage Jenkins → System). Otherwise a job could hold, or wait on, another team's stack locks and stall its
 * deploys. A job at the top of the controller has no folder: it names only its own or a shared scope.
 *
 * <p>A branch job is told apart with core's types only: its parent is an item whose children users cannot
 * create, a computed folder (multibranch projects and organization folders are; a plain folder and the
 * controller itself are modifiable item groups).
 */
public final class LockScope {
    private LockScope() {
    }

    /** The scope of a job's steps without an explicit {@code lockScope}. */
    public static String of(final Item job) {
        Object parent = ItemParents.of(job);
        if (parent instanceof Item computed && !(parent instanceof ModifiableItemGroup)) {
            return computed.getFullName();
        }
        return job.getFullName();
    }

    /**
     * The scope of a job's steps.
     *
     * @param explicit the step's {@code lockScope}; blank or null for the default
     * @param shared   the scopes an administrator shares between any jobs
     * @throws AbortException when {@code explicit} is outside the job's folder tree and not shared
     */
    public static String of(final Item job, @CheckForNull final String explicit, final Collection<String> shared)
            throws AbortException {
        if (explicit == null || explicit.isBlank()) {
            return of(job);
        }
        String scope = explicit.strip();
        List<String> own = ownTrees(job);
        boolean inside = own.stream().anyMatch(tree -> scope.equals(tree) || scope.startsWith(tree + "/"));
        if (inside || scope.equals(job.getFullName()) || scope.equals(of(job)) || shared.contains(scope)) {
            return scope;
        }
        throw new AbortException("Stack Drift: lockScope '" + scope + "' is not in the folders of " + job.getFullName()
                + (own.isEmpty() ? " (a job at the top of Jenkins has none)" : " (" + String.join(", ", own) + ")")
                + " nor one an administrator shares; name a scope inside them, or ask an administrator to add '" + scope
                + "' to the shared lock scopes of Manage Jenkins → System → Stack Drift");
    }

    /** The full names of the folders the job is in, innermost first (the controller itself is none). */
    static List<String> ownTrees(final Item job) {
        List<String> trees = new ArrayList<>();
        Object parent = ItemParents.of(job);
        while (parent instanceof Item folder) {
            trees.add(folder.getFullName());
            parent = ItemParents.of(folder);
        }
        return trees;
    }
}
