package io.jenkins.plugins.stackdrift.actions;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.model.Action;
import hudson.model.Job;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import org.kohsuke.stapler.StaplerRequest2;
import org.kohsuke.stapler.StaplerResponse2;
import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;

import io.stackdrift.model.Counts;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.RunRecord;
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
        return StackDriftRunAction.URL_NAME;
    }

    public Job<?, ?> getJob() {
        return job;
    }

    /**
     * One point per build with Stack Drift data, oldest first; a build with several steps is one point ({@link #ofBuild}).
     * Reads the builds' small summaries only, never a step's details.
     */
    @Exported(visibility = 2)
    public List<TrendPoint> getTrend() {
        List<TrendPoint> points = new ArrayList<>();
        Run<?, ?> build = job.getLastCompletedBuild();
        for (int i = 0; build != null && i < TREND_BUILDS; i++, build = build.getPreviousBuild()) {
            List<StackDriftRunAction> actions = build.getActions(StackDriftRunAction.class);
            if (!actions.isEmpty()) {
                points.add(0, new TrendPoint(build.getNumber(), ofBuild(actions)));
            }
        }
        return points;
    }

    /**
     * What a build's steps found together, from summaries only: the one step's summary, else the merge the step
     * attached last made of them all ({@link #mergedFromDetails}, kept in build.xml). A build recorded before that
     * merge was kept adds its steps' counts up (a stack two steps saw counts twice there).
     */
    static BuildSummary ofBuild(final List<StackDriftRunAction> actions) {
        if (actions.size() == 1) {
            return actions.get(0).getSummary();
        }
        for (StackDriftRunAction action : actions) {
            Optional<BuildSummary> all = action.buildSummaryOf(actions.size());
            if (all.isPresent()) {
                return all.get();
            }
        }
        return added(actions);
    }

    /**
     * What a build's steps found together: each stack once, as the step that finished last saw it (a check then a
     * deploy of the same stacks counts each stack once, in its deployed state; shards of parallel branches add
     * up). Reads every step's details file, so only a step being attached calls it ({@link StackDriftRunAction#onAttached});
     * when one is gone, the counts are added up.
     */
    static BuildSummary mergedFromDetails(final List<StackDriftRunAction> actions) {
        List<StackDriftRunAction> byFinish = new ArrayList<>(actions);
        byFinish.sort(Comparator.comparingLong(a -> a.getSummary().getFinishedAt()));
        Map<StackId, Row> rows = new TreeMap<>();
        for (StackDriftRunAction action : byFinish) {
            Optional<RunRecord> record = action.record();
            if (record.isEmpty()) {
                return added(actions);
            }
            record.get().rows().forEach(row -> rows.put(row.id(), row));
        }
        List<String> drifted = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (Row row : rows.values()) {
            if (row.state().hasDrift()) {
                drifted.add(row.id().value());
            } else if (row.state() == RowState.FAILED) {
                failed.add(row.id().value());
            }
        }
        Span span = Span.of(byFinish);
        return new BuildSummary(span.kind(), span.started(), span.finished(), Counts.of(rows.values()), drifted, failed);
    }

    /** The steps' counts added up, without ids. */
    private static BuildSummary added(final List<StackDriftRunAction> actions) {
        List<StackDriftRunAction> byFinish = new ArrayList<>(actions);
        byFinish.sort(Comparator.comparingLong(a -> a.getSummary().getFinishedAt()));
        Span span = Span.of(byFinish);
        return new BuildSummary(span.kind(), span.started(), span.finished(), sum(byFinish), List.of(), List.of());
    }

    /** The kinds of a build's steps in the order they finished, and the time from the first start to the last finish. */
    private record Span(String kind, long started, long finished) {
        static Span of(final List<StackDriftRunAction> byFinish) {
            Set<String> kinds = new LinkedHashSet<>();
            long started = Long.MAX_VALUE;
            long finished = Long.MIN_VALUE;
            for (StackDriftRunAction action : byFinish) {
                BuildSummary summary = action.getSummary();
                kinds.add(summary.getKind());
                started = Math.min(started, summary.getStartedAt());
                finished = Math.max(finished, summary.getFinishedAt());
            }
            return new Span(String.join(", ", kinds), started, finished);
        }
    }

    private static Counts sum(final List<StackDriftRunAction> actions) {
        int[] c = new int[8];
        for (StackDriftRunAction action : actions) {
            Counts n = action.getSummary().counts();
            int[] add = {n.total(), n.inSync(), n.drifted(), n.pending(), n.failed(), n.skipped(), n.awaitingApproval(), n.repaired()};
            for (int i = 0; i < c.length; i++) {
                c[i] += add[i];
            }
        }
        return new Counts(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]);
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
        for (TrendPoint point : getTrend()) {
            runs.add(new RunCounts(Integer.toString(point.getBuild()), point.getSummary().counts()));
        }
        return JobPage.fragment(runs, getTrail(), JobHistory.inJobDir(job.getRootDir()).driftAges(),
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

    /** One build in the trend. */
    @ExportedBean(defaultVisibility = 3)
    public static final class TrendPoint {
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
}
