package io.stackdrift.cli;

import io.stackdrift.render.TextSafe;

/** What the terminal gets: colour only on a terminal without {@code NO_COLOR}; untrusted text made inert. */
final class Terminal {
    private Terminal() {
    }

    static boolean colour() {
        String noColor = System.getenv("NO_COLOR");
        return System.console() != null && (noColor == null || noColor.isEmpty());
    }

    /** Untrusted text (names and paths from tool output, ids from files) by the one rule of every output: TextSafe. */
    static String safe(final String text) {
        return TextSafe.clean(text);
    }
}
