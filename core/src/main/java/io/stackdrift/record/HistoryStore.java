package io.stackdrift.record;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.stackdrift.model.ChangeList;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.Directories;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.IoProblem;
import io.stackdrift.model.RegularFiles;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;

/**
 * The history of runs in one directory (the CLI's {@code --record DIR}, a job's build directory). Layout, atomicity
 * and the interrupted-deploy protocol: docs/records.md. The files are named by {@link HistoryLayout}, the stack
 * index is folded by {@link StackIndex}, deploys in progress are kept by the {@link DeployMarkers}, and files are
 * read by {@link TolerantJsonFiles}: unreadable ones (cut short, foreign, another format version) are skipped and
 * named in {@link #warnings()}; the store never fails a run for them. An unreadable {@code stacks.json} or
 * {@code trail.json} is never overwritten: a save moves it aside first (warned). Every file is written with
 * {@link AtomicFiles}.
 */
public final class HistoryStore {
    /** How much history is kept. */
    public record Limits(int runs, int trailEntries) {
        public static final Limits DEFAULT = new Limits(100, 1000);

        public Limits {
            if (runs < 1 || trailEntries < 1) {
                throw new IllegalArgumentException("history limits must be at least 1");
            }
        }
    }

    private static final Map<Path, ReentrantLock> LOCKS = new ConcurrentHashMap<>();

    private final HistoryLayout layout;
    private final Limits limits;
    private final JsonFactory factory = new ObjectMapper().getFactory();
    private final TolerantJsonFiles files;
    private final DeployMarkers markers;
    private final ReentrantLock lock;

    public HistoryStore(final Path dir) {
        this(dir, Limits.DEFAULT);
    }

    public HistoryStore(final Path dir, final Limits limits) {
        this.layout = new HistoryLayout(dir);
        this.limits = limits;
        this.files = new TolerantJsonFiles(layout.directory());
        this.markers = new DeployMarkers(layout, files);
        this.lock = LOCKS.computeIfAbsent(layout.directory(), d -> new ReentrantLock());
    }

    public Path directory() {
        return layout.directory();
    }

    /** Where each file of this history lives. */
    public HistoryLayout layout() {
        return layout;
    }

    /** Files that could not be read and were skipped, one line each (file name and why). */
    public List<String> warnings() {
        return files.warnings();
    }

    // ------------------------------------------------------------------ saving

    /** Saves a run (no deploy digests). */
    public RunSummary save(final RunRecord run) {
        return save(run, Map.of());
    }

    /**
     * Saves a run: details first, then its summary (the commit point), then the stack index and the
     * trail. Drops runs beyond the limit and leftovers of earlier crashes.
     *
     * @param deployDigests the digest of each stack this run deployed successfully (docs/digest.md)
     */
    public RunSummary save(final RunRecord run, final Map<StackId, String> deployDigests) {
        return save(run, deployDigests, Set.of());
    }

    /**
     * Saves a run as {@link #save(RunRecord, Map)} does, and forgets the last deploy (digest and time) of the stacks
     * in {@code forgetDeploys}: a destroy that failed or was interrupted may have deleted part of a stack, so a later
     * {@code onChange} deploy must not skip it as "unchanged". A {@code destroyed} or {@code nothing to destroy}
     * trail entry of this run forgets it without being named here.
     */
    public RunSummary save(final RunRecord run, final Map<StackId, String> deployDigests, final Set<StackId> forgetDeploys) {
        return save(new RunToSave(run, deployDigests, forgetDeploys));
    }

    /**
     * Saves what a run returned for its host to keep, also when the thread is interrupted (a stopped run is recorded
     * too): the flag is cleared for the write, so the file lock works, and set again after.
     */
    public RunSummary save(final RunToSave toSave) {
        boolean wasInterrupted = Thread.interrupted();
        try {
            return write(toSave);
        } finally {
            if (wasInterrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private RunSummary write(final RunToSave toSave) {
        RunRecord run = toSave.run();
        return locked(() -> {
            Directories.ensure(layout.runsDir());
            layout.removeTemporaryFiles();
            long sequence = layout.highestSequence() + 1;
            AtomicFiles.write(layout.detailsFile(sequence), out -> RecordJson.writeRun(out, sequence, run));
            RunSummary summary = RunSummary.of(sequence, run);
            AtomicFiles.write(layout.summaryFile(sequence), out -> {
                try (JsonGenerator g = factory.createGenerator(out)) {
                    RecordJson.writeSummary(g, summary);
                }
            });
            // a report's rows are files read elsewhere, not stacks: one named like a stack changes nothing of it
            if (run.kind() != RunKind.REPORT) {
                writeDriftFiles(run, toSave.configuredStacks());
                writeStackIndex(StackIndex.next(statusesForRewrite(toSave.configuredStacks()), sequence, run, toSave.deployDigests(),
                        toSave.forgetDeploys(), toSave.owedDeploys()));
                new NextCheckFile(layout, files).write(run.runId(), toSave.nextScheduledCheck());
            }
            List<TrailEntry> newest = new ArrayList<>(run.trail());
            Collections.reverse(newest);
            prependTrail(newest);
            // the run's deploys are recorded now: their markers go (until here, a run killed after an apply left its
            // marker, and the next run redoes that deploy instead of taking the stack as deployed)
            for (DeployMarker marker : markers.inProgress()) {
                if (marker.runId().equals(run.runId())) {
                    markers.markFinished(marker.stack());
                }
            }
            layout.pruneRuns(sequence, limits.runs());
            return summary;
        });
    }

    // ------------------------------------------------------------------ reading

    public Optional<NextScheduledCheck> nextScheduledCheck() {
        return new NextCheckFile(layout, files).read(); // empty when no newest check left one, or unreadable (warned)
    }
    /** Every run's summary, newest first; reads no details. */
    public List<RunSummary> summaries() {
        return summaries(Integer.MAX_VALUE);
    }

    /** The newest {@code most} readable summaries, newest first; reads no details and no older summary. */
    public List<RunSummary> summaries(final int most) {
        return trend(most).runs();
    }

    /**
     * The newest {@code most} readable summaries, newest first by run number (the number in the file's name, never a
     * clock), and the summary files among them that could not be read, each named with why in fixed words: a trend says
     * what it left out, and quotes nothing from a damaged file. A summary whose own run number is not its file's is
     * left out the same way (copied or edited: it cannot be placed). Each skipped file is warned too.
     */
    public Trend trend(final int most) {
        List<RunSummary> out = new ArrayList<>();
        List<SkippedRun> skipped = new ArrayList<>();
        for (long sequence : layout.sequences(true)) {
            if (out.size() >= most) {
                break;
            }
            Path file = layout.summaryFile(sequence);
            TolerantJsonFiles.Outcome<RunSummary> read = files.readOrSay(file, RecordJson::readSummary);
            Optional<Unreadable> why = read.unreadable();
            if (read.value().isPresent() && read.value().get().sequence() != sequence) {
                why = Optional.of(Unreadable.MISNUMBERED);
            } else if (read.value().isPresent()) {
                out.add(read.value().get());
            } else if (why.isEmpty() && Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                // there, but not a regular file (a directory, a dangling link): not readable either
                why = Optional.of(Unreadable.NOT_OPENED);
            }
            if (why.isPresent()) {
                SkippedRun run = new SkippedRun(layout.directory().relativize(file).toString(), why.get());
                skipped.add(run);
                files.warn(file, run.why().words());
            }
        }
        return new Trend(out, skipped);
    }

    /** Run summaries newest first, and the summary files skipped as unreadable, newest first. */
    public record Trend(List<RunSummary> runs, List<SkippedRun> skipped) {
        public Trend {
            runs = List.copyOf(runs);
            skipped = List.copyOf(skipped);
        }

        /** The skipped files, one line each: the file, relative to the history directory, and why. */
        public List<String> skippedLines() {
            return skipped.stream().map(SkippedRun::line).toList();
        }
    }

    /** The full record of one run, read from its details file. */
    public Optional<RunRecord> details(final long sequence) {
        return files.readRun(layout.detailsFile(sequence), ChangeList.SpillTarget.temporary());
    }

    /** The latest status of every stack the index holds, by id (streamed: one status at a time is a tree). */
    public Map<StackId, StackStatus> stackStatuses() {
        return stackStatuses(id -> true);
    }

    /**
     * The latest status of each of {@code stacks} the index holds, by id: streamed, and only those are kept, so a run's
     * memory follows its configuration, not the stacks the history has ever seen.
     */
    public Map<StackId, StackStatus> stackStatuses(final Set<StackId> stacks) {
        return stackStatuses(stacks::contains);
    }

    private Map<StackId, StackStatus> stackStatuses(final Predicate<StackId> keep) {
        return files.readStreamed(layout.stacksFile(), in -> RecordJson.readStacks(in, keep)).orElseGet(TreeMap::new);
    }

    /**
     * The stack's latest row that was not skipped, when that row showed drift: what a deploy reports as put back.
     * Reads the stack's own drift file only, never a run's details (another stack's changes may be huge there).
     * The row has no drift age: the stack's status holds it.
     */
    public Optional<Row> latestDrift(final StackId stack) {
        return files.readStreamed(layout.driftFile(stack), in -> {
            try (JsonParser parser = RecordJson.parser(in)) {
                return RowJson.readDriftRow(parser, ChangeList.SpillTarget.temporary());
            }
        }).filter(row -> row.id().equals(stack));
    }

    /** Deploys newest first, across runs, at most {@link Limits#trailEntries()}. */
    public List<TrailEntry> trail() {
        return files.read(layout.trailFile(), RecordJson::readTrail).orElse(List.of());
    }

    /**
     * The {@code most} deploys saved last, newest first: what a page shows of the trail. Reads the file no further
     * than them, so a page costs the same with a full trail as with a short one.
     */
    public List<TrailEntry> trail(final int most) {
        return files.readFirst(layout.trailFile(), RecordFormat.TRAIL, "entries", most, RecordJson::readTrailEntry).orElse(List.of());
    }

    // ------------------------------------------------------------------ deploys in progress

    /**
     * Writes the "deploy running" marker (call before the apply starts), saying whether the run destroys the stack:
     * a destroy that dies leaves a marker that {@link #recoverInterrupted} turns into "interrupted" and a forgotten
     * last deploy.
     */
    public DeployMarker markDeployStarted(final StackId stack, final String runId, final long startedAt, final DeployKind kind) {
        return locked(() -> markers.markStarted(stack, runId, startedAt, kind));
    }

    /** Removes the marker; call when the deploy ended, whatever its result (in a finally). */
    public void markDeployFinished(final StackId stack) {
        locked(() -> {
            markers.markFinished(stack);
            return null;
        });
    }

    /** Markers of deploys that started and have not finished (running, or left by a run that died). */
    public List<DeployMarker> deploysInProgress() {
        return markers.inProgress();
    }

    /**
     * Turns every marker whose run is no longer running into an "interrupted" trail entry and removes
     * the marker. Call at the start of every run, before due logic reads the markers.
     *
     * @param stillRunning whether the run that wrote a marker is still going (Jenkins: the build is
     *                     building; CLI: {@link #isRunningHere})
     * @return the entries added, newest first
     */
    public List<TrailEntry> recoverInterrupted(final Predicate<DeployMarker> stillRunning) {
        return locked(() -> {
            DeployMarkers.Recovery recovery = markers.interrupted(stillRunning);
            if (!recovery.entries().isEmpty()) {
                // part of a destroyed stack may be gone: its next deploy must preview it, not skip it as unchanged; an
                // interrupted deploy may have applied part or all of its plan: its next deploy applies it again
                Map<StackId, StackStatus> index = statusesForRewrite();
                Set<StackId> deploys = new TreeSet<>();
                recovery.entries().forEach(entry -> deploys.add(entry.stack()));
                deploys.removeAll(recovery.destroyed());
                Map<StackId, StackStatus> next = StackIndex.oweDeploys(StackIndex.forgetLastDeploys(index, recovery.destroyed()), deploys);
                if (!next.equals(index)) {
                    writeStackIndex(next);
                }
            }
            if (!recovery.entries().isEmpty()) {
                prependTrail(recovery.entries());
                for (TrailEntry entry : recovery.entries()) {
                    markers.markFinished(entry.stack());
                }
            }
            return recovery.entries();
        });
    }

    /**
     * The CLI's liveness test: a marker from this machine is running while its process exists; one
     * from another machine cannot be judged here and counts as running.
     */
    public static boolean isRunningHere(final DeployMarker marker) {
        return DeployMarkers.isRunningHere(marker);
    }

    // ------------------------------------------------------------------ internals

    private Map<StackId, StackStatus> statusesForRewrite() throws IOException {
        return statusesForRewrite(Optional.empty());
    }

    /** The index to rewrite: of the configured stacks only when they are known (the others are forgotten), else whole. */
    private Map<StackId, StackStatus> statusesForRewrite(final Optional<Set<StackId>> configured) throws IOException {
        Predicate<StackId> keep = configured.isPresent() ? configured.get()::contains : id -> true;
        return files.readStreamedForRewrite(layout.stacksFile(), in -> RecordJson.readStacks(in, keep)).orElse(Map.of());
    }

    /**
     * Keeps, per stack, the drift of its latest row that was not skipped and showed drift (drifted, or a repair awaiting
     * approval or failed), so that a deploy reads its own stack's drift and nothing of other stacks or runs. A row that
     * shows no drift removes the file; the same drift as before is not
     * written again (the drift age, which changes every check, lives in the stack index).
     */
    private void writeDriftFiles(final RunRecord run, final Optional<Set<StackId>> configured) throws IOException {
        if (configured.isPresent()) {
            // a stack that left the configuration keeps no drift file (its runs and trail stay)
            Set<Path> kept = new HashSet<>();
            configured.get().forEach(id -> kept.add(layout.driftFile(id)));
            for (Path file : layout.driftFiles()) {
                if (!kept.contains(file)) {
                    Files.deleteIfExists(file);
                }
            }
        }
        // one wait for the disk for all of them: a check of 1,000 drifted stacks wrote 1,000 files one fsync at a time
        try (AtomicFiles.Batch batch = new AtomicFiles.Batch()) {
            for (Row row : run.rows()) {
                if (row.state() == RowState.SKIPPED) {
                    continue;
                }
                Path file = layout.driftFile(row.id());
                if (!row.showsDrift()) {
                    Files.deleteIfExists(file);
                    continue;
                }
                // streamed to a temporary file and compared there: a stack's drift may be far larger than memory
                batch.writeIfChanged(file, out -> {
                    try (JsonGenerator g = factory.createGenerator(out)) {
                        RowJson.writeDriftRow(g, row.withDriftAge(DriftAge.NONE));
                    }
                });
            }
            batch.commit();
        }
    }

    private void writeStackIndex(final Map<StackId, StackStatus> index) throws IOException {
        AtomicFiles.write(layout.stacksFile(), out -> {
            try (JsonGenerator g = factory.createGenerator(out)) {
                RecordJson.writeStacks(g, index.values());
            }
        });
    }

    private void prependTrail(final List<TrailEntry> newestFirst) throws IOException {
        if (newestFirst.isEmpty()) {
            return;
        }
        List<TrailEntry> all = new ArrayList<>(newestFirst);
        all.addAll(files.readForRewrite(layout.trailFile(), RecordJson::readTrail).orElse(List.of()));
        List<TrailEntry> kept = all.subList(0, Math.min(all.size(), limits.trailEntries()));
        AtomicFiles.write(layout.trailFile(), out -> {
            try (JsonGenerator g = factory.createGenerator(out)) {
                RecordJson.writeTrail(g, kept);
            }
        });
    }

    @FunctionalInterface
    private interface IoAction<T> {
        T run() throws IOException;
    }

    /**
     * Writers are serialised twice: a lock per directory inside this JVM (parallel stacks of one run),
     * and a file lock on {@code DIR/.lock} between processes (two CLI runs, two Jenkins builds).
     */
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    private <T> T locked(final IoAction<T> action) {
        lock.lock();
        try {
            Directories.ensure(layout.directory());
            // a FIFO in place of the lock file would block every save for good
            try {
                RegularFiles.requireRegularIfPresent(layout.lockFile());
            } catch (RegularFiles.NotRegularFileException e) {
                throw new IOException(e.getMessage() + "; remove it (it only serves as a lock)", e);
            }
            try (FileChannel channel = FileChannel.open(layout.lockFile(), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS);
                    FileLock fileLock = channel.lock()) {
                return action.run();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the history in " + layout.directory() + ": " + IoProblem.of(e), e);
        } finally {
            lock.unlock();
        }
    }
}
