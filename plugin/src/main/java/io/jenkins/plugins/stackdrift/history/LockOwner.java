package io.jenkins.plugins.stackdrift.history;

import java.util.Objects;

/**
 * Who holds a stack lock: the words a waiting build prints, and which step it is, so that the same step, resumed after
 * a restart of the controller, takes back what it held ({@link JobStackLocks#reclaim}).
 *
 * @param words what a waiting build prints about the holder
 * @param build the holder's build as {@code Run.getExternalizableId()} gives it ({@code folder/job#12}); empty when not
 *              known
 * @param step  the holder's step id in its build (unique there while it runs); empty when not known
 */
public record LockOwner(String words, String build, String step) {
    public LockOwner {
        Objects.requireNonNull(words, "words");
        build = build == null ? "" : build;
        step = step == null ? "" : step;
    }

    /** A holder known by its words only: no step can take its locks back. */
    public static LockOwner named(final String words) {
        return new LockOwner(words, "", "");
    }

    /** Whether this is step {@code stepId} of build {@code buildId} (never for a holder that does not say which step it is). */
    boolean isStep(final String buildId, final String stepId) {
        return !build.isEmpty() && !step.isEmpty() && build.equals(buildId) && step.equals(stepId);
    }
}
