package io.stackdrift.engine;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import io.stackdrift.config.StackConfig;
import io.stackdrift.config.StacksConfig;
import io.stackdrift.deploy.DeployContext;
import io.stackdrift.deploy.PolicyGate;
import io.stackdrift.digest.FileLister;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.KnownState;
import io.stackdrift.model.PlanDigest;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.ownership.ReplaceEvidence;
import io.stackdrift.plan.StackReferences;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunWorkDirectories;
import io.stackdrift.record.StackIndex;
import io.stackdrift.record.StackStatus;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.spi.StackLocks;
import io.stackdrift.tool.GitFiles;
import io.stackdrift.tool.StackReferenceResolver;
import io.stackdrift.tool.ToolAdapter;

/** One run's state, shared by its stack tasks (which run in parallel: every collection is thread-safe). */
final class RunContext implements DeployContext {
    /** How many restored paths a progress line names. */
    private static final int PROGRESS_PATHS = 10;
    private final EngineServices services;
    private final RunRequest request;
    private final RunKind kind;
    private final StacksConfig config;
    private final List<StackConfig> stacks;
    private final Set<StackId> known;
    private final long startedAt;
    private final Map<StackId, StackStatus> statusesAtStart;
    private final Map<StackId, Row> rows = new ConcurrentHashMap<>();
    /** Stacks whose row comes from a preview of this run: only those say afresh what they depend on. */
    private final Set<StackId> previewed = ConcurrentHashMap.newKeySet();
    private final Map<StackId, String> digests = new ConcurrentHashMap<>();
    private final Map<StackId, String> deployDigests = new ConcurrentHashMap<>();
    /** Stacks a destroy may have changed without a destroyed entry (failed, interrupted): their last deploy is forgotten. */
    private final Set<StackId> forgetDeploys = ConcurrentHashMap.newKeySet();
    /** Stacks that owe a deploy as the run starts (docs/records.md, "What a run leaves for the next"). */
    private final Set<StackId> owedAtStart = ConcurrentHashMap.newKeySet();
    private final Map<Tool, ToolAdapter> toolAdapters = new EnumMap<>(Tool.class);
    private final List<TrailEntry> trail = Collections.synchronizedList(new ArrayList<>());
    private final List<String> notes = Collections.synchronizedList(new ArrayList<>());
    private final Map<StackId, StackConfig> byId = new HashMap<>();
    /** Which files of a directory its digest covers, as git lists them (docs/digest.md). */
    private final FileLister files;
    /** Rule 2's replace_paths, one probe plan per stack digest in this run. */
    private final ReplaceEvidence replaceEvidence;
    /** The run's part in a run split into shards, when it is one. */
    private final Optional<ShardCoordination> shard;

    RunContext(final EngineServices services, final AdapterFactory adapters, final RunRequest request, final RunKind kind,
            final StacksConfig config, final List<StackConfig> stacks, final Set<StackId> known, final long startedAt,
            final Optional<ShardCoordination> shard) {
        this.services = services;
        this.shard = shard;
        this.request = request;
        this.kind = kind;
        this.config = config;
        this.stacks = List.copyOf(stacks);
        this.known = Set.copyOf(known);
        this.startedAt = startedAt;
        // the configured stacks only: an index of stacks long gone costs a run nothing
        this.statusesAtStart = services.history().stackStatuses(this.known);
        statusesAtStart.values().stream().filter(StackStatus::deployOwed).map(StackStatus::id).forEach(owedAtStart::add);
        for (StackConfig stack : stacks) {
            byId.put(stack.id(), stack);
        }
        this.files = new GitFiles(services.processes(), services.workDir().resolve("git"), services.tools().timeout())::filesUnder;
        this.replaceEvidence = new ReplaceEvidence(config.stacks(), files);
        StackReferenceResolver references = (names, project, stack, all) ->
                StackReferences.resolve(names, project, stack, all, this::note);
        // one adapter per tool per run: it remembers this run's plans (freshness)
        for (Tool tool : Tool.values()) {
            toolAdapters.put(tool, adapters.create(tool, references, request.approvedPlans().key()));
        }
    }

    EngineServices services() {
        return services;
    }

    /** Which files of a directory a digest covers: git's list through the host's process port, else the disk. */
    FileLister files() {
        return files;
    }

    RunRequest request() {
        return request;
    }

    RunKind kind() {
        return kind;
    }

    StacksConfig config() {
        return config;
    }

    /** The selected stacks, in the configuration's order. */
    List<StackConfig> stacks() {
        return stacks;
    }

    List<StackId> stackIds() {
        return stacks.stream().map(StackConfig::id).toList();
    }

    long startedAt() {
        return startedAt;
    }

    /** The history's statuses as the run found them. */
    Map<StackId, StackStatus> statusesAtStart() {
        return statusesAtStart;
    }

    /** The depends-on list the history keeps for each stack, as the run found it (the deploy graph's auto edges). */
    Map<StackId, List<StackId>> recordedDependsOn() {
        return recordedDependsOn(statusesAtStart);
    }

    static Map<StackId, List<StackId>> recordedDependsOn(final Map<StackId, StackStatus> statuses) {
        Map<StackId, List<StackId>> out = new TreeMap<>();
        statuses.forEach((id, status) -> out.put(id, status.dependsOn()));
        return out;
    }

    int parallelism() {
        return Math.max(1, request.parallelism().orElse(config.parallelism()));
    }

    StackConfig stack(final StackId id) {
        return byId.get(id);
    }

    Row row(final StackId id) {
        return rows.get(id);
    }

    boolean hasRow(final StackId id) {
        return rows.containsKey(id);
    }

    /** Keeps the stack's row; a row that shows drift gets its drift age from the stack's status at the start. */
    void putRow(final Row row) {
        rows.put(row.id(), known(StackIndex.withDriftAge(statusesAtStart.get(row.id()), row, startedAt), statusesAtStart.get(row.id())));
    }

    /**
     * A skipped row says nothing new, and must not hide what the history knows of its stack: it carries the stack's known
     * state (and drift age), and its reason ends with it ("…; last known: drifted since … (2 checks), last checked …").
     */
    static Row known(final Row row, final StackStatus status) {
        if (row.state() != RowState.SKIPPED || status == null || status.lastState() == RowState.SKIPPED || row.known().isPresent()) {
            return row;
        }
        KnownState known = status.known();
        DriftAge age = known.hasDrift(status.driftAge()) ? status.driftAge() : DriftAge.NONE;
        String words = known.words(age);
        String reason = row.reason().isEmpty() ? words : row.reason() + "; " + words;
        return row.withKnown(known).withDriftAge(age).withState(RowState.SKIPPED, reason);
    }

    boolean wasPreviewed(final StackId id) {
        return previewed.contains(id);
    }

    void digest(final StackId id, final String digest) {
        digests.put(id, digest);
    }

    /** The digest a stack was deployed with in this run (by this shard or another), or null. */
    String deployDigest(final StackId id) {
        String own = deployDigests.get(id);
        return own != null ? own : shard.map(s -> s.digestElsewhere(id)).orElse(null);
    }

    /** This run's part in a run split into shards; empty for a run of its own. */
    Optional<ShardCoordination> shard() {
        return shard;
    }

    Map<StackId, String> deployDigests() {
        return Map.copyOf(deployDigests);
    }

    Set<StackId> forgottenDeploys() {
        return Set.copyOf(forgetDeploys);
    }

    void note(final String line) {
        notes.add(line);
        services.progress().line(line);
    }

    List<TrailEntry> trailSnapshot() {
        synchronized (trail) {
            return List.copyOf(trail);
        }
    }

    List<String> notesSnapshot() {
        synchronized (notes) {
            return List.copyOf(notes);
        }
    }

    // ------------------------------------------------------------------ DeployContext

    @Override
    public String runId() {
        return request.runId();
    }

    @Override
    public Path root() {
        return request.repositoryRoot();
    }

    @Override
    public Set<StackId> known() {
        return known;
    }

    @Override
    public ToolAdapter adapter(final Tool tool) {
        return toolAdapters.get(tool);
    }

    @Override
    public ReplaceEvidence ownershipEvidence() {
        return replaceEvidence;
    }

    @Override
    public PolicyGate policyGate() {
        return new PolicyGate(services.processes(), root());
    }

    @Override
    public Path workDir(final StackConfig stack, final String step) {
        return RunWorkDirectories.stackDir(services.workDir(), stack.id()).resolve(step);
    }

    @Override
    public long now() {
        return services.clock().millis();
    }

    @Override
    public void progress(final String line) {
        services.progress().line(line);
    }

    @Override
    public StackLocks locks() {
        return services.locks();
    }

    @Override
    public void markStarted(final StackId stack, final long started, final DeployKind kind) {
        try {
            services.journal().started(stack, request.runId(), started, kind);
        } catch (UncheckedIOException e) {
            // no marker, no apply: a run that died during it would leave no "interrupted" behind
            throw new RecordNotWritten("its deploy marker could not be written, so nothing was applied: " + e.getMessage(), e);
        }
    }

    @Override
    public void markFinished(final StackId stack) {
        try {
            services.journal().finished(stack);
        } catch (UncheckedIOException e) {
            // the deploy itself ended: its result stands, and the person learns why the next run says "interrupted"
            note(stack + ": the marker of its deploy could not be removed (" + e.getMessage() + "); the next run will report "
                    + "this deploy as interrupted");
        }
    }

    @Override
    public void trail(final TrailEntry made) {
        // a repair carries when its drift began, so the trail tells the time to repair
        TrailEntry entry = made.repairedDrift()
                ? made.withDriftedSince(StackIndex.driftStart(statusesAtStart.get(made.stack()), startedAt))
                : made;
        trail.add(entry);
        if (entry.repairedDrift()) {
            progress(entry.stack() + ": " + entry.repairWords() + ": " + entry.restoredPathsLine(PROGRESS_PATHS));
        } else {
            progress(entry.stack() + ": " + entry.result().word() + (entry.reason().isEmpty() ? "" : " — " + entry.reason()));
        }
    }

    @Override
    public void previewed(final StackId stack) {
        previewed.add(stack);
    }

    @Override
    public void deployed(final StackId stack) {
        String digest = digests.get(stack);
        if (digest != null) {
            deployDigests.put(stack, digest);
        }
    }

    @Override
    public void forgetDeploy(final StackId stack) {
        forgetDeploys.add(stack);
    }

    @Override
    public boolean owesDeploy(final StackId stack) {
        return owedAtStart.contains(stack);
    }

    @Override
    public PlanDigest.Approved approvedPlans() {
        return request.approvedPlans();
    }

    /**
     * The stacks that owe a deploy as the run starts: those the history says owe one and those whose deploy marker this
     * run recovered, with every stack that depends on them (what they read may have changed with them).
     */
    void oweDeploys(final Set<StackId> stacks) {
        owedAtStart.addAll(stacks);
    }

    Set<StackId> owedAtStart() {
        return Set.copyOf(owedAtStart);
    }
}
