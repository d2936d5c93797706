package io.jenkins.plugins.stackdrift.agent;

import java.io.PrintStream;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import io.jenkins.plugins.stackdrift.JenkinsFacade;
import jenkins.model.Jenkins;

/**
 * The controller a step's thread started in. When it shuts down for a restart, the step resumes in the next one; the
 * thread left behind must then neither clean up (the engine, its locks, its markers and its files belong to the
 * resumed step) nor report an end (its context would reach the resumed step), so it stays where it is until the JVM
 * ends. A real restart ends the JVM; a test harness's restart keeps it, and so these threads.
 */
public final class ControllerLife {
    private static final ControllerLife NONE = new ControllerLife(null);

    /** Null for {@link #none()}: then no shutdown is ever seen. */
    @CheckForNull private final Jenkins started;

    private ControllerLife(@CheckForNull final Jenkins started) {
        this.started = started;
    }

    /** The controller running now (call it on the step's thread as the step starts or resumes). */
    public static ControllerLife now() {
        return new ControllerLife(JenkinsFacade.runningOrNull());
    }

    /** No controller: it never ends (a step run outside Jenkins, in a unit test). */
    public static ControllerLife none() {
        return NONE;
    }

    /** Whether the controller this was made in is shutting down or gone. */
    public boolean ended() {
        if (started == null) {
            return false;
        }
        Jenkins now = JenkinsFacade.runningOrNull();
        return now != started || now.isTerminating();
    }

    /**
     * When the controller ended: says so in {@code log} (when there is one) and never returns, whatever interrupts the
     * thread.
     */
    public void stayIfEnded(@CheckForNull final PrintStream log, final String what) {
        if (!ended()) {
            return;
        }
        if (log != null) {
            log.println("Stack Drift: the controller is shutting down; " + what);
        }
        while (true) {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                // a shutdown interrupts its threads: this one must still not clean up under the resumed step
            }
        }
    }
}
