package io.stackdrift.model;

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
}
