package io.stackdrift.cli;

/** How much a run says besides its result (docs/cli.md, "--quiet"). */
enum Verbosity {
    /** Progress, warnings and notes on stderr; the whole text result on stdout. */
    NORMAL,
    /**
     * Only errors on stderr (a failed stack's reason, a configuration problem, a line that starts {@code stackdrift:}) and,
     * in text, the counts line alone on stdout; {@code --json} is the same document. Exit codes do not change.
     */
    QUIET;

    static Verbosity of(final boolean quiet) {
        return quiet ? QUIET : NORMAL;
    }

    boolean quiet() {
        return this == QUIET;
    }
}
