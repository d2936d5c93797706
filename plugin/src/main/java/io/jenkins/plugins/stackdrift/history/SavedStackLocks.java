package io.jenkins.plugins.stackdrift.history;

import hudson.model.Run;
import hudson.security.ACL;
import hudson.security.ACLContext;
import jenkins.model.Jenkins;

/**
 * Ties {@link JobStackLocks} to the controller: its table is saved in the controller's home ({@link LockFile}) and
 * restored the first time a step or the administrators' page reaches it after a start. A restored lock is held until
 * its build is no longer running; the build is looked up as the system, so a step running as a user who cannot see
 * the holder's job does not take the lock for free.
 */
public final class SavedStackLocks {
    private static volatile boolean installed;

    private SavedStackLocks() {
    }

    /** Installs the store and restores the saved locks, once per controller start. */
    public static void ensureRestored() {
        if (installed) {
            return;
        }
        synchronized (SavedStackLocks.class) {
            if (installed) {
                return;
            }
            LockFile file = new LockFile(Jenkins.get().getRootDir().toPath());
            JobStackLocks.restore(file, file.read(), SavedStackLocks::stillBuilding);
            installed = true;
        }
    }

    /** Whether the build {@code id} ({@code job#number}) is still running; an unknown or malformed id is not. */
    @SuppressWarnings("try") // the context is only closed: it puts the caller's authentication back
    static boolean stillBuilding(final String id) {
        if (id.isEmpty()) {
            return false;
        }
        try (ACLContext ignored = ACL.as2(ACL.SYSTEM2)) {
            Run<?, ?> run = Run.fromExternalizableId(id);
            return run != null && run.isBuilding();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
