package io.jenkins.plugins.stackdrift;

import java.util.List;

import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;

import hudson.model.BuildBadgeAction;
import hudson.model.Run;
import io.stackdrift.model.Row;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import jenkins.model.RunAction2;

/**
 * What one build found (spec §8): the build page section, the badge in the build history, and
 * {@code /api/json}. Only {@link RunSummary} is persisted in build.xml; rows and trail are read from the
 * details file on demand.
 */
@ExportedBean
public final class StackDriftRunAction implements RunAction2, BuildBadgeAction {
    static final String URL_NAME = "stack-drift";

    private final RunSummary summary;
    private transient Run<?, ?> run;
    private transient RunDetails details;

    public StackDriftRunAction(final RunSummary summary) {
        this.summary = summary;
    }

    @Override
    public void onAttached(final Run<?, ?> r) {
        attach(r);
    }

    @Override
    public void onLoad(final Run<?, ?> r) {
        attach(r);
    }

    private synchronized void attach(final Run<?, ?> r) {
        this.run = r;
        this.details = new RunDetails(r.getRootDir());
    }

    @Override
    public String getIconFileName() {
        return "symbol-analytics";
    }

    @Override
    public String getDisplayName() {
        return Messages.StackDriftRunAction_displayName();
    }

    @Override
    public String getUrlName() {
        return URL_NAME;
    }

    public RunSummary getSummary() {
        return summary;
    }

    public synchronized Run<?, ?> getRun() {
        return run;
    }

    @Exported
    public String getKind() {
        return summary.getKind();
    }

    @Exported
    public int getTotal() {
        return summary.getTotal();
    }

    @Exported
    public int getInSync() {
        return summary.getInSync();
    }

    @Exported
    public int getDrifted() {
        return summary.getDrifted();
    }

    @Exported
    public int getPending() {
        return summary.getPending();
    }

    @Exported
    public int getFailed() {
        return summary.getFailed();
    }

    @Exported
    public int getSkipped() {
        return summary.getSkipped();
    }

    @Exported
    public int getAwaitingApproval() {
        return summary.getAwaitingApproval();
    }

    @Exported
    public List<String> getDriftedStacks() {
        return summary.getDriftedIds();
    }

    @Exported
    public List<String> getFailedStacks() {
        return summary.getFailedIds();
    }

    public String getCountsLine() {
        return summary.countsLine();
    }

    /** The badge shows only when something needs attention. */
    public boolean isBadgeShown() {
        return summary.getDrifted() > 0 || summary.getFailed() > 0;
    }

    /** Rows for the build page, read from the details file (empty when it is gone). */
    public List<Row> getRows() {
        return record().map(RunRecord::rowsSorted).orElse(List.of());
    }

    public List<TrailEntry> getTrail() {
        return record().map(RunRecord::trail).orElse(List.of());
    }

    synchronized java.util.Optional<RunRecord> record() {
        return details == null ? java.util.Optional.empty() : details.load();
    }
}
