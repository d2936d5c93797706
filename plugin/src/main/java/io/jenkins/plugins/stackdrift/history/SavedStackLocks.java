package io.jenkins.plugins.stackdrift.history;

import java.util.function.Predicate;

import hudson.model.Job;
import hudson.model.Run;
import hudson.security.ACL;
import hudson.security.ACLContext;
import io.jenkins.plugins.stackdrift.JenkinsFacade;

import io.stackdrift.record.DeployMarker;

/**
 * Ties {@link JobStackLocks} to the controller: its table is saved in the controller's home ({@link LockFile}) and
 * restored the first time a step or the administrators' page reaches it after a start. A restored lock is held until
 * its build is no longer running; the build is looked up as the system, so a step running as a user who cannot see
 * the holder's job does not take the lock for free. A deploy marker's build is looked up the same way, for the job
 * history's markers ({@link #buildingIn}).
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
            LockFile file = new LockFile(JenkinsFacade.home());
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

    /** Whether a deploy marker's build is running: {@code job} has that build and it is still building. */
    public static Predicate<DeployMarker> buildingIn(final Job<?, ?> job) {
        return marker -> {
            try {
                Run<?, ?> build = job.getBuildByNumber(Integer.parseInt(marker.runId()));
                return build != null && build.isBuilding();
            } catch (NumberFormatException e) {
                return false;
            }
        };
    }
}
