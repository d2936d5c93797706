package io.stackdrift.record;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.stackdrift.model.StackId;

/**
 * The one owner of every path and file name in a history directory (docs/records.md, "Layout"); anyone who needs a
 * file of the history asks here instead of spelling its name.
 *
 * <pre>
 * DIR/runs/run-000000000042.summary.json   small: counts, capped ids   (the commit point of a run)
 * DIR/runs/run-000000000042.details.json   rows with every change and the run's trail (read on demand)
 * DIR/stacks.json                          latest status per stack (due logic, graph, digests)
 * DIR/trail.json                           deploys newest first, bounded
 * DIR/drift/&lt;hash&gt;.json                  per drifted stack: the drift its latest row found (what a deploy puts back)
 * DIR/deploying/&lt;hash&gt;.json               one marker per deploy in progress
 * DIR/.lock                                the file lock writers take
 * </pre>
 */
public final class HistoryLayout {
    public static final String RUNS_DIR = "runs";
    public static final String STACKS_FILE = "stacks.json";
    public static final String TRAIL_FILE = "trail.json";
    public static final String MARKERS_DIR = "deploying";
    public static final String DRIFT_DIR = "drift";
    public static final String NEXT_CHECK_FILE = "next-check.json";
    public static final String LOCK_FILE = ".lock";

    private static final String RUN_PREFIX = "run-";
    private static final int SEQUENCE_DIGITS = 12;
    private static final String SUMMARY_SUFFIX = ".summary.json";
    private static final String DETAILS_SUFFIX = ".details.json";
    private static final int RUN_FILE_NAME_LENGTH = RUN_PREFIX.length() + SEQUENCE_DIGITS + SUMMARY_SUFFIX.length();

    /** A run file's sequence and whether it is the summary (else the details). */
    public record RunFile(long sequence, boolean summary) {
    }

    private final Path dir;

    public HistoryLayout(final Path dir) {
        this.dir = dir.toAbsolutePath().normalize();
    }

    public Path directory() {
        return dir;
    }

    public Path runsDir() {
        return dir.resolve(RUNS_DIR);
    }

    public static String summaryFileName(final long sequence) {
        return String.format("run-%012d.summary.json", sequence);
    }

    public static String detailsFileName(final long sequence) {
        return String.format("run-%012d.details.json", sequence);
    }

    public Path summaryFile(final long sequence) {
        return runsDir().resolve(summaryFileName(sequence));
    }

    public Path detailsFile(final long sequence) {
        return runsDir().resolve(detailsFileName(sequence));
    }

    public Path stacksFile() {
        return dir.resolve(STACKS_FILE);
    }

    public Path nextCheckFile() {
        return dir.resolve(NEXT_CHECK_FILE);
    }

    public Path trailFile() {
        return dir.resolve(TRAIL_FILE);
    }

    public Path markersDir() {
        return dir.resolve(MARKERS_DIR);
    }

    /** Stack ids hold '/' and ':'; a hash gives a safe, fixed-length file name (the id is inside). */
    public Path markerFile(final StackId stack) {
        return markersDir().resolve(hashedName(stack));
    }

    public Path driftDir() {
        return dir.resolve(DRIFT_DIR);
    }

    /** The file holding the drift the stack's latest row found; named like a marker. */
    public Path driftFile(final StackId stack) {
        return driftDir().resolve(hashedName(stack));
    }

    /** Every per-stack drift file there is (one per stack whose latest row shows drift). */
    public List<Path> driftFiles() {
        List<Path> out = new ArrayList<>();
        for (Path file : list(driftDir())) {
            if (!AtomicFiles.isTemporary(file) && file.getFileName().toString().endsWith(".json")) {
                out.add(file);
            }
        }
        out.sort(Comparator.naturalOrder());
        return out;
    }

    private static String hashedName(final StackId stack) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(stack.value().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 16) + ".json";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    public Path lockFile() {
        return dir.resolve(LOCK_FILE);
    }

    /** The run file a path names, if it names one. */
    public static Optional<RunFile> runFile(final Path file) {
        return Optional.ofNullable(parseRunFile(file.getFileName().toString()));
    }

    /**
     * The run file a name spells ({@code run-<12 digits>.summary.json} or {@code .details.json}), null for any other
     * name. Compared character by character, not by a regular expression: a save reads every name of the runs
     * directory several times, and at a thousand runs a pattern match per name was a measurable part of a short run.
     */
    private static RunFile parseRunFile(final String name) {
        if (name.length() != RUN_FILE_NAME_LENGTH || !name.startsWith(RUN_PREFIX)) {
            return null;
        }
        long sequence = 0;
        for (int i = RUN_PREFIX.length(); i < RUN_PREFIX.length() + SEQUENCE_DIGITS; i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
            sequence = sequence * 10 + (c - '0');
        }
        String suffix = name.substring(RUN_PREFIX.length() + SEQUENCE_DIGITS);
        if (SUMMARY_SUFFIX.equals(suffix)) {
            return new RunFile(sequence, true);
        }
        return DETAILS_SUFFIX.equals(suffix) ? new RunFile(sequence, false) : null;
    }

    /**
     * Every run file of the runs directory by name, from one listing. The listing is of names, not paths: a save and
     * the run before it list the directory a few times, and at a thousand runs a path object per entry, built while
     * the code still runs interpreted, was most of what a long history cost a short run.
     */
    private Map<String, RunFile> runFiles() {
        Map<String, RunFile> out = new HashMap<>();
        for (String name : names(runsDir())) {
            RunFile run = parseRunFile(name);
            if (run != null) {
                out.put(name, run);
            }
        }
        return out;
    }

    /** Sequences that have a summary file, newest first when {@code newestFirst}. */
    public List<Long> sequences(final boolean newestFirst) {
        List<Long> out = new ArrayList<>();
        for (RunFile run : runFiles().values()) {
            if (run.summary()) {
                out.add(run.sequence());
            }
        }
        out.sort(newestFirst ? Comparator.reverseOrder() : Comparator.naturalOrder());
        return out;
    }

    /** The highest sequence any run file carries (details too, so a number is never reused). */
    public long highestSequence() {
        long max = 0;
        for (RunFile run : runFiles().values()) {
            max = Math.max(max, run.sequence());
        }
        return max;
    }

    /**
     * Keeps the newest {@code keep} runs; also drops details whose summary never got written (crash between the two).
     * Works from one listing of the runs directory and deletes by name: it opens, reads and stats no run file.
     * Summaries go first, so a crash in between leaves details without a summary, which the next save drops.
     */
    void pruneRuns(final long newest, final int keep) throws IOException {
        Map<String, RunFile> files = runFiles();
        List<Long> summaries = new ArrayList<>();
        for (RunFile run : files.values()) {
            if (run.summary()) {
                summaries.add(run.sequence());
            }
        }
        summaries.sort(Comparator.reverseOrder());
        Set<Long> kept = new HashSet<>(summaries.subList(0, Math.min(keep, summaries.size())));
        Set<Long> withSummary = new HashSet<>(summaries);
        List<String> droppedDetails = new ArrayList<>();
        for (Map.Entry<String, RunFile> file : files.entrySet()) {
            RunFile run = file.getValue();
            if (run.summary() && !kept.contains(run.sequence())) {
                Files.deleteIfExists(runsDir().resolve(file.getKey()));
            } else if (!run.summary() && (withSummary.contains(run.sequence())
                    ? !kept.contains(run.sequence())
                    // left by a crash before its summary; never the details of a save newer than this one
                    : run.sequence() <= newest)) {
                droppedDetails.add(file.getKey());
            }
        }
        for (String details : droppedDetails) {
            Files.deleteIfExists(runsDir().resolve(details));
        }
    }

    /** Removes temporary files a crashed write left ({@link AtomicFiles}). */
    void removeTemporaryFiles() throws IOException {
        for (Path d : List.of(dir, runsDir(), markersDir(), driftDir())) {
            for (String name : names(d)) {
                if (AtomicFiles.isTemporaryName(name)) {
                    Files.deleteIfExists(d.resolve(name));
                }
            }
        }
    }

    /** The names in a directory, none when it does not exist: no path object per entry (see {@link #runFiles}). */
    private static String[] names(final Path d) {
        String[] names = d.toFile().list();
        if (names == null && Files.isDirectory(d)) {
            throw new UncheckedIOException(new IOException("cannot list " + d));
        }
        return names == null ? new String[0] : names;
    }

    /** The entries of a directory; none when it does not exist. */
    static List<Path> list(final Path d) {
        if (!Files.isDirectory(d)) {
            return List.of();
        }
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(d)) {
            stream.forEach(out::add);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + d, e);
        }
        return out;
    }
}
