package io.stackdrift.render;

import java.util.List;

import io.stackdrift.record.TrailEntry;

/** The job page section: the drift picture, then "Recently deployed". */
public final class JobPage {
    private JobPage() {
    }

    /**
     * @param runs  the job's runs, oldest first
     * @param trail the deploys of those runs, any order
     * @param links where stack pages are, relative to the job page
     */
    public static String fragment(final List<RunCounts> runs, final List<TrailEntry> trail, final StackLinks links) {
        return fragment(runs, trail, links, RenderLimits.DEFAULTS);
    }

    public static String fragment(final List<RunCounts> runs, final List<TrailEntry> trail, final StackLinks links,
            final RenderLimits limits) {
        return "<div class=\"sd sd-job\">\n" + DriftPicture.html(runs, limits) + RecentlyDeployed.html(trail, links, limits) + "</div>\n";
    }
}
