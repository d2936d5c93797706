package io.stackdrift.cli;

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

    /** Untrusted text (names and paths from tool output, ids from files) by the one rule of every output: TextSafe. */
    static String safe(final String text) {
        return TextSafe.clean(text);
    }
}
