package io.stackdrift.config;

import io.stackdrift.model.Problem;

/**
 * A 1-based line and column in a YAML file; {@link #NOWHERE} when a problem has no position.
 */
record Location(int line, int column) {
    static final Location NOWHERE = new Location(0, 0);

    Problem problem(final String file, final String message, final String hint) {
        // keys and values from the file can hold control characters; none reaches a terminal
        return new Problem(file, line, column, message.replaceAll("\\p{Cntrl}", "?"), hint.replaceAll("[\\p{Cntrl}&&[^\\n]]", "?"));
    }
}
