package io.stackdrift.render;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

/**
 * "Recently deployed": the trail, newest first. Each entry shows the stack, when, and how it ended in the
 * same words as the text output — a repair says it put back what changed outside the code (or, when only
 * outputs that read other stacks drifted, that it took the new value of their outputs), lists the restored paths
 * and says how long after the drift was found it came; rehearsals say "rehearsal", no-op deploys "nothing
 * to deploy", failures "failed"; a destroy says "destroyed", or "nothing to destroy" when its preview found
 * nothing (its failures, interruptions and rehearsals use the deploy words, with a reason that says destroy).
 */
public final class RecentlyDeployed {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private RecentlyDeployed() {
    }

    public static String html(final List<TrailEntry> trail, final StackLinks links) {
        return html(trail, links, RenderLimits.DEFAULTS);
    }

    /**
     * @param trail deploys in any order; shown newest first (by finish time, else start time)
     * @param links where stack pages are, relative to this page
     */
    public static String html(final List<TrailEntry> trail, final StackLinks links, final RenderLimits limits) {
        StringBuilder out = new StringBuilder("<section class=\"sd sd-trail\">\n<h2 class=\"sd-heading\">Recently deployed</h2>\n");
        if (trail.isEmpty()) {
            return out.append("<p class=\"sd-empty\">Nothing deployed yet.</p>\n</section>\n").toString();
        }
        List<TrailEntry> newestFirst = trail.stream().sorted(Comparator.comparingLong(RecentlyDeployed::when).reversed()).toList();
        out.append("<ol class=\"sd-trail-list\">\n");
        for (TrailEntry entry : newestFirst.subList(0, Math.min(newestFirst.size(), limits.maxTrailEntries()))) {
            appendEntry(out, entry, links, limits);
        }
        out.append("</ol>\n");
        if (newestFirst.size() > limits.maxTrailEntries()) {
            out.append("<p class=\"sd-note\">").append(newestFirst.size() - limits.maxTrailEntries())
                    .append(" older deploys not shown.</p>\n");
        }
        return out.append("</section>\n").toString();
    }

    /** The words for how one deploy ended. */
    static String words(final TrailEntry entry) {
        if (entry.result() == TrailResult.DEPLOYED && entry.repairedDrift()) {
            // stack ids of the stacks whose outputs it took are text from the configuration and references
            return Html.text(entry.repairWords());
        }
        return entry.result().word();
    }

    private static long when(final TrailEntry entry) {
        return entry.finishedAt() > 0 ? entry.finishedAt() : entry.startedAt();
    }

    private static void appendEntry(final StringBuilder out, final TrailEntry entry, final StackLinks links,
            final RenderLimits limits) {
        String result = entry.result().name().toLowerCase(Locale.ROOT).replace('_', '-');
        boolean repair = entry.result() == TrailResult.DEPLOYED && entry.repairedDrift();
        out.append("<li class=\"sd-trail-entry sd-trail-").append(repair ? "repaired" : result).append("\">")
                .append("<div class=\"sd-trail-top\">").append(links.anchor(entry.stack(), "sd-trail-stack")).append(' ')
                .append("<span class=\"sd-trail-result\">").append(words(entry)).append("</span></div>")
                .append("<div class=\"sd-trail-meta\"><time datetime=\"").append(Instant.ofEpochMilli(when(entry)))
                .append("\">").append(WHEN.format(Instant.ofEpochMilli(when(entry)))).append("</time>")
                .append(" \u00B7 run ").append(Html.text(entry.runId()));
        if (repair) {
            entry.timeToRepair().ifPresent(took -> out.append(" \u00B7 <span class=\"sd-time-to-repair\">")
                    .append(DriftAges.words(took)).append(" after the drift was found</span>"));
        }
        out.append("</div>");
        if (!entry.reason().isEmpty()
                && (entry.result() == TrailResult.FAILED || entry.result() == TrailResult.INTERRUPTED)) {
            out.append("<div class=\"sd-trail-reason\">").append(Html.text(entry.reason())).append("</div>");
        }
        if (repair && !entry.restoredPaths().isEmpty()) {
            out.append("<ul class=\"sd-paths sd-restored\" aria-label=\"restored paths\">");
            Html.appendPathItems(out, entry.restoredPaths(), limits);
            out.append("</ul>");
        }
        out.append("</li>\n");
    }
}
