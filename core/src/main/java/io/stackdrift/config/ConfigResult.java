package io.stackdrift.config;

import java.util.List;

import io.stackdrift.model.Problem;

/**
 * The outcome of reading stacks.yaml: a valid configuration (perhaps with warnings), or every problem
 * that stops the run.
 */
public final class ConfigResult {
    private final StacksConfig config;
    private final List<IgnoredStack> ignored;
    private final List<Problem> problems;
    private final List<Problem> warnings;

    private ConfigResult(final StacksConfig config, final List<IgnoredStack> ignored, final List<Problem> problems,
            final List<Problem> warnings) {
        this.config = config;
        this.ignored = List.copyOf(ignored);
        this.problems = List.copyOf(problems);
        this.warnings = List.copyOf(warnings);
    }

    static ConfigResult valid(final StacksConfig config, final List<IgnoredStack> ignored) {
        return new ConfigResult(config, ignored, List.of(), config.warnings());
    }

    static ConfigResult invalid(final List<Problem> problems, final List<Problem> warnings) {
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("an invalid configuration has at least one problem");
        }
        return new ConfigResult(null, List.of(), problems, warnings);
    }

    public boolean isValid() {
        return config != null;
    }

    /** The configuration; only for a valid result. */
    public StacksConfig config() {
        if (config == null) {
            throw new IllegalStateException("the configuration is not valid: " + problems.get(0).format());
        }
        return config;
    }

    /** Every problem that makes the file invalid, in file order; empty when valid. */
    public List<Problem> problems() {
        return problems;
    }

    /** Problems that do not stop the run (e.g. reapply shorter than every). */
    public List<Problem> warnings() {
        return warnings;
    }

    /** Stacks that discovery found and the top-level {@code ignore} left out, with the reason; empty when invalid. */
    public List<IgnoredStack> ignored() {
        return ignored;
    }
}
