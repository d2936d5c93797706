package io.stackdrift.ownership;

import java.util.Objects;

/**
 * Why an ignore path was refused (docs/field-ownership.md), for the stack's one-line failure and the log.
 *
 * @param path    the path as written in stacks.yaml
 * @param rule    the rule of docs/field-ownership.md it breaks (1, 2, 3), or 0 for "ignore paths do not apply to Pulumi"
 * @param message what is wrong
 * @param hint    how to fix it
 */
public record Rejection(String path, int rule, String message, String hint) {
    public Rejection {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(message, "message");
        hint = Objects.requireNonNullElse(hint, "");
    }

    /** {@code ignore path 'x' rejected (rule 2): message; hint}. */
    public String format() {
        String where = rule == 0 ? "" : " (rule " + rule + ")";
        return "ignore path '" + path + "' rejected" + where + ": " + message + (hint.isEmpty() ? "" : "; " + hint);
    }
}
