package io.stackdrift.render;

import java.util.List;
import java.util.Map;

import io.stackdrift.model.DriftAge;
import io.stackdrift.model.StackId;
import io.stackdrift.record.TrailEntry;

/** The job page section: the drift picture, the stacks drifted the longest, then "Recently deployed". */
public final class JobPage {
    private JobPage() {
    }

    /**
     * @param runs  the job's runs, oldest first
     * @param trail the deploys of those runs, any order
     * @param links where stack pages are, relative to the job page
     */
    public static String fragment(final List<RunCounts> runs, final List<TrailEntry> trail, final StackLinks links) {
        return fragment(runs, trail, Map.of(), links, RenderLimits.DEFAULTS);
    }

    public static String fragment(final List<RunCounts> runs, final List<TrailEntry> trail, final StackLinks links,
            final RenderLimits limits) {
        return fragment(runs, trail, Map.of(), links, limits);
    }

    /**
     * @param drifted the age of every stack drifted now (the stack index's drift ages); listed longest first
     */
    public static String fragment(final List<RunCounts> runs, final List<TrailEntry> trail, final Map<StackId, DriftAge> drifted,
            final StackLinks links, final RenderLimits limits) {
        return fragment(runs, List.of(), trail, drifted, links, limits);
    }

    /**
     * @param runs    the job's runs, oldest first by run number
     * @param skipped the runs left out of the picture because their summary could not be read, one line each (where
     *                it is, and why in words that quote nothing from it): the picture names them
     */
    public static String fragment(final List<RunCounts> runs, final List<String> skipped, final List<TrailEntry> trail,
            final Map<StackId, DriftAge> drifted, final StackLinks links, final RenderLimits limits) {
        return "<div class=\"sd sd-job\">\n" + DriftPicture.html(runs, skipped, limits) + DriftAges.html(drifted, links, limits)
                + RecentlyDeployed.html(trail, links, limits) + "</div>\n";
    }
}
