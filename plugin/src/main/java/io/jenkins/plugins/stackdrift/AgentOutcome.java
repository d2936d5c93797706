package io.jenkins.plugins.stackdrift;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The compact answer of one agent call: configuration problems, check-mode lines, or the credentials
 * ids the stacks name. The run record itself stays in a file on the agent and is copied, streamed, into
 * the build directory. Plain JDK collections only (core's remoting class filter).
 */
public final class AgentOutcome implements Serializable {
    private static final long serialVersionUID = 1L;

    private final ArrayList<String> problems;
    private final ArrayList<String> stackLines;
    private final TreeMap<String, TreeMap<String, String>> credentialsNeeded;

    private AgentOutcome(final List<String> problems, final List<String> stackLines,
            final Map<String, Map<String, String>> credentialsNeeded) {
        this.problems = new ArrayList<>(problems);
        this.stackLines = new ArrayList<>(stackLines);
        this.credentialsNeeded = new TreeMap<>();
        credentialsNeeded.forEach((stack, vars) -> this.credentialsNeeded.put(stack, new TreeMap<>(vars)));
    }

    public static AgentOutcome invalid(final List<String> problems) {
        return new AgentOutcome(problems, List.of(), Map.of());
    }

    public static AgentOutcome validated(final ValidationOutcome outcome) {
        return new AgentOutcome(outcome.problems(), outcome.stackLines(), Map.of());
    }

    public static AgentOutcome credentials(final Map<String, Map<String, String>> needed) {
        return new AgentOutcome(List.of(), List.of(), needed);
    }

    public static AgentOutcome recorded() {
        return new AgentOutcome(List.of(), List.of(), Map.of());
    }

    public List<String> problems() {
        return Collections.unmodifiableList(problems);
    }

    public List<String> stackLines() {
        return Collections.unmodifiableList(stackLines);
    }

    public Map<String, Map<String, String>> credentialsNeeded() {
        return Collections.unmodifiableMap(credentialsNeeded);
    }
}
