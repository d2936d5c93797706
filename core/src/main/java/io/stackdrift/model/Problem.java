package io.stackdrift.model;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One configuration problem: where, what, and how to fix it.
 *
 * @param file    the file name as given
 * @param line    1-based line; 0 when the problem has no position (e.g. an unreadable file)
 * @param column  1-based column; 0 when unknown
 * @param message what is wrong
 * @param hint    how to write it instead; may be empty
 */
public record Problem(String file, int line, int column, String message, String hint) {
    public Problem {
        hint = hint == null ? "" : hint;
    }

    /** {@code file:line:col: message} then the hint on its own indented line. */
    public String format() {
        String where = line > 0 ? file + ":" + line + ":" + column : file;
        return hint.isEmpty() ? where + ": " + message : where + ": " + message + "\n    " + hint.replace("\n", "\n    ");
    }

    /** Problems as lines, files under {@code workspace} named relative to it (an agent's absolute path is noise in a log). */
    public static List<String> linesUnder(final List<Problem> problems, final Path workspace) {
        String prefix = workspace.toAbsolutePath().normalize() + File.separator;
        List<String> lines = new ArrayList<>();
        for (Problem problem : problems) {
            String file = problem.file().startsWith(prefix) ? problem.file().substring(prefix.length()) : problem.file();
            lines.add(new Problem(file, problem.line(), problem.column(), problem.message(), problem.hint()).format());
        }
        return lines;
    }
}
