package io.jenkins.plugins.stackdrift.actions;

import java.util.ArrayList;
import java.util.List;

import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;

import io.stackdrift.model.Counts;
import io.stackdrift.model.Row;
import io.stackdrift.record.RunRecord;
import io.stackdrift.render.CountsLine;

/**
 * The small part of a run kept in build.xml (docs/records.md): counts and a capped list of drifted and
 * failed ids, so that loading a job with thousands of stacks never reads the details. Plain fields only:
 * XStream cannot read records back and its class filter rejects {@code Instant} and {@code Map.of}.
 */
@ExportedBean(defaultVisibility = 3)
public final class BuildSummary {
    /** At most this many ids per list; {@link #getTotal()} and the counts stay exact. */
    public static final int MAX_IDS = 10;
    /** Ids longer than this are cut, so one odd path cannot blow up build.xml. */
    public static final int MAX_ID_LENGTH = 100;

    private final String kind;
    private final long startedAt;
    private final long finishedAt;
    private final int total;
    private final int inSync;
    private final int drifted;
    private final int pending;
    private final int failed;
    private final int skipped;
    private final int awaitingApproval;
    /** 0 in builds recorded before the state existed: XStream leaves a missing field at its default. */
    private final int repaired;
    /** 0 in builds recorded before the state existed, as for {@link #repaired}. */
    private final int notDeployed;
    /** 0 in builds recorded before the state existed, as for {@link #repaired}. */
    private final int destroyed;
    private final ArrayList<String> driftedIds;
    private final ArrayList<String> failedIds;

    public BuildSummary(final String kind, final long startedAt, final long finishedAt, final Counts counts,
            final List<String> driftedIds, final List<String> failedIds) {
        this.kind = kind;
        this.startedAt = startedAt;
        this.finishedAt = finishedAt;
        this.total = counts.total();
        this.inSync = counts.inSync();
        this.drifted = counts.drifted();
        this.pending = counts.pending();
        this.failed = counts.failed();
        this.skipped = counts.skipped();
        this.awaitingApproval = counts.awaitingApproval();
        this.repaired = counts.repaired();
        this.notDeployed = counts.notDeployed();
        this.destroyed = counts.destroyed();
        this.driftedIds = capped(driftedIds);
        this.failedIds = capped(failedIds);
    }

    public static BuildSummary of(final RunRecord record) {
        List<String> drifted = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (Row row : record.rowsSorted()) {
            if (row.countsAsDrifted()) {
                drifted.add(row.id().value());
            } else if (row.countsAsFailed()) {
                failed.add(row.id().value());
            }
        }
        return new BuildSummary(record.kind().word(), record.startedAt(), record.finishedAt(), record.counts(), drifted, failed);
    }

    private static ArrayList<String> capped(final List<String> ids) {
        ArrayList<String> kept = new ArrayList<>();
        for (String id : ids.subList(0, Math.min(ids.size(), MAX_IDS))) {
            kept.add(id.length() > MAX_ID_LENGTH ? id.substring(0, MAX_ID_LENGTH - 1) + "…" : id);
        }
        return kept;
    }

    public Counts counts() {
        return new Counts(total, inSync, drifted, pending, failed, skipped, awaitingApproval, repaired, notDeployed, destroyed);
    }

    @Exported(visibility = 3)
    public String getKind() {
        return kind;
    }

    @Exported(visibility = 3)
    public long getStartedAt() {
        return startedAt;
    }

    @Exported(visibility = 3)
    public long getFinishedAt() {
        return finishedAt;
    }

    @Exported(visibility = 3)
    public int getTotal() {
        return total;
    }

    @Exported(visibility = 3)
    public int getInSync() {
        return inSync;
    }

    @Exported(visibility = 3)
    public int getDrifted() {
        return drifted;
    }

    @Exported(visibility = 3)
    public int getPending() {
        return pending;
    }

    @Exported(visibility = 3)
    public int getFailed() {
        return failed;
    }

    @Exported(visibility = 3)
    public int getSkipped() {
        return skipped;
    }

    @Exported(visibility = 3)
    public int getAwaitingApproval() {
        return awaitingApproval;
    }

    @Exported(visibility = 3)
    public int getRepaired() {
        return repaired;
    }

    @Exported(visibility = 3)
    public int getNotDeployed() {
        return notDeployed;
    }

    @Exported(visibility = 3)
    public int getDestroyed() {
        return destroyed;
    }

    /** The first {@value #MAX_IDS} drifted stack ids, sorted. */
    @Exported(visibility = 3)
    public List<String> getDriftedIds() {
        return List.copyOf(driftedIds);
    }

    /** The first {@value #MAX_IDS} failed stack ids, sorted. */
    @Exported(visibility = 3)
    public List<String> getFailedIds() {
        return List.copyOf(failedIds);
    }

    /**
     * The counts line (docs/concepts.md, "What is recorded"), the core's words:
     * {@code 12 stacks · 9 in sync · 2 drifted ● · 1 pending · 0 failed}.
     */
    public String countsLine() {
        return CountsLine.text(counts(), false);
    }
}
