package io.stackdrift.render;

import java.util.ArrayList;
import java.util.List;

import io.stackdrift.model.Counts;

/**
 * The counts line that opens the build page, the console summary and the CLI output:
 * {@code 12 stacks · 9 in sync · 2 drifted ● · 1 pending · 0 failed}. Drifted carries an orange dot and
 * failed a red one when their count is not zero. Repaired, awaiting approval and skipped are added only when present,
 * so the common line stays short.
 */
public final class CountsLine {
    static final String DOT = "\u25CF";
    private static final String SEPARATOR = " \u00B7 ";
    private static final String ORANGE = "\u001B[38;5;208m";
    private static final String RED = "\u001B[31m";
    private static final String RESET = "\u001B[0m";

    private CountsLine() {
    }

    /**
     * The line for a log or terminal.
     *
     * @param colour true to colour the dots with ANSI escapes; the caller decides (a terminal, no {@code NO_COLOR})
     */
    public static String text(final Counts counts, final boolean colour) {
        List<String> parts = new ArrayList<>();
        for (Part part : parts(counts)) {
            String dot = switch (part.dot) {
                case NONE -> "";
                case ORANGE -> " " + (colour ? ORANGE + DOT + RESET : DOT);
                case RED -> " " + (colour ? RED + DOT + RESET : DOT);
            };
            parts.add(part.words + dot);
        }
        return String.join(SEPARATOR, parts);
    }

    /** The line as an HTML fragment ({@code <p class="sd-counts">}). */
    public static String html(final Counts counts) {
        StringBuilder out = new StringBuilder("<p class=\"sd-counts\">");
        boolean first = true;
        for (Part part : parts(counts)) {
            if (!first) {
                out.append("<span class=\"sd-sep\" aria-hidden=\"true\">").append(SEPARATOR).append("</span>");
            }
            first = false;
            out.append("<span class=\"sd-count sd-count-").append(part.key);
            if (part.value == 0) {
                out.append(" sd-zero");
            }
            out.append("\"><strong>").append(part.value).append("</strong>")
                    .append(part.words.substring(String.valueOf(part.value).length()));
            if (part.dot != Dot.NONE) {
                out.append(" <span class=\"sd-dot sd-dot-").append(part.dot == Dot.RED ? "failed" : "drifted")
                        .append("\" aria-hidden=\"true\">").append(DOT).append("</span>");
            }
            out.append("</span>");
        }
        return out.append("</p>").toString();
    }

    private enum Dot { NONE, ORANGE, RED }

    private record Part(String key, int value, String words, Dot dot) {
    }

    private static List<Part> parts(final Counts counts) {
        List<Part> parts = new ArrayList<>();
        parts.add(new Part("total", counts.total(), Html.plural(counts.total(), "stack", "stacks"), Dot.NONE));
        parts.add(new Part("in-sync", counts.inSync(), counts.inSync() + " in sync", Dot.NONE));
        parts.add(new Part("drifted", counts.drifted(), counts.drifted() + " drifted",
                counts.drifted() > 0 ? Dot.ORANGE : Dot.NONE));
        parts.add(new Part("pending", counts.pending(), counts.pending() + " pending", Dot.NONE));
        parts.add(new Part("failed", counts.failed(), counts.failed() + " failed", counts.failed() > 0 ? Dot.RED : Dot.NONE));
        if (counts.repaired() > 0) {
            parts.add(new Part("repaired", counts.repaired(), counts.repaired() + " repaired", Dot.NONE));
        }
        if (counts.awaitingApproval() > 0) {
            parts.add(new Part("awaiting-approval", counts.awaitingApproval(), counts.awaitingApproval() + " awaiting approval",
                    Dot.NONE));
        }
        if (counts.skipped() > 0) {
            parts.add(new Part("skipped", counts.skipped(), counts.skipped() + " skipped", Dot.NONE));
        }
        return parts;
    }
}
