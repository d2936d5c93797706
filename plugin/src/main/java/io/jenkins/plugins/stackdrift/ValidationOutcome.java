package io.jenkins.plugins.stackdrift;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What check mode found, as text: the settings of every stack (one line each, already formatted by the
 * engine) or every configuration problem at once. Crosses from the agent, so plain JDK types only.
 *
 * @param stackLines one line per stack with its settings (credentials variable names, never values)
 * @param problems   every configuration problem, {@code file:line:column: message} and hint; empty when valid
 */
public record ValidationOutcome(List<String> stackLines, List<String> problems) implements Serializable {
    private static final long serialVersionUID = 1L;

    public ValidationOutcome {
        stackLines = Collections.unmodifiableList(new ArrayList<>(stackLines));
        problems = Collections.unmodifiableList(new ArrayList<>(problems));
    }

    public boolean valid() {
        return problems.isEmpty();
    }
}
