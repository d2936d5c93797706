package io.stackdrift.render;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import io.stackdrift.model.DriftAge;
import io.stackdrift.model.StackId;

/**
 * How long stacks have drifted, in words: "drifted since 2026-11-28 09:00 UTC (3 checks)" on a stack page, the job
 * page's list of drifted stacks (longest first), and the time a repair took to come.
 */
public final class DriftAges {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private DriftAges() {
    }

    /** {@code <time datetime="2026-11-28T09:00:00Z">2026-11-28 09:00 UTC</time>}. */
    static String when(final long epochMillis) {
        Instant at = Instant.ofEpochMilli(epochMillis);
        return "<time datetime=\"" + at + "\">" + WHEN.format(at) + "</time>";
    }

    /** {@code drifted since <time>2026-11-28 09:00 UTC</time> (3 checks)}; the age must be present. */
    static String since(final DriftAge age) {
        Instant since = Instant.ofEpochMilli(age.since());
        return "drifted since <time datetime=\"" + since + "\">" + WHEN.format(since) + "</time> ("
                + Html.plural(age.checks(), "check", "checks") + ")";
    }

    /** {@code drift first seen <time>2026-11-28 09:00 UTC</time> (3 checks), put back in this run}: a repaired row's age. */
    static String firstSeen(final DriftAge age, final String repairWords) {
        Instant since = Instant.ofEpochMilli(age.since());
        return "drift first seen <time datetime=\"" + since + "\">" + WHEN.format(since) + "</time> ("
                + Html.plural(age.checks(), "check", "checks") + "); " + repairWords + " in this run";
    }

    /** A duration the way a person says it: "3 days 4 h", "2 h 5 min", "12 min", "under a minute". */
    static String words(final Duration d) {
        if (d.toDays() > 0) {
            return Html.plural((int) d.toDays(), "day", "days") + (d.toHoursPart() > 0 ? " " + d.toHoursPart() + " h" : "");
        }
        if (d.toHours() > 0) {
            return d.toHours() + " h" + (d.toMinutesPart() > 0 ? " " + d.toMinutesPart() + " min" : "");
        }
        return d.toMinutes() > 0 ? d.toMinutes() + " min" : "under a minute";
    }

    /**
     * The job page section "Drifted the longest": every stack drifted now, the one that has drifted longest first;
     * nothing when no stack drifts.
     *
     * @param drifted each drifted stack's age (ages that are not present are left out)
     * @param links   where stack pages are, relative to the page
     */
    public static String html(final Map<StackId, DriftAge> drifted, final StackLinks links, final RenderLimits limits) {
        List<Map.Entry<StackId, DriftAge>> oldestFirst = drifted.entrySet().stream().filter(e -> e.getValue().isPresent())
                .sorted(Comparator.comparingLong((Map.Entry<StackId, DriftAge> e) -> e.getValue().since())
                        .thenComparing(Map.Entry::getKey))
                .toList();
        if (oldestFirst.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("<section class=\"sd sd-drift-ages\">\n<h2 class=\"sd-heading\">Drifted the longest</h2>\n")
                .append("<ol class=\"sd-age-list\">\n");
        int shown = Math.min(oldestFirst.size(), limits.maxTrailEntries());
        for (Map.Entry<StackId, DriftAge> e : oldestFirst.subList(0, shown)) {
            out.append("<li class=\"sd-age-entry\">").append(links.anchor(e.getKey(), "sd-age-stack")).append(' ')
                    .append("<span class=\"sd-age-since\">").append(since(e.getValue())).append("</span></li>\n");
        }
        out.append("</ol>\n");
        if (oldestFirst.size() > shown) {
            out.append("<p class=\"sd-note\">").append(oldestFirst.size() - shown).append(" more drifted stacks not shown.</p>\n");
        }
        return out.append("</section>\n").toString();
    }
}
