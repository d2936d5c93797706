package io.stackdrift.cli;

import picocli.CommandLine;

import io.stackdrift.render.TextSafe;

/** What the terminal gets: colour as picocli decides it; untrusted text made inert. */
final class Terminal {
    private Terminal() {
    }

    /**
     * picocli's own detection ({@code Help.Ansi.AUTO}): a terminal, never with {@code NO_COLOR}, always with
     * {@code CLICOLOR_FORCE}, and {@code -Dpicocli.ansi=true|false} over both. Not {@code System.console() != null}:
     * since JDK 22 there can be a console while the output goes into a pipe.
     */
    static boolean colour() {
        return CommandLine.Help.Ansi.AUTO.enabled();
    }

    /** Untrusted text (names and paths from tool output, ids from files) by the one rule of every output: TextSafe. */
    static String safe(final String text) {
        return TextSafe.clean(text);
    }
}
