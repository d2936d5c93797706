package io.jenkins.plugins.stackdrift.agent;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.SuppressFBWarnings;
import hudson.model.TaskListener;
import hudson.remoting.VirtualChannel;
import io.jenkins.plugins.stackdrift.credentials.StackCredentials;
import io.jenkins.plugins.stackdrift.history.ControllerClock;
import jenkins.MasterToSlaveFileCallable;

import io.stackdrift.durable.HeldLocks;
import io.stackdrift.engine.EngineServices;
import io.stackdrift.engine.Inspection;
import io.stackdrift.engine.RunOrderOutcome;
import io.stackdrift.engine.RunOutcome;
import io.stackdrift.engine.RunRequest;
import io.stackdrift.engine.ShardRun;
import io.stackdrift.engine.ShardsOutcome;
import io.stackdrift.engine.StackDriftEngine;
import io.stackdrift.engine.StackPlace;
import io.stackdrift.model.Directories;
import io.stackdrift.model.PlanDigest;
import io.stackdrift.model.Problem;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.RunOrder;
import io.stackdrift.model.StackId;
import io.stackdrift.record.AtomicFiles;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RecordJson;
import io.stackdrift.record.RunRecord;
import io.stackdrift.render.SecretMask;
import io.stackdrift.runner.Heartbeat;
import io.stackdrift.spi.DeployJournal;
import io.stackdrift.spi.HistoryView;
import io.stackdrift.spi.MissingCredentialsException;

/**
 * Runs the core engine on the agent, against the workspace there: config reading, tool processes and plan
 * parsing all stay on the agent. Only an {@link AgentOutcome} comes back; the run record is left in
 * {@value #RECORD_FILE} in the step's temporary directory for the controller to stream into the build
 * directory. That directory also holds {@code history/} (the part of the job's history the engine reads,
 * copied there by the controller before the call) and {@code work/} (plan files, tool output).
 *
 * <p>Tool processes do not start here: each goes back to the step's launcher on the controller through
 * {@link ToolLauncher} (an exported proxy), so it runs where {@code sh} would, a container included.
 *
 * <p>Secrets travel here inside {@link StackCredentials} (as credentials-binding's environment does); they
 * reach only their stack's processes and are masked in every line the engine prints.
 */
final class AgentEngineCall extends MasterToSlaveFileCallable<AgentOutcome> {
    private static final long serialVersionUID = 3L;

    static final String RECORD_FILE = "record.json";
    static final String HISTORY_DIR = "history";
    static final String WORK_DIR = "work";
    /** Left in the temporary directory when the call ends, however it ends (an interrupted step waits for it). */
    static final String ENDED_FILE = "call-ended";
    private final Operation operation;
    private final EngineRequest request;
    private final StackCredentials credentials;
    private final TaskListener listener;
    private final String tempDir;
    private final TreeSet<String> lockedStacks;
    private final TreeSet<String> heldElsewhere;
    /** The step's launcher, for a preview, check or deploy; none for the calls that read files only. */
    @SuppressFBWarnings(value = "SE_BAD_FIELD", justification = "a remoting proxy (VirtualChannel.export), serializable; "
            + "the service itself only on the built-in node, where the call is not serialized")
    @SuppressWarnings("serial") // javac 21+ sees the interface type only; the value is a serializable proxy (above)
    @CheckForNull private final ToolLauncher tools;
    /** The shard of its build this call runs, and the board it reaches; {@link ShardRoute#none()} for a step of its own. */
    private final ShardRoute route;
    /** The controller's time when the call was made: the engine's clock on the agent follows it ({@link ControllerClock}). */
    private final long madeAt = ControllerClock.nowMillis();
    /** How the call's tools are stopped: the controller's setting, read where the call is made. */
    private ToolStops stops = ToolStops.DEFAULT;
    /** The controller's clock, set when the call arrives on the agent. */
    private transient Clock clock;

    /**
     * @param tempDir      the step's temporary directory on the agent (absolute)
     * @param lockedStacks  the stacks the controller locked for this step: the only ones the engine may apply
     * @param heldElsewhere selected stacks another step of this job holds (a deploy, or a check that may deploy)
     * @param tools         where tool processes start; {@code null} for {@link Operation#VALIDATE} and {@link Operation#INSPECT}
     */
    AgentEngineCall(final Operation operation, final EngineRequest request, final StackCredentials credentials,
            final TaskListener listener, final String tempDir, final Set<String> lockedStacks,
            final Set<String> heldElsewhere, @CheckForNull final ToolLauncher tools) {
        this(operation, request, credentials, listener, tempDir, lockedStacks, heldElsewhere, tools, ShardRoute.none());
    }

    /** @param route the shard of its build the call runs ({@code deployStacks(shard: i, of: n)}), or the split's count */
    AgentEngineCall(final Operation operation, final EngineRequest request, final StackCredentials credentials,
            final TaskListener listener, final String tempDir, final Set<String> lockedStacks,
            final Set<String> heldElsewhere, @CheckForNull final ToolLauncher tools, final ShardRoute route) {
        this.route = route;
        this.operation = operation;
        this.request = request;
        this.credentials = credentials;
        this.listener = listener;
        this.tempDir = tempDir;
        this.lockedStacks = new TreeSet<>(lockedStacks);
        this.heldElsewhere = new TreeSet<>(heldElsewhere);
        this.tools = tools;
    }

    /** The same call with another stop setting (tests shorten the grace). */
    AgentEngineCall withStops(final ToolStops setting) {
        this.stops = setting;
        return this;
    }

    @Override
    public AgentOutcome invoke(final File workspace, final VirtualChannel channel) throws IOException, InterruptedException {
        clock = ControllerClock.sentAt(madeAt);
        PrintStream log = new PrintStream(new SecretMaskingOutputStream(listener.getLogger(), credentials.mask()), true,
                StandardCharsets.UTF_8);
        try (ChannelWatch watch = ChannelWatch.on(channel, listener, Path.of(tempDir))) {
            return run(workspace.toPath(), Path.of(tempDir), log, watch.stop());
        } catch (IOException | RuntimeException e) {
            throw crossable(e);
        } finally {
            log.close();
            markEnded(Path.of(tempDir));
        }
    }

    /**
     * What may travel back over the channel: the controller's class filter rejects an exception that carries a
     * library type (Jackson's location in a JsonProcessingException, say), and the user would see "Rejected"
     * instead of the failure. An IOException made of JDK types only goes back as it is; anything else becomes a
     * plain IOException that names the class (and the file, for a file-system error) with the agent's stack frames,
     * and no message text or cause, which could quote a value from a plan or a state.
     */
    static IOException crossable(final Exception e) {
        if (e instanceof IOException io && onlyJdkTypes(io)) {
            return io;
        }
        String file = e instanceof FileSystemException fs && fs.getFile() != null ? " (" + fs.getFile() + ")" : "";
        IOException plain = new IOException("Stack Drift: the agent call failed: " + e.getClass().getName() + file);
        plain.setStackTrace(e.getStackTrace());
        return plain;
    }

    private static boolean onlyJdkTypes(final Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (!t.getClass().getName().startsWith("java.")) {
                return false;
            }
            for (Throwable suppressed : t.getSuppressed()) {
                if (!onlyJdkTypes(suppressed)) {
                    return false;
                }
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return true;
    }

    private static void markEnded(final Path temp) {
        try {
            Files.deleteIfExists(temp.resolve(ENDED_FILE));
            Files.createFile(temp.resolve(ENDED_FILE));
        } catch (IOException e) {
            // only a hint for the controller's bounded wait; it never hides what the call threw
        }
    }

    /**
     * The body, on plain paths (so it is tested without a Jenkins channel). The configuration is read once per
     * step: by {@code validate} or {@code graph}, or by {@code inspect} in a step's first call, whose result the
     * second call (the run) takes over ({@link InspectedConfigurations}).
     *
     * @param local how the agent stops the call's tools itself when the controller cannot be reached
     */
    AgentOutcome run(final Path workspace, final Path temp, final PrintStream log, final LocalToolStop local)
            throws IOException, InterruptedException {
        switch (operation) {
            case VALIDATE:
                Inspection all = StackDriftEngine.validate(request.configPath(workspace), request.repositoryRoot(workspace));
                if (!all.valid()) {
                    return invalid(all, workspace);
                }
                return AgentOutcome.builder().warnings(formatted(all.warnings(), workspace))
                        .selectedStacks(byName(all.allCredentials())).stackLines(all.listingText().lines().toList()).build();
            case GRAPH:
                return runOrder(workspace, temp);
            case SHARDS:
                return shards(workspace, temp);
            case INSPECT:
                return inspect(workspace);
            default:
                return runEngine(workspace, temp, log, local);
        }
    }

    /**
     * Validation plus the run order, as {@code stackdrift graph} prints it: the files' {@code dependsOn}, and for
     * {@code dependsOn: auto} the references in the copy of the job's history; no tool runs.
     */
    private AgentOutcome runOrder(final Path workspace, final Path temp) {
        RunOrderOutcome graph = StackDriftEngine.graph(request.configPath(workspace), request.repositoryRoot(workspace),
                HistoryView.of(new HistoryStore(temp.resolve(HISTORY_DIR))));
        if (graph.order().isEmpty()) {
            return AgentOutcome.builder().problems(formatted(graph.problems(), workspace))
                    .warnings(formatted(graph.warnings(), workspace)).build();
        }
        RunOrder order = graph.order().get();
        List<List<String>> groups = new ArrayList<>();
        order.groups().forEach(group -> groups.add(group.stream().map(StackId::value).toList()));
        List<List<String>> edges = new ArrayList<>();
        order.edges().forEach(edge -> edges.add(List.of(edge.dependent().value(), edge.dependency().value(),
                edge.origin().word())));
        Map<String, Map<String, String>> stacks = new TreeMap<>();
        order.stacks().forEach(stack -> stacks.put(stack.value(), Map.of()));
        return AgentOutcome.builder().warnings(formatted(graph.warnings(), workspace)).selectedStacks(stacks)
                .stackLines(graph.text().lines().toList()).runOrder(groups, edges).build();
    }

    /**
     * The selection split into the route's count of shards, as {@code stackdrift graph --shards N} prints it: weights
     * from the durations in the copy of the job's history, the step's parallelism per shard; no tool runs.
     */
    private AgentOutcome shards(final Path workspace, final Path temp) {
        ShardsOutcome split = StackDriftEngine.shards(request.configPath(workspace), request.repositoryRoot(workspace),
                HistoryView.of(new HistoryStore(temp.resolve(HISTORY_DIR))), request.stacks(), route.count(),
                request.parallelism() > 0 ? OptionalInt.of(request.parallelism()) : OptionalInt.empty());
        if (split.layout().isEmpty()) {
            return AgentOutcome.builder().problems(formatted(split.problems(), workspace))
                    .warnings(formatted(split.warnings(), workspace)).build();
        }
        List<List<String>> shards = new ArrayList<>();
        split.layout().get().shards().forEach(shard -> shards.add(shard.stream().map(StackId::value).toList()));
        return AgentOutcome.builder().warnings(formatted(split.warnings(), workspace)).shards(shards)
                .stackLines(split.text().lines().toList()).build();
    }

    private static AgentOutcome invalid(final Inspection inspection, final Path workspace) {
        return AgentOutcome.builder().problems(formatted(inspection.problems(), workspace))
                .warnings(formatted(inspection.warnings(), workspace)).build();
    }

    private static Map<String, Map<String, String>> byName(final Map<StackId, Map<String, String>> credentials) {
        Map<String, Map<String, String>> out = new TreeMap<>();
        credentials.forEach((id, ids) -> out.put(id.value(), ids));
        return out;
    }

    /** The stacks the selection resolves to, with the credentials ids each names (ids only, never a secret). */
    private AgentOutcome inspect(final Path workspace) {
        Inspection inspection = StackDriftEngine.inspect(request.configPath(workspace), request.repositoryRoot(workspace),
                request.stacks());
        if (!inspection.valid()) {
            return invalid(inspection, workspace);
        }
        if (!inspection.selectionProblems().isEmpty()) {
            return AgentOutcome.builder().problems(inspection.selectionProblems()).build();
        }
        InspectedConfigurations.keep(tempDir, inspection);
        Map<String, StackPlace> places = new TreeMap<>();
        inspection.selectedPlaces().forEach((id, place) -> places.put(id.value(), place));
        Map<String, List<String>> checks = new TreeMap<>();
        inspection.selectedPolicyChecks().forEach((id, command) -> checks.put(id.value(), command));
        return AgentOutcome.builder().selectedStacks(byName(inspection.selectedCredentials())).stackPlaces(places)
                .policyChecks(checks).build();
    }

    /**
     * The run itself. The engine reads the snapshot of the job's history the controller copied here and writes
     * nothing into it: the controller marked the deploys before the call ({@link DeployJournal#NONE} here), and
     * saves the run once, with the record left in {@value #RECORD_FILE} and the digests and forgotten deploys this
     * outcome carries. Stacks another step holds are request input, never markers planted in the copy.
     */
    @SuppressWarnings("try") // the heartbeat is only held open while the engine runs
    private AgentOutcome runEngine(final Path workspace, final Path temp, final PrintStream log, final LocalToolStop local)
            throws IOException {
        if (tools == null) {
            throw new IOException("Stack Drift: no launcher was given for the " + operation + " call");
        }
        Path work = Directories.ensure(temp.resolve(WORK_DIR));
        // the agent's sign of life for its tools' wrappers: if this JVM dies (kill -9), they stop the tools themselves
        try (Heartbeat heartbeat = Heartbeat.start(temp, Heartbeat.PERIOD)) {
            return runEngine(workspace, temp, work, log, local);
        }
    }

    private AgentOutcome runEngine(final Path workspace, final Path temp, final Path work, final PrintStream log,
            final LocalToolStop local) throws IOException {
        SecretMask mask = credentials.mask();
        HistoryStore history = new HistoryStore(temp.resolve(HISTORY_DIR));
        EngineServices services = new EngineServices(
                new AgentProcessRunner(tools, request.buildEnvironment(), mask, local, temp, stops,
                        line -> log.println("Stack Drift: " + line)),
                request.toolSettings(), HistoryView.of(history), DeployJournal.NONE,
                new HeldLocks(lockedStacks, "another build of this job"),
                this::environmentFor, work, clock, line -> log.println("Stack Drift: " + line));
        // the configuration this step's inspect call read: the file is not read a second time
        StackDriftEngine engine = InspectedConfigurations.take(tempDir).map(read -> new StackDriftEngine(services, read))
                .orElseGet(() -> new StackDriftEngine(services));
        Set<StackId> held = new TreeSet<>();
        heldElsewhere.forEach(stack -> held.add(StackId.of(stack)));
        RunRequest runRequest = request.toRunRequest(workspace).withHeldElsewhere(held);
        RunOutcome outcome;
        Optional<ShardRun> shard = route.number() == 0 ? Optional.empty()
                : Optional.of(new ShardRun(route.number(), route.count(), route.exchange(LinkedShardExchange.POLL)));
        switch (operation) {
            case PREVIEW:
                outcome = engine.preview(runRequest);
                break;
            case CHECK:
                outcome = shard.isPresent() ? engine.check(runRequest, shard.get()) : engine.check(runRequest);
                break;
            default:
                outcome = shard.isPresent() ? engine.deploy(runRequest, shard.get()) : engine.deploy(runRequest);
                break;
        }
        // a tool's own words (a Pulumi diagnostic on stdout, say) can carry a secret into a reason: the record
        // and what goes back to the controller get the log's mask too
        AgentOutcome.Builder result = AgentOutcome.builder().problems(mask.mask(formatted(outcome.problems(), workspace)))
                .warnings(mask.mask(formatted(outcome.warnings(), workspace))).notes(mask.mask(outcome.notes()));
        if (outcome.run().isPresent()) {
            RunRecord record = mask.mask(outcome.run().get());
            AtomicFiles.write(temp.resolve(RECORD_FILE), out -> RecordJson.writeRun(out, sequenceOf(record), record));
            Map<String, String> digests = new TreeMap<>();
            outcome.deployDigests().forEach((id, digest) -> digests.put(id.value(), digest));
            Set<String> forgotten = new TreeSet<>();
            outcome.forgottenDeploys().forEach(id -> forgotten.add(id.value()));
            Set<String> owed = new TreeSet<>();
            outcome.owedDeploys().forEach(id -> owed.add(id.value()));
            result.recorded(digests).forgotten(forgotten).owed(owed).approvalPins(approvalPins(outcome.run().get()))
                    .nextScheduledCheck(outcome.nextScheduledCheck());
            outcome.configuredStacks().ifPresent(ids -> result.configured(ids.stream().map(StackId::value)
                    .collect(Collectors.toCollection(TreeSet::new))));
        }
        return result.build();
    }

    /**
     * The pin of each plan awaiting approval, taken here from the run's own rows, whose changes carry the keyed digests
     * of their values (the record the controller reads back has none): what an approval of the stack approves.
     */
    private Map<String, String> approvalPins(final RunRecord run) {
        Map<String, String> pins = new TreeMap<>();
        for (Row row : run.rows()) {
            if (row.state() == RowState.AWAITING_APPROVAL) {
                pins.put(row.id().value(), PlanDigest.of(row, request.commit()));
            }
        }
        return pins;
    }

    private Map<String, String> environmentFor(final StackId stack, final Map<String, String> credentialIds)
            throws MissingCredentialsException {
        String failure = credentials.failures().get(stack.value());
        if (failure != null) {
            throw new MissingCredentialsException(failure);
        }
        return credentials.environment(stack.value());
    }

    /** The build number is the sequence in the build's own file; the job history numbers runs itself. */
    private static long sequenceOf(final RunRecord record) {
        try {
            return Long.parseLong(record.runId());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Problems as lines, files named relative to the workspace (the agent's absolute path is noise in a build log). */
    private static List<String> formatted(final List<Problem> problems, final Path workspace) {
        return Problem.linesUnder(problems, workspace);
    }
}
