package io.jenkins.plugins.stackdrift;

import java.util.ArrayList;
import java.util.List;

/** The configuration file has problems: nothing ran. Carries every problem, formatted for the console. */
public final class InvalidConfigurationException extends Exception {
    private static final long serialVersionUID = 1L;

    private final ArrayList<String> problems;

    public InvalidConfigurationException(final List<String> problems) {
        super(problems.size() + " problem(s) in the configuration");
        this.problems = new ArrayList<>(problems);
    }

    public List<String> getProblems() {
        return List.copyOf(problems);
    }
}
