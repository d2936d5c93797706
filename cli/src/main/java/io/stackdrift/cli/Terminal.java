package io.stackdrift.cli;

import java.io.PrintWriter;

import picocli.CommandLine.Help.Ansi;

import io.stackdrift.render.TextSafe;

/**
 * What the terminal gets: colour only on a terminal without {@code NO_COLOR} (picocli's own detection, which also reads
 * {@code CLICOLOR}, {@code CLICOLOR_FORCE} and {@code -Dpicocli.ansi}; {@code System.console()} is no terminal test since
 * JDK 22); untrusted text made inert.
 */
final class Terminal {
    private Terminal() {
    }

    static boolean colour() {
        return Ansi.AUTO.enabled();
    }

    /**
     * Text of several lines (a problem with its hint), each line made inert on its own: {@link #safe} over the whole
     * would show each line end as a literal backslash-u000A.
     */
    static void printLines(final PrintWriter to, final String text) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (i == lines.length - 1 && lines[i].isEmpty()) {
                break;
            }
            to.println(safe(lines[i]));
        }
    }

    /** Untrusted text (names and paths from tool output, ids from files) by the one rule of every output: TextSafe. */
    static String safe(final String text) {
        return TextSafe.clean(text);
    }
}
