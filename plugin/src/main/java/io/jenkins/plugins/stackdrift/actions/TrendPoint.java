package io.jenkins.plugins.stackdrift.actions;

import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;

/** One build in the job's trend: its number and what its steps found together. */
@ExportedBean(defaultVisibility = 3)
public final class TrendPoint {
    private final int build;
    private final BuildSummary summary;

    TrendPoint(final int build, final BuildSummary summary) {
        this.build = build;
        this.summary = summary;
    }

    @Exported(visibility = 3)
    public int getBuild() {
        return build;
    }

    /** Inline: the summary's fields are written at the point's depth, so the job's default {@code /api/json} has them. */
    @Exported(visibility = 3, inline = true)
    public BuildSummary getSummary() {
        return summary;
    }
}
