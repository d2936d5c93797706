package io.stackdrift.config;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.stackdrift.model.Problem;

/**
 * The problems and warnings of resolving entries against stacks. A problem about one place and key is reported
 * once, even when a glob entry matches many stacks.
 */
final class ResolveProblems {
    private final String file;
    private final List<Problem> problems;
    private final List<Problem> warnings = new ArrayList<>();
    private final Set<String> reported = new HashSet<>();

    ResolveProblems(final String file, final List<Problem> problems) {
        this.file = file;
        this.problems = problems;
    }

    String file() {
        return file;
    }

    /** Reports a problem at a place in the configuration file, once per place and key. */
    void report(final Location at, final String key, final String message, final String hint) {
        if (reported.add(at.line() + ":" + at.column() + ":" + key)) {
            problems.add(at.problem(file, message, hint));
        }
    }

    /** Reports a problem in another file (a stack's own files), as it is. */
    void report(final Problem problem) {
        problems.add(problem);
    }

    void warn(final Location at, final String message, final String hint) {
        warnings.add(at.problem(file, message, hint));
    }

    List<Problem> warnings() {
        return List.copyOf(warnings);
    }
}
