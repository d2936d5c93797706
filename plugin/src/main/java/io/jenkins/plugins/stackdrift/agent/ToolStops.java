package io.jenkins.plugins.stackdrift.agent;

import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;

import io.jenkins.plugins.stackdrift.Durability;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;

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

    /** The system property that overrides the global configuration's grace, in seconds (on the controller). */
    public static final String GRACE_PROPERTY = Durability.GRACE_PROPERTY;
    /** The built-in grace and heartbeat, until a step sets the controller's ({@link #configured()}). */
    public static final ToolStops DEFAULT = new ToolStops(ToolWrapper.DEFAULT_GRACE, Heartbeat.LOST_AFTER);

    public ToolStops {
        Objects.requireNonNull(grace, "grace");
        Objects.requireNonNull(lostAfter, "lostAfter");
        if (grace.isNegative() || lostAfter.isNegative()) {
            throw new IllegalArgumentException("a stop's grace and the heartbeat's period cannot be negative");
        }
    }

    /**
     * The controller's setting (on the controller only): the global configuration's tool stop grace, or its system
     * property {@value #GRACE_PROPERTY}; the agent's heartbeat watched after {@link Heartbeat#LOST_AFTER}.
     */
    public static ToolStops configured() {
        return new ToolStops(StackDriftGlobalConfiguration.durability().toolStopGraceInEffect(), Heartbeat.LOST_AFTER);
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
