package io.jenkins.plugins.stackdrift.history;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.model.Item;
import hudson.model.Job;
import hudson.model.ModifiableItemGroup;

/**
 * Which builds share stack locks ({@link JobStackLocks}): a name. Jobs that deploy the same stacks must share
 * one, so by default it is the multibranch project of a branch job (every branch and pull request of one
 * repository), else the job itself; a step's {@code lockScope} names another (for several jobs of one
 * repository, or one scope for the whole controller).
 *
 * <p>A branch job is told apart with core's types only: its parent is an item whose children users cannot
 * create, a computed folder (multibranch projects and organization folders are; a plain folder and the
 * controller itself are modifiable item groups).
 */
public final class LockScope {
    private LockScope() {
    }

    /**
     * The scope of a job's steps.
     *
     * @param explicit the step's {@code lockScope}; blank or null for the default
     */
    public static String of(final Job<?, ?> job, @CheckForNull final String explicit) {
        if (explicit != null && !explicit.isBlank()) {
            return explicit.strip();
        }
        Object parent = job.getParent();
        if (parent instanceof Item computed && !(parent instanceof ModifiableItemGroup)) {
            return computed.getFullName();
        }
        return job.getFullName();
    }
}
