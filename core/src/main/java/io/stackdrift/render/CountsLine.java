package io.stackdrift.render;

import io.stackdrift.model.Counts;

/**
 * The counts line (spec §8): {@code 12 stacks · 9 in sync · 2 drifted ● · 1 pending · 0 failed}. Drifted
 * carries an orange dot and failed a red one when there are any; with colour the dots are coloured with
 * ANSI escapes (callers decide: a terminal and no {@code NO_COLOR}).
 */
public final class CountsLine {
    public static final String DOT = "●";
    private static final String ORANGE = "\u001B[38;5;208m";
    private static final String RED = "\u001B[31m";
    private static final String RESET = "\u001B[0m";

    private CountsLine() {
    }

    public static String plain(final Counts counts) {
        return format(counts, false);
    }

    public static String format(final Counts counts, final boolean colour) {
        return counts.total() + (counts.total() == 1 ? " stack" : " stacks")
                + " · " + counts.inSync() + " in sync"
                + " · " + counts.drifted() + " drifted" + dot(counts.drifted(), ORANGE, colour)
                + " · " + counts.pending() + " pending"
                + " · " + counts.failed() + " failed" + dot(counts.failed(), RED, colour);
    }

    private static String dot(final int count, final String colourCode, final boolean colour) {
        if (count == 0) {
            return "";
        }
        return colour ? " " + colourCode + DOT + RESET : " " + DOT;
    }
}
