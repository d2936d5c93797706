package io.stackdrift.record;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;

/**
 * The history of runs in one directory (the CLI's {@code --record DIR}, a job's build directory).
 * Layout, atomicity and the interrupted-deploy protocol: docs/records.md.
 *
 * <pre>
 * DIR/runs/run-000000000042.summary.json   small: counts, capped ids   (the commit point of a run)
 * DIR/runs/run-000000000042.details.json   rows with every change and the run's trail (read on demand)
 * DIR/stacks.json                          latest status per stack (due logic, graph, digests)
 * DIR/trail.json                           deploys newest first, bounded
 * DIR/deploying/&lt;hash&gt;.json               one marker per deploy in progress
 * </pre>
 *
 * Every file is written with {@link AtomicFiles}. Unreadable files (cut short, foreign, another format
 * version) are skipped and named in {@link #warnings()}; the store never fails a run for them. An unreadable
 * {@code stacks.json} or {@code trail.json} is never overwritten: a save moves it aside first (warned).
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

    private static final Pattern RUN_FILE = Pattern.compile("run-(\\d{12})\\.(summary|details)\\.json");
    private static final Map<Path, ReentrantLock> LOCKS = new ConcurrentHashMap<>();
    private static final DateTimeFormatter UNREADABLE_STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private final Path dir;
    private final Limits limits;
    private final ObjectMapper mapper = new ObjectMapper();
    private final JsonFactory factory = mapper.getFactory();
    private final List<String> warnings = Collections.synchronizedList(new ArrayList<>());
    private final ReentrantLock lock;

    public HistoryStore(final Path dir) {
        this(dir, Limits.DEFAULT);
    }

    public HistoryStore(final Path dir, final Limits limits) {
        this.dir = dir.toAbsolutePath().normalize();
        this.limits = limits;
        this.lock = LOCKS.computeIfAbsent(this.dir, d -> new ReentrantLock());
    }

    public Path directory() {
        return dir;
    }

    /** Files that could not be read and were skipped, one line each (file name and why). */
    public List<String> warnings() {
        synchronized (warnings) {
            return List.copyOf(warnings);
        }
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
     * @param deployDigests the digest of each stack this run deployed successfully (spec §7)
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
        return locked(() -> {
            Files.createDirectories(runsDir());
            removeTemporaryFiles();
            long sequence = highestSequence() + 1;
            AtomicFiles.write(detailsFile(sequence), out -> RecordJson.writeRun(out, sequence, run));
            RunSummary summary = RunSummary.of(sequence, run);
            AtomicFiles.write(summaryFile(sequence), out -> {
                try (JsonGenerator g = factory.createGenerator(out)) {
                    RecordJson.writeSummary(g, summary);
                }
            });
            updateStackIndex(sequence, run, deployDigests, forgetDeploys);
            List<TrailEntry> newest = new ArrayList<>(run.trail());
            Collections.reverse(newest);
            prependTrail(newest);
            pruneRuns(sequence);
            return summary;
        });
    }

    // ------------------------------------------------------------------ reading

    /** Every run's summary, newest first; reads no details. */
    public List<RunSummary> summaries() {
        List<RunSummary> out = new ArrayList<>();
        for (long sequence : sequences(true)) {
            readJson(summaryFile(sequence)).flatMap(n -> parse(summaryFile(sequence), () -> RecordJson.readSummary(n)))
                    .ifPresent(out::add);
        }
        return out;
    }

    /** The full record of one run, read from its details file. */
    public Optional<RunRecord> details(final long sequence) {
        Path file = detailsFile(sequence);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(file)) {
            return Optional.of(RecordJson.readRun(in));
        } catch (IOException e) {
            warn(file, "not readable JSON (cut short by a crash?): " + firstLine(e.getMessage()));
        } catch (RecordFormatException | IllegalArgumentException | NullPointerException e) {
            warn(file, firstLine(e.getMessage()));
        }
        return Optional.empty();
    }

    /** The newest run whose details can be read. */
    public Optional<RunRecord> latestRun() {
        for (RunSummary summary : summaries()) {
            Optional<RunRecord> run = details(summary.sequence());
            if (run.isPresent()) {
                return run;
            }
        }
        return Optional.empty();
    }

    /** The latest status of every stack the history has seen, by id. */
    public Map<StackId, StackStatus> stackStatuses() {
        return load(stacksFile(), HistoryStore::statusesOf, this::warn).orElseGet(TreeMap::new);
    }

    private static Map<StackId, StackStatus> statusesOf(final JsonNode n) {
        RecordJson.checkFormat(n, RecordJson.STACKS);
        Map<StackId, StackStatus> out = new TreeMap<>();
        n.path("stacks").forEach(s -> {
            StackStatus status = RecordJson.readStatus(s);
            out.put(status.id(), status);
        });
        return out;
    }

    /** The latest row of one stack that was not skipped, with its changes (reads one details file). */
    public Optional<Row> latestRow(final StackId stack) {
        StackStatus status = stackStatuses().get(stack);
        if (status == null) {
            return Optional.empty();
        }
        return details(status.lastSequence()).flatMap(run -> run.rows().stream().filter(r -> r.id().equals(stack)).findFirst());
    }

    /**
     * The latest row of every stack the history has seen, skipped rows left out where the stack had another
     * (a skip says nothing about its state or its depends-on list, which the deploy graph reads); each
     * details file needed is read once. Where that row's run has been pruned since (a stack skipped for
     * longer than the kept history), the stack's newest row in the kept runs stands in, skipped or not.
     */
    public Map<StackId, Row> latestRows() {
        Map<Long, List<StackId>> bySequence = new TreeMap<>();
        Map<StackId, StackStatus> statuses = stackStatuses();
        statuses.values().forEach(s -> bySequence.computeIfAbsent(s.lastSequence(), k -> new ArrayList<>()).add(s.id()));
        Map<StackId, Row> out = new TreeMap<>();
        bySequence.forEach((sequence, ids) -> details(sequence).ifPresent(run -> run.rows().stream()
                .filter(r -> ids.contains(r.id())).forEach(r -> out.put(r.id(), r))));
        Set<StackId> missing = new TreeSet<>(statuses.keySet());
        missing.removeAll(out.keySet());
        for (long sequence : sequences(true)) {
            if (missing.isEmpty()) {
                break;
            }
            if (!bySequence.containsKey(sequence)) {
                details(sequence).ifPresent(run -> run.rows().stream().filter(r -> missing.contains(r.id())).forEach(r -> {
                    out.put(r.id(), r);
                    missing.remove(r.id());
                }));
            }
        }
        return out;
    }

    /** Deploys newest first, across runs, at most {@link Limits#trailEntries()}. */
    public List<TrailEntry> trail() {
        return load(trailFile(), HistoryStore::trailOf, this::warn).orElse(List.of());
    }

    private static List<TrailEntry> trailOf(final JsonNode n) {
        RecordJson.checkFormat(n, RecordJson.TRAIL);
        List<TrailEntry> list = new ArrayList<>();
        n.path("entries").forEach(e -> list.add(RecordJson.readTrailEntry(e)));
        return list;
    }

    // ------------------------------------------------------------------ deploys in progress

    /** Writes the "deploy running" marker; call before the apply starts. */
    public DeployMarker markDeployStarted(final StackId stack, final String runId, final long startedAt) {
        return markDeployStarted(stack, runId, startedAt, false);
    }

    /**
     * Writes the "deploy running" marker, saying whether the run destroys the stack: a destroy that dies leaves
     * a marker that {@link #recoverInterrupted} turns into "interrupted" and a forgotten last deploy.
     */
    public DeployMarker markDeployStarted(final StackId stack, final String runId, final long startedAt, final boolean destroy) {
        DeployMarker marker = new DeployMarker(stack, runId, startedAt, hostName(), ProcessHandle.current().pid(), destroy);
        locked(() -> {
            AtomicFiles.write(markerFile(stack), out -> {
                try (JsonGenerator g = factory.createGenerator(out)) {
                    RecordJson.writeMarker(g, marker);
                }
            });
            return null;
        });
        return marker;
    }

    /** Removes the marker; call when the deploy ended, whatever its result (in a finally). */
    public void markDeployFinished(final StackId stack) {
        locked(() -> Files.deleteIfExists(markerFile(stack)));
    }

    /** Markers of deploys that started and have not finished (running, or left by a run that died). */
    public List<DeployMarker> deploysInProgress() {
        Path markers = dir.resolve("deploying");
        if (!Files.isDirectory(markers)) {
            return List.of();
        }
        List<DeployMarker> out = new ArrayList<>();
        for (Path file : list(markers)) {
            if (file.getFileName().toString().endsWith(".json") && !AtomicFiles.isTemporary(file)) {
                readJson(file).flatMap(n -> parse(file, () -> RecordJson.readMarker(n))).ifPresent(out::add);
            }
        }
        out.sort(Comparator.comparing(DeployMarker::stack));
        return out;
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
            List<TrailEntry> added = new ArrayList<>();
            Set<StackId> destroyed = new TreeSet<>();
            for (DeployMarker marker : deploysInProgress()) {
                if (!stillRunning.test(marker)) {
                    // when the run died is unknown: its start is the last moment known, so lists order it there, not at 1970
                    added.add(new TrailEntry(marker.stack(), marker.runId(), marker.startedAt(), marker.startedAt(), TrailResult.INTERRUPTED,
                            false, List.of(), "run " + marker.runId() + " ended before this " + (marker.destroy() ? "destroy" : "deploy")
                                    + " finished; look at the stack's state before deploying it again"));
                    if (marker.destroy()) {
                        destroyed.add(marker.stack());
                    }
                }
            }
            if (!destroyed.isEmpty()) {
                // part of the stack may be gone: its next deploy must preview it, not skip it as unchanged
                forgetLastDeploys(destroyed);
            }
            if (!added.isEmpty()) {
                added.sort(Comparator.comparingLong(TrailEntry::startedAt).reversed());
                prependTrail(added);
                for (TrailEntry entry : added) {
                    Files.deleteIfExists(markerFile(entry.stack()));
                }
            }
            return added;
        });
    }

    /**
     * The CLI's liveness test: a marker from this machine is running while its process exists; one
     * from another machine cannot be judged here and counts as running.
     */
    public static boolean isRunningHere(final DeployMarker marker) {
        if (!marker.host().equals(hostName())) {
            return true;
        }
        return ProcessHandle.of(marker.pid()).map(ProcessHandle::isAlive).orElse(false);
    }

    // ------------------------------------------------------------------ internals

    private void updateStackIndex(final long sequence, final RunRecord run, final Map<StackId, String> deployDigests,
            final Set<StackId> forgetDeploys) throws IOException {
        Map<StackId, StackStatus> index = new TreeMap<>(loadForRewrite(stacksFile(), HistoryStore::statusesOf).orElse(Map.of()));
        Map<StackId, TrailEntry> deployed = new LinkedHashMap<>();
        Set<StackId> forget = new java.util.HashSet<>(forgetDeploys);
        for (TrailEntry e : run.trail()) {
            if (e.result() == TrailResult.DEPLOYED || e.result() == TrailResult.NOTHING_TO_DEPLOY) {
                deployed.put(e.stack(), e);
            }
            if (e.result().endsTheDeployment()) {
                forget.add(e.stack());
            }
        }
        for (Row row : run.rows()) {
            StackStatus prev = index.get(row.id());
            boolean skipped = row.state() == RowState.SKIPPED;
            boolean failed = row.state() == RowState.FAILED;
            // a skipped row says nothing about the stack: its status keeps pointing at the last row that did
            // (its state — awaiting approval, drifted — and its depends-on list, which latestRows() returns)
            boolean keepRow = skipped && prev != null;
            long rowSequence = keepRow ? prev.lastSequence() : sequence;
            String rowRunId = keepRow ? prev.lastRunId() : run.runId();
            RowState state = keepRow ? prev.lastState() : row.state();
            long checkedAt = skipped ? prevLong(prev, StackStatus::lastCheckedAt) : run.startedAt();
            int failures = failed ? prevInt(prev) + 1 : skipped ? prevInt(prev) : 0;
            long failedAt = failed ? run.startedAt() : prevLong(prev, StackStatus::lastFailedAt);
            List<StackId> dependsOn = skipped || failed ? (prev == null ? List.of() : prev.dependsOn()) : row.dependsOn();
            String digest = prev == null ? "" : prev.lastDeployDigest();
            long deployedAt = prevLong(prev, StackStatus::lastDeployedAt);
            TrailEntry deploy = deployed.get(row.id());
            if (deploy != null && deployDigests.containsKey(row.id())) {
                digest = deployDigests.get(row.id());
                deployedAt = deploy.finishedAt();
            }
            if (forget.contains(row.id())) {
                // destroyed (or partly): the next deploy previews it as never deployed
                digest = "";
                deployedAt = 0;
            }
            index.put(row.id(), new StackStatus(row.id(), rowSequence, rowRunId, state, checkedAt, failures, failedAt,
                    dependsOn, digest, deployedAt));
        }
        writeStackIndex(index);
    }

    private void writeStackIndex(final Map<StackId, StackStatus> index) throws IOException {
        AtomicFiles.write(stacksFile(), out -> {
            try (JsonGenerator g = factory.createGenerator(out)) {
                g.writeStartObject();
                RecordJson.writeFormat(g, RecordJson.STACKS);
                g.writeArrayFieldStart("stacks");
                for (StackStatus s : index.values()) {
                    RecordJson.writeStatus(g, s);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
        });
    }

    /** Clears the last deploy (digest and time) of the stacks in the index; stacks it does not hold are left out. */
    private void forgetLastDeploys(final Set<StackId> stacks) throws IOException {
        Map<StackId, StackStatus> index = new TreeMap<>(loadForRewrite(stacksFile(), HistoryStore::statusesOf).orElse(Map.of()));
        boolean changed = false;
        for (StackId id : stacks) {
            StackStatus s = index.get(id);
            if (s != null && s.everDeployed()) {
                index.put(id, new StackStatus(s.id(), s.lastSequence(), s.lastRunId(), s.lastState(), s.lastCheckedAt(),
                        s.consecutiveFailures(), s.lastFailedAt(), s.dependsOn(), "", 0));
                changed = true;
            }
        }
        if (changed) {
            writeStackIndex(index);
        }
    }

    private static long prevLong(final StackStatus prev, final java.util.function.ToLongFunction<StackStatus> field) {
        return prev == null ? 0 : field.applyAsLong(prev);
    }

    private static int prevInt(final StackStatus prev) {
        return prev == null ? 0 : prev.consecutiveFailures();
    }

    private void prependTrail(final List<TrailEntry> newestFirst) throws IOException {
        if (newestFirst.isEmpty()) {
            return;
        }
        List<TrailEntry> all = new ArrayList<>(newestFirst);
        all.addAll(loadForRewrite(trailFile(), HistoryStore::trailOf).orElse(List.of()));
        List<TrailEntry> kept = all.subList(0, Math.min(all.size(), limits.trailEntries()));
        AtomicFiles.write(trailFile(), out -> {
            try (JsonGenerator g = factory.createGenerator(out)) {
                g.writeStartObject();
                RecordJson.writeFormat(g, RecordJson.TRAIL);
                g.writeArrayFieldStart("entries");
                for (TrailEntry e : kept) {
                    RecordJson.writeTrailEntry(g, e);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
        });
    }

    /** Keeps the newest runs; also drops details whose summary never got written (crash between the two). */
    private void pruneRuns(final long newest) throws IOException {
        List<Long> summaries = sequences(true);
        for (int i = limits.runs(); i < summaries.size(); i++) {
            Files.deleteIfExists(summaryFile(summaries.get(i)));
            Files.deleteIfExists(detailsFile(summaries.get(i)));
        }
        for (Path file : list(runsDir())) {
            Matcher m = RUN_FILE.matcher(file.getFileName().toString());
            if (m.matches() && "details".equals(m.group(2))) {
                long sequence = Long.parseLong(m.group(1));
                if (sequence <= newest && !Files.exists(summaryFile(sequence))) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    private void removeTemporaryFiles() throws IOException {
        for (Path d : List.of(dir, runsDir(), dir.resolve("deploying"))) {
            if (Files.isDirectory(d)) {
                for (Path file : list(d)) {
                    if (AtomicFiles.isTemporary(file)) {
                        Files.deleteIfExists(file);
                    }
                }
            }
        }
    }

    /** Sequences that have a summary file, newest first when {@code newestFirst}. */
    private List<Long> sequences(final boolean newestFirst) {
        if (!Files.isDirectory(runsDir())) {
            return List.of();
        }
        List<Long> out = new ArrayList<>();
        for (Path file : list(runsDir())) {
            Matcher m = RUN_FILE.matcher(file.getFileName().toString());
            if (m.matches() && "summary".equals(m.group(2))) {
                out.add(Long.parseLong(m.group(1)));
            }
        }
        out.sort(newestFirst ? Comparator.reverseOrder() : Comparator.naturalOrder());
        return out;
    }

    /** The highest sequence any run file carries (details too, so a number is never reused). */
    private long highestSequence() {
        long max = 0;
        for (Path file : list(runsDir())) {
            Matcher m = RUN_FILE.matcher(file.getFileName().toString());
            if (m.matches()) {
                max = Math.max(max, Long.parseLong(m.group(1)));
            }
        }
        return max;
    }

    /**
     * Reads a file; a file that exists but cannot be read (cut short, not JSON, another format version) is
     * reported to {@code problems} with the reason and gives empty, like a missing file.
     */
    private <T> Optional<T> load(final Path file, final Function<JsonNode, T> reader, final BiConsumer<Path, String> problems) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        JsonNode node;
        try (InputStream in = Files.newInputStream(file)) {
            node = mapper.readTree(in);
        } catch (IOException e) {
            problems.accept(file, "not readable JSON (cut short by a crash?): " + firstLine(e.getMessage()));
            return Optional.empty();
        }
        if (node == null || node.isMissingNode()) {
            problems.accept(file, "empty file");
            return Optional.empty();
        }
        try {
            return Optional.of(reader.apply(node));
        } catch (RecordFormatException | IllegalArgumentException | NullPointerException e) {
            problems.accept(file, firstLine(e.getMessage()));
            return Optional.empty();
        }
    }

    /**
     * Reads a file that is about to be rewritten from what it holds. One that exists but cannot be read is
     * never overwritten: it is moved aside to {@code NAME.unreadable-<UTC time>} (a newer Stack Drift may
     * have written it, or a person can repair it) and a warning says where it went; the save then starts
     * the file afresh.
     */
    private <T> Optional<T> loadForRewrite(final Path file, final Function<JsonNode, T> reader) throws IOException {
        List<String> problems = new ArrayList<>();
        Optional<T> value = load(file, reader, (f, why) -> problems.add(why));
        if (!problems.isEmpty() && Files.exists(file)) {
            Path aside = moveAside(file);
            warnings.add(dir.relativize(file) + " could not be read (" + problems.get(0) + "); moved it to "
                    + dir.relativize(aside) + " and started a new one: restore or merge it from there");
        }
        return value;
    }

    private static Path moveAside(final Path file) throws IOException {
        String stamp = UNREADABLE_STAMP.format(Instant.now());
        Path aside = file.resolveSibling(file.getFileName() + ".unreadable-" + stamp);
        for (int i = 2; Files.exists(aside, LinkOption.NOFOLLOW_LINKS); i++) {
            aside = file.resolveSibling(file.getFileName() + ".unreadable-" + stamp + "-" + i);
        }
        return Files.move(file, aside);
    }

    private Optional<JsonNode> readJson(final Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(file)) {
            JsonNode node = mapper.readTree(in);
            if (node == null || node.isMissingNode()) {
                warn(file, "empty file");
                return Optional.empty();
            }
            return Optional.of(node);
        } catch (IOException e) {
            warn(file, "not readable JSON (cut short by a crash?): " + firstLine(e.getMessage()));
            return Optional.empty();
        }
    }

    private <T> Optional<T> parse(final Path file, final java.util.function.Supplier<T> reader) {
        try {
            return Optional.of(reader.get());
        } catch (RecordFormatException | IllegalArgumentException | NullPointerException e) {
            warn(file, firstLine(e.getMessage()));
            return Optional.empty();
        }
    }

    private void warn(final Path file, final String why) {
        warnings.add("skipped " + dir.relativize(file) + ": " + why);
    }

    private static String firstLine(final String message) {
        if (message == null) {
            return "unreadable";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    private static List<Path> list(final Path d) {
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

    @FunctionalInterface
    private interface IoAction<T> {
        T run() throws IOException;
    }

    /**
     * Writers are serialised twice: a lock per directory inside this JVM (parallel stacks of one run),
     * and a file lock on {@code DIR/.lock} between processes (two CLI runs, two Jenkins builds).
     */
    private <T> T locked(final IoAction<T> action) {
        lock.lock();
        try {
            Files.createDirectories(dir);
            try (FileChannel channel = FileChannel.open(dir.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock fileLock = channel.lock()) {
                return action.run();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the history in " + dir + ": " + e.getMessage(), e);
        } finally {
            lock.unlock();
        }
    }

    private Path runsDir() {
        return dir.resolve("runs");
    }

    private Path summaryFile(final long sequence) {
        return runsDir().resolve(String.format("run-%012d.summary.json", sequence));
    }

    private Path detailsFile(final long sequence) {
        return runsDir().resolve(String.format("run-%012d.details.json", sequence));
    }

    private Path stacksFile() {
        return dir.resolve("stacks.json");
    }

    private Path trailFile() {
        return dir.resolve("trail.json");
    }

    /** Stack ids hold '/' and ':'; a hash gives a safe, fixed-length file name (the id is inside). */
    private Path markerFile(final StackId stack) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(stack.value().getBytes(StandardCharsets.UTF_8));
            return dir.resolve("deploying").resolve(HexFormat.of().formatHex(hash, 0, 16) + ".json");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    private static String hostName() {
        return HostName.VALUE;
    }

    /** Looked up once: a name lookup can be slow. */
    private static final class HostName {
        static final String VALUE = lookUp();

        private static String lookUp() {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                return "";
            }
        }
    }
}
