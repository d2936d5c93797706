package io.jenkins.plugins.stackdrift.actions;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.model.Action;
import hudson.model.Job;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import io.jenkins.plugins.stackdrift.history.RunDetails;
import org.kohsuke.stapler.StaplerRequest2;
import org.kohsuke.stapler.StaplerResponse2;
import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;

import io.stackdrift.model.Counts;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.render.JobBadge;
import io.stackdrift.render.JobPage;
import io.stackdrift.render.RenderLimits;
import io.stackdrift.render.RunCounts;
import io.stackdrift.render.StackLinks;

/**
 * The job's drift picture (docs/concepts.md, "What is recorded"): the trend over recent builds (from the small summaries only), the
 * "Recently deployed" trail, and the embeddable badge at the stable URL {@code /job/<name>/stack-drift/badge.svg}.
 * Not persisted: {@link StackDriftJobActionFactory} makes it per request.
 */
@ExportedBean(defaultVisibility = 2)
public final class StackDriftJobAction implements Action {
    static final int TREND_BUILDS = 30;

    private final Job<?, ?> job;

    public StackDriftJobAction(final Job<?, ?> job) {
        this.job = job;
    }

    @Override
    public String getIconFileName() {
        return "symbol-analytics";
    }

    @Override
    public String getDisplayName() {
        return Messages.StackDriftJobAction_displayName();
    }

    @Override
    public String getUrlName() {
        return PageUrls.STACK_DRIFT;
    }

    public Job<?, ?> getJob() {
        return job;
    }

    /**
     * One point per build with Stack Drift data, oldest first by build number (never by a clock); a build with several
     * steps is one point ({@link BuildMerge#ofBuild}). Read from the builds' small summaries only, never a step's details,
     * and kept by {@link TrendCache} until a build of the job completes or is deleted: a page view then reads no build.xml.
     */
    @Exported(visibility = 2)
    public List<TrendPoint> getTrend() {
        return jobTrend().points();
    }

    private JobTrend jobTrend() {
        return TrendCache.trendOf(job, this::readTrend);
    }

    /**
     * The trend as the builds' actions have it: up to {@value #TREND_BUILDS} builds are loaded. A build whose Stack Drift
     * summary Jenkins could not read back from build.xml is left out and named: Jenkins then leaves the summary empty
     * (a step's summary field), or drops the step's action altogether while its details stay in the build directory.
     */
    JobTrend readTrend() {
        List<TrendPoint> points = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        Run<?, ?> build = job.getLastCompletedBuild();
        for (int i = 0; build != null && i < TREND_BUILDS; i++, build = build.getPreviousBuild()) {
            List<StackDriftRunAction> actions = build.getActions(StackDriftRunAction.class);
            if (actions.stream().anyMatch(action -> action.getSummary() == null)
                    || actions.isEmpty() && hasStepDetails(build.getRootDir())) {
                skipped.add("build #" + build.getNumber() + ": its Stack Drift summary in build.xml could not be read"
                        + " (Manage Jenkins \u203A Manage Old Data names the error)");
            } else if (!actions.isEmpty()) {
                points.add(0, new TrendPoint(build.getNumber(), BuildMerge.ofBuild(actions)));
            }
        }
        return new JobTrend(points, skipped);
    }

    /** Stack Drift stored a step's details in this build directory (under a step id, or beside build.xml in old builds). */
    private static boolean hasStepDetails(@CheckForNull final File buildDir) {
        return buildDir != null
                && (new File(buildDir, RunDetails.DIR_NAME).isDirectory() || new File(buildDir, RunDetails.FILE_NAME).isFile());
    }

    /**
     * "Recently deployed": the deploys the job history saved last, newest first, as many as the page shows
     * (docs/concepts.md, "What is recorded"); the rest of the trail file is not read.
     */
    public List<TrailEntry> getTrail() {
        return JobHistory.inJobDir(job.getRootDir()).trail(RenderLimits.DEFAULTS.maxTrailEntries());
    }

    /**
     * The job page section as the core renders it: the drift picture over the trend, the stacks drifted the longest, then "Recently
     * deployed". Every text in it is escaped by the core. Trail entries link nowhere (their stack pages
     * live in the builds that deployed them).
     */
    public String getFragment() {
        List<RunCounts> runs = new ArrayList<>();
        JobTrend trend = jobTrend();
        for (TrendPoint point : trend.points()) {
            runs.add(new RunCounts(Integer.toString(point.getBuild()), point.getSummary().counts()));
        }
        return JobPage.fragment(runs, trend.skipped(), getTrail(), JobHistory.inJobDir(job.getRootDir()).driftAges(),
                StackLinks.under("", "/").onlyFor(List.of()), RenderLimits.DEFAULTS);
    }

    /** The latest summary, for the badge. */
    @CheckForNull
    BuildSummary latest() {
        List<TrendPoint> trend = getTrend();
        return trend.isEmpty() ? null : trend.get(trend.size() - 1).getSummary();
    }

    /** The newest recent build's counts, else the job history's newest run, else nothing checked yet. */
    Counts badgeCounts() {
        BuildSummary summary = latest();
        if (summary != null) {
            return summary.counts();
        }
        File root = job.getRootDir();
        if (root != null && JobHistory.existsIn(root)) {
            return JobHistory.inJobDir(root).latestCounts().orElse(NOTHING);
        }
        return NOTHING;
    }

    private static final Counts NOTHING = new Counts(0, 0, 0, 0, 0, 0, 0);

    /** Serves {@code badge.svg} (the core's job badge) and the core's assets; anything else is not found. */
    // the badge and static files by a fixed name list, read-only; the job above was already checked for Read by Stapler
    @SuppressWarnings({"lgtm[jenkins/no-permission-check]", "lgtm[jenkins/csrf]"})
    public void doDynamic(final StaplerRequest2 req, final StaplerResponse2 rsp) throws IOException {
        if (StaticAssets.serve(req.getRestOfPath(), rsp)) {
            return;
        }
        if (!"/badge.svg".equals(req.getRestOfPath())) {
            rsp.sendError(404);
            return;
        }
        Counts counts = badgeCounts();
        rsp.setContentType("image/svg+xml;charset=UTF-8");
        rsp.setHeader("Cache-Control", "no-cache, private");
        PrintWriter writer = rsp.getWriter();
        writer.print(JobBadge.svg(counts));
        writer.flush();
    }
}
