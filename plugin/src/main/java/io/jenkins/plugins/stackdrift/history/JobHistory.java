package io.jenkins.plugins.stackdrift.history;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;
import java.util.function.Supplier;

import io.stackdrift.model.Counts;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.StackId;
import io.stackdrift.record.DeployMarker;
import io.stackdrift.record.HistoryLayout;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.NextScheduledCheck;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.RunSummary;
import io.stackdrift.record.RunToSave;
import io.stackdrift.record.StackStatus;
import io.stackdrift.record.TrailEntry;

/**
 * The job's history on the controller: a core {@link HistoryStore} in {@code <job dir>/}{@value #DIR_NAME}
 * (summaries apart from details, the stack index, the trail, deploy markers; docs/records.md).
 *
 * <p>How it meets the engine on the agent: before a run, the few files the engine reads (stack index, trail,
 * markers of running deploys, and each drifted stack's own drift file — never a run's details) are copied into the step's
 * temporary directory there ({@link #snapshot}, every name from {@link HistoryLayout}); the engine only reads
 * that copy. The controller saves the run, once ({@link #save(RunToSave)}), with the record the agent left and
 * the deploy digests and forgotten deploys the engine's outcome carried back, so the store numbers, indexes and
 * trims runs in one place, and two builds that ran at the same time both land (a copy-back of the whole
 * directory would let the later one overwrite the earlier).
 * A per-job lock keeps a snapshot from reading a half-saved run and two saves apart.
 */
public final class JobHistory {
    public static final String DIR_NAME = "stack-drift-history";

    /**
     * The per-job locks, striped: a fixed number however many jobs the controller has (a map per directory grew with
     * every job ever opened). Two jobs may share a stripe and then wait for each other's short history writes; no
     * method holds one history's lock while taking another's, so sharing cannot deadlock.
     */
    static final int LOCK_STRIPES = 64;
    private static final ReentrantLock[] LOCKS = new ReentrantLock[LOCK_STRIPES];

    static {
        for (int i = 0; i < LOCK_STRIPES; i++) {
            LOCKS[i] = new ReentrantLock();
        }
    }

    private final HistoryStore store;
    private final HistoryLayout layout;
    private final ReentrantLock lock;

    public JobHistory(final Path directory) {
        this.store = new HistoryStore(directory);
        this.layout = store.layout();
        this.lock = lockFor(store.directory());
    }

    /** The stripe of a history directory (by its absolute, normalized path: two spellings of one directory share it). */
    static ReentrantLock lockFor(final Path directory) {
        return LOCKS[Math.floorMod(directory.toAbsolutePath().normalize().hashCode(), LOCK_STRIPES)];
    }

    public static JobHistory inJobDir(final File jobRootDir) {
        return new JobHistory(jobRootDir.toPath().resolve(DIR_NAME));
    }

    public Path directory() {
        return store.directory();
    }

    /**
     * Turns markers of deploys whose build is no longer running into "interrupted" trail entries, then lists
     * the files the engine reads, relative to {@link #directory()}.
     *
     * @param stillRunning whether the build that wrote a marker is still building
     */
    public List<String> snapshot(final Predicate<DeployMarker> stillRunning) throws IOException {
        lock.lock();
        try {
            store.recoverInterrupted(stillRunning);
            List<String> files = new ArrayList<>();
            addIfPresent(files, HistoryLayout.STACKS_FILE);
            addIfPresent(files, HistoryLayout.TRAIL_FILE);
            for (DeployMarker marker : store.deploysInProgress()) {
                addIfPresent(files, relative(layout.markerFile(marker.stack())));
            }
            // what a deploy puts back: each drifted stack's own drift file, never a run's details (due logic and
            // Pulumi auto edges read the stack index)
            for (Path drift : layout.driftFiles()) {
                addIfPresent(files, relative(drift));
            }
            return files;
        } finally {
            lock.unlock();
        }
    }

    /** How long each stack drifted now has drifted, from the stack index (the job page lists them longest first). */
    public Map<StackId, DriftAge> driftAges() {
        Map<StackId, DriftAge> ages = new TreeMap<>();
        for (StackStatus status : store.stackStatuses().values()) {
            if (status.driftAge().isPresent()) {
                ages.put(status.id(), status.driftAge());
            }
        }
        return ages;
    }

    /** Saves a run the agent recorded, with the digests of the stacks it deployed (docs/concepts.md, "Policies and digests"). */
    public RunSummary save(final RunRecord run, final Map<String, String> deployDigests) {
        return save(run, deployDigests, Set.of());
    }

    /** As {@link #save(RunRecord, Map)}, forgetting the last deploy of the stacks a destroy may have changed. */
    public RunSummary save(final RunRecord run, final Map<String, String> deployDigests, final Set<String> forgottenDeploys) {
        Map<StackId, String> digests = new TreeMap<>();
        deployDigests.forEach((stack, digest) -> digests.put(new StackId(stack), digest));
        Set<StackId> forget = new TreeSet<>();
        forgottenDeploys.forEach(stack -> forget.add(new StackId(stack)));
        return save(new RunToSave(run, digests, forget));
    }

    /** The one save of a step's run: what the engine's outcome carried back from the agent (record, digests, forgotten deploys). */
    public RunSummary save(final RunToSave run) {
        lock.lock();
        try {
            return store.save(run);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Marks deploys as running, so a controller restart in the middle leaves "interrupted" in the trail; a destroy's
     * markers say so (a restart then forgets the deploys).
     */
    public void markDeploying(final Collection<String> stacks, final String runId, final long startedAt, final DeployKind kind) {
        for (String stack : stacks) {
            store.markDeployStarted(new StackId(stack), runId, startedAt, kind);
        }
    }

    public void finishDeploying(final Collection<String> stacks) {
        for (String stack : stacks) {
            store.markDeployFinished(new StackId(stack));
        }
    }

    /**
     * Takes back the markers build {@code runId} left on {@code stacks} for deploys that never started: the controller
     * restarted after they were written and before the step's engine was launched, and the step runs again from the start
     * (what it deploys then gets markers of its own). Markers of other builds, and of other stacks, stay.
     *
     * @return the stacks whose marker was taken back
     */
    public Set<String> forgetUnstarted(final String runId, final Collection<String> stacks) {
        lock.lock();
        try {
            Set<String> forgotten = new TreeSet<>();
            for (DeployMarker marker : store.deploysInProgress()) {
                if (marker.runId().equals(runId) && stacks.contains(marker.stack().value())) {
                    store.markDeployFinished(marker.stack());
                    forgotten.add(marker.stack().value());
                }
            }
            return forgotten;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The deploy markers of one build become "interrupted" trail entries (the build was aborted or lost its
     * agent while deploying); markers of other builds stay.
     */
    public List<TrailEntry> recordInterrupted(final String runId) {
        lock.lock();
        try {
            return store.recoverInterrupted(marker -> !marker.runId().equals(runId));
        } finally {
            lock.unlock();
        }
    }

    /**
     * Runs a history write with the thread's interrupt flag cleared, and sets it again after: an aborted
     * build's thread is interrupted, and a FileChannel lock taken then fails (ClosedByInterruptException).
     */
    public static <T> T withoutInterrupt(final Supplier<T> write) {
        boolean wasInterrupted = Thread.interrupted();
        try {
            return write.get();
        } finally {
            if (wasInterrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** "Recently deployed", newest first. */
    public List<TrailEntry> trail() {
        return store.trail();
    }

    /** The {@code most} deploys saved last, newest first; the trail file is read no further. */
    public List<TrailEntry> trail(final int most) {
        return store.trail(most);
    }

    /** When the next scheduled drift check has work, as the newest drift check left it (the drift schedule asks). */
    public Optional<NextScheduledCheck> nextScheduledCheck() {
        return store.nextScheduledCheck();
    }

    /** Whether the job ever saved a Stack Drift run (a cheap check: the job page asks on every render). */
    public static boolean existsIn(final File jobRootDir) {
        return Files.isDirectory(jobRootDir.toPath().resolve(DIR_NAME));
    }

    /** The counts of the newest run the job saved, if any: the badge when no recent build has a record. Reads one summary. */
    public Optional<Counts> latestCounts() {
        List<RunSummary> summaries = store.summaries(1);
        return summaries.isEmpty() ? Optional.empty() : Optional.of(summaries.get(0).counts());
    }

    /** Files of the history this instance could not read and skipped, one line each (file name and why). */
    public List<String> warnings() {
        return store.warnings();
    }

    /** A history file as the copy to the agent names it: relative, with '/' (the layout owns every name). */
    private String relative(final Path file) {
        return layout.directory().relativize(file).toString().replace(File.separatorChar, '/');
    }

    private void addIfPresent(final List<String> files, final String relative) {
        if (Files.isRegularFile(directory().resolve(relative))) {
            files.add(relative);
        }
    }
}
