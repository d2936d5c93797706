package io.stackdrift.render;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.ToIntFunction;

import io.stackdrift.model.Counts;

/**
 * The job page's drift picture: one stacked bar per run (oldest left) of in sync / repaired / pending / drifted /
 * failed stacks. It reads without colour: each state has its own fill pattern, a legend names them,
 * the newest bar is labelled directly, every bar has a tooltip, and {@link #table} gives the same
 * numbers as an HTML table.
 */
public final class DriftPicture {
    private static final int WIDTH = 720;
    private static final int HEIGHT = 240;
    private static final int LEFT = 40;
    private static final int RIGHT = 130;
    private static final int TOP = 40;
    private static final int BOTTOM = 200;
    /** Teal: put back, so neither the green of in sync nor the orange of drift. */
    static final String REPAIRED = "#1b7c83";

    private DriftPicture() {
    }

    /** A series of the picture, bottom to top. */
    private record Series(String key, String words, String colour, ToIntFunction<RunCounts> value) {
    }

    private static final List<Series> SERIES = List.of(
            new Series("in-sync", "in sync", "#2c974b", r -> r.counts().inSync()),
            new Series("repaired", "repaired", REPAIRED, r -> r.counts().repaired()),
            new Series("pending", "pending", "#0969da", RunCounts::pendingOnly),
            new Series("drifted", "drifted", BuildBadge.ORANGE, r -> r.counts().drifted()),
            new Series("failed", "failed", BuildBadge.RED, r -> r.counts().failed()),
            new Series("other", "skipped, awaiting or destroyed", "#8c959f", RunCounts::other));

    /** The picture and its text alternative, as one HTML fragment. */
    public static String html(final List<RunCounts> runs) {
        return html(runs, RenderLimits.DEFAULTS);
    }

    public static String html(final List<RunCounts> runs, final RenderLimits limits) {
        return html(runs, List.of(), limits);
    }

    /**
     * @param runs    oldest first by run number
     * @param skipped runs left out because their summary could not be read, one line each: named under the heading
     */
    public static String html(final List<RunCounts> runs, final List<String> skipped, final RenderLimits limits) {
        StringBuilder out = new StringBuilder("<section class=\"sd sd-picture\">\n<h2 class=\"sd-heading\">Drift picture</h2>\n")
                .append(skipped(skipped));
        if (runs.isEmpty()) {
            return out.append("<p class=\"sd-empty\">No runs recorded yet.</p>\n</section>\n").toString();
        }
        out.append("<figure class=\"sd-figure\">").append(svg(runs, limits)).append("</figure>\n")
                .append("<details class=\"sd-picture-table\"><summary>The same as a table</summary>\n")
                .append(table(runs, limits)).append("</details>\n</section>\n");
        return out.toString();
    }

    public static String svg(final List<RunCounts> runs) {
        return svg(runs, RenderLimits.DEFAULTS);
    }

    /**
     * @param runs oldest first; only the newest {@link RenderLimits#maxTrendRuns()} are drawn
     */
    public static String svg(final List<RunCounts> runs, final RenderLimits limits) {
        List<RunCounts> shown = newest(runs, limits);
        StringBuilder out = new StringBuilder(4096);
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"sd-trend\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
                .append("\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
                .append("\" role=\"img\" aria-labelledby=\"sd-trend-title sd-trend-desc\">")
                .append("<title id=\"sd-trend-title\">Drift over the last ").append(Html.plural(shown.size(), "run", "runs"))
                        .append("</title>")
                .append("<desc id=\"sd-trend-desc\">").append(Html.xml(description(shown))).append("</desc>");
        appendPatterns(out);
        out.append("<g font-family=\"system-ui,-apple-system,Segoe UI,Roboto,sans-serif\" font-size=\"12\" fill=\"#1f2328\">");
        appendLegend(out);
        if (shown.isEmpty()) {
            return out.append("<text x=\"").append(LEFT).append("\" y=\"120\">No runs recorded yet.</text></g></svg>").toString();
        }
        int max = Math.max(1, shown.stream().mapToInt(r -> r.counts().total()).max().orElse(1));
        double plot = BOTTOM - TOP;
        out.append("<line class=\"sd-axis\" x1=\"").append(LEFT).append("\" y1=\"").append(BOTTOM).append("\" x2=\"").append(WIDTH - RIGHT)
                .append("\" y2=\"").append(BOTTOM).append("\" stroke=\"#8c959f\"/>")
                .append("<line class=\"sd-grid\" x1=\"").append(LEFT).append("\" y1=\"").append(TOP).append("\" x2=\"")
                        .append(WIDTH - RIGHT)
                .append("\" y2=\"").append(TOP).append("\" stroke=\"#d0d7de\" stroke-dasharray=\"3 3\"/>")
                .append("<text x=\"").append(LEFT - 6).append("\" y=\"").append(TOP + 4).append("\" text-anchor=\"end\">").append(max)
                        .append("</text>")
                .append("<text x=\"").append(LEFT - 6).append("\" y=\"").append(BOTTOM + 4).append("\" text-anchor=\"end\">0</text>");
        double step = (double) (WIDTH - RIGHT - LEFT) / Math.max(shown.size(), 1);
        double barWidth = Math.min(36, step * 0.72);
        int labelEvery = Math.max(1, (int) Math.ceil(shown.size() / 12.0));
        for (int i = 0; i < shown.size(); i++) {
            RunCounts run = shown.get(i);
            double x = LEFT + i * step + (step - barWidth) / 2;
            out.append("<g class=\"sd-bar\"><title>").append(Html.xml(tooltip(run))).append("</title>");
            double y = BOTTOM;
            boolean newest = i == shown.size() - 1;
            List<String> directLabels = new ArrayList<>();
            for (Series series : SERIES) {
                int value = series.value.applyAsInt(run);
                if (value == 0) {
                    continue;
                }
                double h = plot * value / max;
                y -= h;
                out.append("<rect class=\"sd-seg sd-seg-").append(series.key).append("\" x=\"").append(fmt(x)).append("\" y=\"")
                        .append(fmt(y))
                        .append("\" width=\"").append(fmt(barWidth)).append("\" height=\"").append(fmt(h))
                        .append("\" fill=\"url(#sd-pat-").append(series.key).append(")\" stroke=\"").append(series.colour)
                        .append("\" stroke-width=\"1\"/>");
                if (newest) {
                    directLabels.add(fmt(y + h / 2) + "|" + value + " " + series.words);
                }
            }
            out.append("</g>");
            if (i % labelEvery == 0 || newest) {
                out.append("<text x=\"").append(fmt(x + barWidth / 2)).append("\" y=\"").append(BOTTOM + 16)
                        .append("\" text-anchor=\"middle\" fill=\"#59636e\" font-size=\"11\">#").append(Html.xml(shortId(run.runId())))
                                .append("</text>");
            }
            if (newest) {
                appendDirectLabels(out, x + barWidth + 8, directLabels);
            }
        }
        return out.append("</g></svg>").toString();
    }

    /** The same numbers as an HTML table, newest run first. */
    public static String table(final List<RunCounts> runs, final RenderLimits limits) {
        List<RunCounts> shown = new ArrayList<>(newest(runs, limits));
        Collections.reverse(shown);
        StringBuilder out = new StringBuilder("<table class=\"sd-table sd-trend-table\">\n<thead><tr><th scope=\"col\">Run</th>")
                .append("<th scope=\"col\" class=\"sd-num\">Stacks</th><th scope=\"col\" class=\"sd-num\">In sync</th>")
                .append("<th scope=\"col\" class=\"sd-num\">Drifted</th><th scope=\"col\" class=\"sd-num\">Pending</th>")
                .append("<th scope=\"col\" class=\"sd-num\">Failed</th><th scope=\"col\" class=\"sd-num\">Repaired</th>")
                .append("</tr></thead>\n<tbody>\n");
        for (RunCounts run : shown) {
            Counts c = run.counts();
            out.append("<tr><th scope=\"row\">#").append(Html.text(run.runId())).append("</th><td class=\"sd-num\">").append(c.total())
                    .append("</td><td class=\"sd-num\">").append(c.inSync()).append("</td><td class=\"sd-num\">").append(c.drifted())
                    .append("</td><td class=\"sd-num\">").append(c.pending()).append("</td><td class=\"sd-num\">").append(c.failed())
                    .append("</td><td class=\"sd-num\">").append(c.repaired()).append("</td></tr>\n");
        }
        return out.append("</tbody>\n</table>\n").toString();
    }

    /** The runs left out, named with why; nothing when every summary was read. */
    static String skipped(final List<String> skipped) {
        if (skipped.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("<div class=\"sd-trend-skipped sd-muted\"><p>The picture leaves out ")
                .append(Html.plural(skipped.size(), "run", "runs")).append(" whose summary could not be read:</p><ul>");
        skipped.forEach(line -> out.append("<li>").append(Html.text(line)).append("</li>"));
        return out.append("</ul></div>\n").toString();
    }

    private static List<RunCounts> newest(final List<RunCounts> runs, final RenderLimits limits) {
        return runs.subList(Math.max(0, runs.size() - limits.maxTrendRuns()), runs.size());
    }

    private static void appendPatterns(final StringBuilder out) {
        out.append("<defs>")
                .append(pattern("in-sync", "#2c974b", "<rect width=\"8\" height=\"8\" fill=\"#2c974b\" fill-opacity=\".55\"/>"))
                .append(pattern("repaired", REPAIRED, "<rect width=\"8\" height=\"8\" fill=\"#d8f3f1\"/>"
                        + "<path d=\"M0,6 H8 M0,2 H8\" stroke=\"" + REPAIRED + "\" stroke-width=\"1.2\"/>"))
                .append(pattern("pending", "#0969da",
                        "<rect width=\"8\" height=\"8\" fill=\"#ddf4ff\"/><circle cx=\"4\" cy=\"4\" r=\"1.6\" fill=\"#0969da\"/>"))
                .append(pattern("drifted", BuildBadge.ORANGE, "<rect width=\"8\" height=\"8\" fill=\"#fff1e5\"/>"
                        + "<path d=\"M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4\" stroke=\"" + BuildBadge.ORANGE + "\" stroke-width=\"2\"/>"))
                .append(pattern("failed", BuildBadge.RED, "<rect width=\"8\" height=\"8\" fill=\"" + BuildBadge.RED + "\"/>"
                        + "<path d=\"M0,0 L8,8 M8,0 L0,8\" stroke=\"#fff\" stroke-width=\"1.2\"/>"))
                .append(pattern("other", "#8c959f", "<rect width=\"8\" height=\"8\" fill=\"#eaeef2\"/>"
                        + "<path d=\"M0,4 H8\" stroke=\"#8c959f\" stroke-width=\"1\"/>"))
                .append("</defs>");
    }

    private static String pattern(final String key, final String colour, final String body) {
        return "<pattern id=\"sd-pat-" + key + "\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" data-colour=\"" + colour + "\">"
                + body + "</pattern>";
    }

    private static void appendLegend(final StringBuilder out) {
        int x = LEFT;
        for (Series series : SERIES) {
            out.append("<rect x=\"").append(x).append("\" y=\"10\" width=\"14\" height=\"14\" fill=\"url(#sd-pat-").append(series.key)
                    .append(")\" stroke=\"").append(series.colour).append("\"/>")
                    .append("<text x=\"").append(x + 19).append("\" y=\"21\">").append(series.words).append("</text>");
            x += 19 + TextWidth.of(series.words) + 18;
        }
    }

    /** Labels beside the newest bar, pushed apart so they never overlap. */
    private static void appendDirectLabels(final StringBuilder out, final double x, final List<String> labels) {
        double lastY = Double.MAX_VALUE;
        for (String label : labels) {
            int bar = label.indexOf('|');
            double y = Math.min(Double.parseDouble(label.substring(0, bar)) + 4, lastY - 14);
            lastY = y;
            out.append("<text class=\"sd-direct-label\" x=\"").append(fmt(x)).append("\" y=\"").append(fmt(y)).append("\">")
                    .append(label.substring(bar + 1)).append("</text>");
        }
    }

    private static String description(final List<RunCounts> shown) {
        if (shown.isEmpty()) {
            return "No runs recorded yet.";
        }
        RunCounts newest = shown.get(shown.size() - 1);
        return "Stacked bars of in sync, repaired, pending, drifted and failed stacks, one bar per run, oldest on the left. Newest: "
                + tooltip(newest) + ".";
    }

    private static String tooltip(final RunCounts run) {
        Counts c = run.counts();
        return "Run #" + run.runId() + ": " + Html.plural(c.total(), "stack", "stacks") + ", " + c.inSync() + " in sync, "
                + c.drifted() + " drifted, " + c.pending() + " pending, " + c.failed() + " failed"
                + (c.repaired() > 0 ? ", " + c.repaired() + " repaired" : "")
                + (c.destroyed() > 0 ? ", " + c.destroyed() + " destroyed" : "");
    }

    private static String shortId(final String runId) {
        return runId.length() <= 8 ? runId : runId.substring(runId.length() - 8);
    }

    private static String fmt(final double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
