package io.jenkins.plugins.stackdrift.actions;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.model.BuildBadgeAction;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.history.RunDetails;
import jenkins.model.RunAction2;
import org.kohsuke.stapler.StaplerRequest2;
import org.kohsuke.stapler.StaplerResponse2;
import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;

import io.stackdrift.model.Row;
import io.stackdrift.model.StackId;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.render.BuildBadge;
import io.stackdrift.render.BuildPage;
import io.stackdrift.render.CountsLine;
import io.stackdrift.render.StackFileName;
import io.stackdrift.render.StackLinks;

/**
 * What one step of a build found (docs/concepts.md, "What is recorded"): its section on the build page, its badge in
 * the build history, and its entry in {@code /api/json}. One per step id, as warnings-ng and coverage keep one
 * result per id: its own URL ({@code stack-drift-<id>}), its own details file ({@link RunDetails#of}) and its own
 * summary, so a check and a deploy, or the shards of {@code parallel} branches, never overwrite each other. Only
 * {@link BuildSummary} and the id are persisted in build.xml; rows and trail are read from the details file on
 * demand.
 */
@ExportedBean(defaultVisibility = 2)
public final class StackDriftRunAction implements RunAction2, BuildBadgeAction, BuildMerge.Step {
    /** The URL of a build recorded before steps had ids, and the start of every step's URL. */
    public static final String URL_NAME = PageUrls.STACK_DRIFT;

    private final BuildSummary summary;
    /** The step's id; null in builds recorded before steps had one (their URL and details file stay as they were). */
    @CheckForNull private final String id;
    /**
     * What the build's steps attached up to this one found together, this one included (each stack once, as the step
     * that finished last saw it): made from their details when this step is attached, while the build runs, so that
     * the job page's trend reads summaries only. Null on a build's first step and in builds recorded before it was kept.
     */
    @CheckForNull private BuildSummary buildSoFar;
    /** How many steps {@link #buildSoFar} merges. */
    private int stepsSoFar;
    private transient Run<?, ?> run;
    private transient RunDetails details;

    /** The action of a step with this id ({@code StepIds} checked it: a URL segment). */
    public StackDriftRunAction(final String id, final BuildSummary summary) {
        this.id = id;
        this.summary = summary;
    }

    @Override
    public void onAttached(final Run<?, ?> r) {
        attach(r);
        List<StackDriftRunAction> steps = new ArrayList<>(r.getActions(StackDriftRunAction.class));
        if (!steps.contains(this)) {
            steps.add(this);
        }
        if (steps.size() > 1) {
            // the steps' details are read here, once per step while the build runs, and never when a page shows the build
            BuildSummary merged = BuildMerge.mergedFromDetails(steps);
            synchronized (this) {
                buildSoFar = merged;
                stepsSoFar = steps.size();
            }
        }
    }

    @Override
    public void onLoad(final Run<?, ?> r) {
        attach(r);
    }

    private synchronized void attach(final Run<?, ?> r) {
        this.run = r;
        this.details = RunDetails.of(r.getRootDir(), getId());
    }

    /**
     * No side-panel link of its own: the build's one Stack Drift tab ({@link StackDriftTab}) lists its steps. A build
     * recorded before steps had ids keeps its link (it has no tab).
     */
    @Override
    public String getIconFileName() {
        return id == null ? "symbol-analytics" : null;
    }

    @Override
    public String getDisplayName() {
        return id == null ? Messages.StackDriftRunAction_displayName() : Messages.StackDriftRunAction_displayNameWithId(id);
    }

    /** The step's id (the {@code id} parameter, else the step's word: check, deploy, destroy, preview); empty in old builds. */
    @Exported(visibility = 2)
    public String getId() {
        return id == null ? "" : id;
    }

    @Override
    public String getUrlName() {
        return PageUrls.ofStep(getId());
    }

    @Override
    public BuildSummary getSummary() {
        return summary;
    }

    @Override
    public synchronized Optional<BuildSummary> buildSummaryOf(final int steps) {
        return buildSoFar != null && stepsSoFar == steps ? Optional.of(buildSoFar) : Optional.empty();
    }

    public synchronized Run<?, ?> getRun() {
        return run;
    }

    @Exported(visibility = 2)
    public String getKind() {
        return summary.getKind();
    }

    @Exported(visibility = 2)
    public int getTotal() {
        return summary.getTotal();
    }

    @Exported(visibility = 2)
    public int getInSync() {
        return summary.getInSync();
    }

    @Exported(visibility = 2)
    public int getDrifted() {
        return summary.getDrifted();
    }

    @Exported(visibility = 2)
    public int getPending() {
        return summary.getPending();
    }

    @Exported(visibility = 2)
    public int getFailed() {
        return summary.getFailed();
    }

    @Exported(visibility = 2)
    public int getSkipped() {
        return summary.getSkipped();
    }

    @Exported(visibility = 2)
    public int getAwaitingApproval() {
        return summary.getAwaitingApproval();
    }

    /** Stacks whose drift the run put back (mode correct). */
    @Exported(visibility = 2)
    public int getRepaired() {
        return summary.getRepaired();
    }

    @Exported(visibility = 2)
    public List<String> getDriftedStacks() {
        return summary.getDriftedIds();
    }

    @Exported(visibility = 2)
    public List<String> getFailedStacks() {
        return summary.getFailedIds();
    }

    public String getCountsLine() {
        return summary.countsLine();
    }

    /** The counts line as the core renders it (numbers and fixed words only), for the build's main page. */
    public String getCountsHtml() {
        return CountsLine.html(summary.counts());
    }

    /** The badge shows only when something needs attention. */
    public boolean isBadgeShown() {
        return getBadgeWords() != null;
    }

    /**
     * The core's build badge words ("2 stacks drifted, 1 failed"), after the step's id ("deploy: 1 stack failed": a
     * build with several steps has a badge per step); null when there is nothing to say.
     */
    @CheckForNull
    public String getBadgeWords() {
        return BuildBadge.words(summary.counts()).map(words -> id == null ? words : id + ": " + words).orElse(null);
    }

    /**
     * The build page section as the core renders it (counts line, then the table of rows with links to the
     * stack pages); every text in it is escaped by the core. Reads the details file.
     */
    public String getBuildFragment() {
        Optional<RunRecord> record = record();
        if (record.isEmpty()) {
            return CountsLine.html(summary.counts());
        }
        return BuildPage.fragment(record.get(), StackLinks.under("stack/", "/").onlyFor(stackIds()));
    }

    /** {@code stack/<name>/}: the page of one stack of this build, by its core file name; null (404) when unknown. */
    @CheckForNull
    public StackView getStack(final String name) {
        List<Row> rows = getRows();
        for (Row row : rows) {
            if (StackFileName.of(row.id()).equals(name)) {
                Set<StackId> ids = new TreeSet<>();
                rows.forEach(r -> ids.add(r.id()));
                return new StackView(getRun(), getUrlName(), row, ids);
            }
        }
        return null;
    }

    /** Serves {@code assets/stackdrift.css} and {@code assets/stackdrift.js}; anything else is not found. */
    // two static files by a fixed name list, read-only; the build page above was already checked for Read by Stapler
    @SuppressWarnings({"lgtm[jenkins/no-permission-check]", "lgtm[jenkins/csrf]"})
    public void doDynamic(final StaplerRequest2 req, final StaplerResponse2 rsp) throws IOException {
        if (!StaticAssets.serve(req.getRestOfPath(), rsp)) {
            rsp.sendError(404);
        }
    }

    public Set<StackId> stackIds() {
        Set<StackId> ids = new TreeSet<>();
        getRows().forEach(row -> ids.add(row.id()));
        return ids;
    }

    /** Rows for the build page, read from the details file (empty when it is gone). */
    public List<Row> getRows() {
        return record().map(RunRecord::rowsSorted).orElse(List.of());
    }

    public List<TrailEntry> getTrail() {
        return record().map(RunRecord::trail).orElse(List.of());
    }

    @Override
    public synchronized Optional<RunRecord> record() {
        return details == null ? Optional.empty() : details.load();
    }
}
