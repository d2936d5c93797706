package io.jenkins.plugins.stackdrift.agent;

import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;

import io.stackdrift.runner.Heartbeat;
import io.stackdrift.runner.ToolWrapper;

/**
 * How a step's tools are stopped: each runs inside core's tool wrapper, which on a stop sends the tool one SIGINT
 * (Terraform, OpenTofu and Pulumi finish writing state on it) and kills the tool's process tree after {@code grace};
 * and which stops the tool the same way when the agent's heartbeat has not changed for {@code lostAfter} (the agent's
 * JVM is gone; zero: no heartbeat is watched). Travels with the agent call (JDK types only).
 *
 * @param grace     how long a stopped tool gets to end on its own before its tree is killed
 * @param lostAfter how long without a heartbeat before the wrapper counts the agent as gone; zero watches none
 */
public record ToolStops(Duration grace, Duration lostAfter) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The system property that sets the grace in seconds (on the controller). */
    public static final String GRACE_PROPERTY = "io.jenkins.plugins.stackdrift.agent" + ".ToolStops.graceSeconds";

    public ToolStops {
        Objects.requireNonNull(grace, "grace");
        Objects.requireNonNull(lostAfter, "lostAfter");
        if (grace.isNegative() || lostAfter.isNegative()) {
            throw new IllegalArgumentException("a stop's grace and the heartbeat's period cannot be negative");
        }
    }

    /**
     * The controller's setting: {@value #GRACE_PROPERTY} seconds when set to a whole number, else
     * {@link ToolWrapper#DEFAULT_GRACE}; the agent's heartbeat watched after {@link Heartbeat#LOST_AFTER}.
     */
    public static ToolStops configured() {
        return new ToolStops(graceOf(System.getProperty(GRACE_PROPERTY)), Heartbeat.LOST_AFTER);
    }

    static Duration graceOf(final String seconds) {
        if (seconds == null || seconds.isBlank()) {
            return ToolWrapper.DEFAULT_GRACE;
        }
        try {
            long value = Long.parseLong(seconds.strip());
            return value >= 0 ? Duration.ofSeconds(value) : ToolWrapper.DEFAULT_GRACE;
        } catch (NumberFormatException e) {
            return ToolWrapper.DEFAULT_GRACE;
        }
    }

    /** The same grace, no heartbeat watched (a host that runs none). */
    public ToolStops withoutHeartbeat() {
        return new ToolStops(grace, Duration.ZERO);
    }

    /** How long a waiter gives a stopped tool before it kills it itself: the grace and a margin for the wrapper's own kill. */
    public Duration stopWait() {
        return grace.plusSeconds(10);
    }

    /** Its two periods (crosses a channel: a text of its own, as every plugin value that does). */
    @Override
    public String toString() {
        return "ToolStops[grace " + grace.toSeconds() + " s, lost after " + lostAfter.toSeconds() + " s]";
    }

    /** The console line (after "Stack Drift: ") for one tool asked to stop. */
    public String askedLine(final String tool, final String directory) {
        return "asked " + tool + " in " + directory + " to stop (SIGINT); killing it in " + grace.toSeconds()
                + " s if it has not";
    }
}
