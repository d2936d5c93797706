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
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
    public static final String LOCK_FILE = ".lock";

    private static final Pattern RUN_FILE = Pattern.compile("run-(\\d{12})\\.(summary|details)\\.json");

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
        Matcher m = RUN_FILE.matcher(file.getFileName().toString());
        return m.matches() ? Optional.of(new RunFile(Long.parseLong(m.group(1)), "summary".equals(m.group(2)))) : Optional.empty();
    }

    /** Sequences that have a summary file, newest first when {@code newestFirst}. */
    public List<Long> sequences(final boolean newestFirst) {
        List<Long> out = new ArrayList<>();
        for (Path file : list(runsDir())) {
            runFile(file).filter(RunFile::summary).ifPresent(run -> out.add(run.sequence()));
        }
        out.sort(newestFirst ? Comparator.reverseOrder() : Comparator.naturalOrder());
        return out;
    }

    /** The highest sequence any run file carries (details too, so a number is never reused). */
    public long highestSequence() {
        long max = 0;
        for (Path file : list(runsDir())) {
            max = Math.max(max, runFile(file).map(RunFile::sequence).orElse(0L));
        }
        return max;
    }

    /** Keeps the newest {@code keep} runs; also drops details whose summary never got written (crash between the two). */
    void pruneRuns(final long newest, final int keep) throws IOException {
        List<Long> summaries = sequences(true);
        for (int i = keep; i < summaries.size(); i++) {
            Files.deleteIfExists(summaryFile(summaries.get(i)));
            Files.deleteIfExists(detailsFile(summaries.get(i)));
        }
        for (Path file : list(runsDir())) {
            Optional<RunFile> run = runFile(file);
            if (run.isPresent() && !run.get().summary() && run.get().sequence() <= newest
                    && !Files.exists(summaryFile(run.get().sequence()))) {
                Files.deleteIfExists(file);
            }
        }
    }

    /** Removes temporary files a crashed write left ({@link AtomicFiles}). */
    void removeTemporaryFiles() throws IOException {
        for (Path d : List.of(dir, runsDir(), markersDir(), driftDir())) {
            for (Path file : list(d)) {
                if (AtomicFiles.isTemporary(file)) {
                    Files.deleteIfExists(file);
                }
            }
        }
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
