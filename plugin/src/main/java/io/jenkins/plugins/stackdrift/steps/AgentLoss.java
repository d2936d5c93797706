package io.jenkins.plugins.stackdrift.steps;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import hudson.remoting.ChannelClosedException;
import hudson.remoting.RequestAbortedException;

/**
 * What a step says when its agent call ended without an outcome because the agent was lost: its JVM died or its
 * connection dropped (remoting ends the call with its {@code RequestAbortedException}, a RuntimeException, or a
 * {@code ChannelClosedException}). One line per stack it was deploying, and the
 * step's failure in one sentence: the build log shows these, never remoting's stack trace. Only the class of the
 * cause is named (its message could quote a tool's output).
 */
final class AgentLoss {
    private AgentLoss() {
    }

    /** The console lines (after "Stack Drift: "): one per stack deployed, or one for a step that deployed nothing. */
    static List<String> lines(final String operation, final Collection<String> deploying, final Throwable cause) {
        String why = "the connection to the agent was lost";
        String shown = " (" + cause.getClass().getSimpleName() + ")";
        List<String> lines = new ArrayList<>();
        if (deploying.isEmpty()) {
            lines.add("the " + operation + " was interrupted: " + why + shown + "; no record of it is kept");
            return lines;
        }
        for (String stack : new TreeSet<>(deploying)) {
            lines.add(stack + ": interrupted: " + why + " during its " + operation + shown
                    + "; marked interrupted in the job's trail, its next deploy applies it again");
        }
        return lines;
    }

    /** The step's failure message. */
    static String failure(final String operation, final Set<String> deploying) {
        return "Stack Drift: the " + operation + " did not finish: the connection to its agent was lost"
                + (deploying.isEmpty() ? "" : "; " + String.join(", ", new TreeSet<>(deploying)) + " marked interrupted");
    }

    /** Whether the cause is the channel's end, as remoting reports it to a call in flight or made after it. */
    static boolean lost(final Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof RequestAbortedException || t instanceof ChannelClosedException) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }
}
