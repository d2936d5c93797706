package io.stackdrift.render;

import io.stackdrift.model.Counts;

/**
 * The embeddable job badge, shields-style: {@code drift | 2 stacks} on orange, {@code drift | in sync}
 * on green, {@code drift | 1 failed} on red, {@code drift | 1 awaiting approval} on orange, {@code drift | 1 repaired}
 * on teal when a self-heal put the only drift back, {@code drift | 2 destroyed} on grey after a destroy,
 * {@code drift | 1 not deployed} on blue (never green: nothing was compared). The counts include what the history
 * knew of skipped stacks.
 * Served at a stable job URL and by the static report.
 */
public final class JobBadge {
    static final String GREEN = "#2c974b";
    static final String BLUE = "#0969da";
    static final String GREY = "#6e7781";
    private static final String LABEL = "drift";

    private JobBadge() {
    }

    /** The right-hand words of the badge. */
    public static String message(final Counts counts) {
        if (counts.failed() > 0) {
            return counts.failed() + " failed" + (counts.drifted() > 0 ? ", " + Html.plural(counts.drifted(), "stack", "stacks") : "");
        }
        if (counts.drifted() > 0) {
            return Html.plural(counts.drifted(), "stack", "stacks");
        }
        if (counts.destroyed() > 0) {
            return counts.destroyed() + " destroyed";
        }
        if (counts.awaitingApproval() > 0) {
            return counts.awaitingApproval() + " awaiting approval";
        }
        if (counts.pending() > 0) {
            return counts.pending() + " pending";
        }
        if (counts.notDeployed() > 0) {
            // never in sync: nothing was compared, and the next deploy has work to do
            return counts.notDeployed() + " not deployed";
        }
        if (counts.repaired() > 0) {
            return counts.repaired() + " repaired";
        }
        return counts.total() == 0 ? "no stacks" : "in sync";
    }

    static String colour(final Counts counts) {
        if (counts.failed() > 0) {
            return BuildBadge.RED;
        }
        if (counts.drifted() > 0 || counts.awaitingApproval() > 0) {
            return BuildBadge.ORANGE;
        }
        if (counts.destroyed() > 0) {
            return GREY;
        }
        if (counts.pending() > 0 || counts.notDeployed() > 0) {
            return BLUE;
        }
        if (counts.repaired() > 0) {
            return DriftPicture.REPAIRED;
        }
        return counts.total() == 0 ? GREY : GREEN;
    }

    public static String svg(final Counts counts) {
        String message = message(counts);
        int left = TextWidth.of(LABEL) + 12;
        int right = TextWidth.of(message) + 12;
        int width = left + right;
        String label = LABEL + ": " + message;
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + width + "\" height=\"20\" viewBox=\"0 0 " + width
                + " 20\" role=\"img\" aria-label=\"" + label + "\">"
                + "<title>" + label + "</title>"
                + "<linearGradient id=\"sd-badge-shine\" x2=\"0\" y2=\"100%\"><stop offset=\"0\" stop-color=\"#bbb\" stop-opacity=\".1\"/>"
                + "<stop offset=\"1\" stop-opacity=\".1\"/></linearGradient>"
                + "<clipPath id=\"sd-badge-round\"><rect width=\"" + width + "\" height=\"20\" rx=\"3\" fill=\"#fff\"/></clipPath>"
                + "<g clip-path=\"url(#sd-badge-round)\">"
                + "<rect width=\"" + left + "\" height=\"20\" fill=\"#555\"/>"
                + "<rect x=\"" + left + "\" width=\"" + right + "\" height=\"20\" fill=\"" + colour(counts) + "\"/>"
                + "<rect width=\"" + width + "\" height=\"20\" fill=\"url(#sd-badge-shine)\"/></g>"
                + "<g fill=\"#fff\" text-anchor=\"middle\" font-family=\"Verdana,DejaVu Sans,sans-serif\" font-size=\"11\">"
                + text(left / 2.0, LABEL) + text(left + right / 2.0, message) + "</g></svg>";
    }

    private static String text(final double x, final String words) {
        String at = x == Math.rint(x) ? String.valueOf((int) x) : String.valueOf(x);
        return "<text x=\"" + at + "\" y=\"15\" fill=\"#010101\" fill-opacity=\".3\">" + words + "</text>"
                + "<text x=\"" + at + "\" y=\"14\">" + words + "</text>";
    }
}
