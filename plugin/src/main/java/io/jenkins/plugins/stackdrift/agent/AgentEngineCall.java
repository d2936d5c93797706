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
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import hudson.model.TaskListener;
import hudson.remoting.VirtualChannel;
import io.jenkins.plugins.stackdrift.credentials.StackCredentials;
import io.stackdrift.config.ConfigLoader;
import io.stackdrift.config.ConfigResult;
import io.stackdrift.model.Problem;
import io.stackdrift.config.StackConfig;
import io.stackdrift.config.StacksConfig;
import io.stackdrift.config.ValidateListing;
import io.stackdrift.engine.EngineServices;
import io.stackdrift.engine.spi.MissingCredentialsException;
import io.stackdrift.engine.RunOutcome;
import io.stackdrift.engine.StackDriftEngine;
import io.stackdrift.graph.StackSelection;
import io.stackdrift.model.Row;
import io.stackdrift.model.StackId;
import io.stackdrift.record.AtomicFiles;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RecordJson;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.StackStatus;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;
import jenkins.MasterToSlaveFileCallable;

/**
 * Runs the core engine on the agent, against the workspace there: config reading, tool processes and plan
 * parsing all stay on the agent. Only an {@link AgentOutcome} comes back; the run record is left in
 * {@value #RECORD_FILE} in the step's temporary directory for the controller to stream into the build
 * directory. That directory also holds {@code history/} (the part of the job's history the engine reads,
 * copied there by the controller before the call) and {@code work/} (plan files, tool output).
 *
 * <p>Secrets travel here inside {@link StackCredentials} (as credentials-binding's environment does); they
 * reach only their stack's processes and are masked in every line the engine prints.
 */
final class AgentEngineCall extends MasterToSlaveFileCallable<AgentOutcome> {
    private static final long serialVersionUID = 2L;

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

    /**
     * @param tempDir      the step's temporary directory on the agent (absolute)
     * @param lockedStacks  the stacks the controller locked for this step: the only ones the engine may apply
     * @param heldElsewhere selected stacks another step of this job holds (a deploy, or a check that may deploy)
     */
    AgentEngineCall(final Operation operation, final EngineRequest request, final StackCredentials credentials,
            final TaskListener listener, final String tempDir, final Set<String> lockedStacks,
            final Set<String> heldElsewhere) {
        this.operation = operation;
        this.request = request;
        this.credentials = credentials;
        this.listener = listener;
        this.tempDir = tempDir;
        this.lockedStacks = new TreeSet<>(lockedStacks);
        this.heldElsewhere = new TreeSet<>(heldElsewhere);
    }

    @Override
    public AgentOutcome invoke(final File workspace, final VirtualChannel channel) throws IOException, InterruptedException {
        PrintStream log = new PrintStream(new SecretMaskingOutputStream(listener.getLogger(), credentials.secretValues()),
                true, StandardCharsets.UTF_8);
        try {
            return run(workspace.toPath(), Path.of(tempDir), log);
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

    /** The body, on plain paths (so it is tested without a Jenkins channel). */
    AgentOutcome run(final Path workspace, final Path temp, final PrintStream log) throws IOException, InterruptedException {
        ConfigResult config = ConfigLoader.load(request.configPath(workspace), request.repositoryRoot(workspace));
        if (!config.isValid()) {
            return AgentOutcome.builder().problems(formatted(config.problems(), workspace))
                    .warnings(formatted(config.warnings(), workspace)).build();
        }
        switch (operation) {
            case VALIDATE:
                return AgentOutcome.builder().warnings(formatted(config.warnings(), workspace))
                        .selectedStacks(credentialIds(config.config()))
                        .stackLines(ValidateListing.text(config.config(), config.ignored()).lines().toList()).build();
            case INSPECT:
                return inspect(config.config());
            default:
                return runEngine(workspace, temp, log);
        }
    }

    private static Map<String, Map<String, String>> credentialIds(final StacksConfig config) {
        Map<String, Map<String, String>> all = new TreeMap<>();
        config.stacks().forEach(stack -> all.put(stack.id().value(), stack.credentials()));
        return all;
    }

    /** The stacks the selection resolves to, with the credentials ids each names (ids only, never a secret). */
    private AgentOutcome inspect(final StacksConfig config) {
        Set<StackId> known = new TreeSet<>();
        config.stacks().forEach(stack -> known.add(stack.id()));
        StackSelection.Resolved selection = StackSelection.of(request.stacks()).resolve(known);
        if (!selection.problems().isEmpty()) {
            return AgentOutcome.builder().problems(selection.problems()).build();
        }
        Map<String, Map<String, String>> selected = new TreeMap<>();
        for (StackId id : selection.stacks()) {
            selected.put(id.value(), config.stack(id).map(StackConfig::credentials).orElse(Map.of()));
        }
        return AgentOutcome.builder().selectedStacks(selected).build();
    }

    private AgentOutcome runEngine(final Path workspace, final Path temp, final PrintStream log) throws IOException {
        Path work = Files.createDirectories(temp.resolve(WORK_DIR));
        HistoryStore history = new HistoryStore(temp.resolve(HISTORY_DIR));
        markHeldElsewhere(history);
        EngineServices services = new EngineServices(
                AgentProcessRunner.local(request.buildEnvironment(), credentials.secretValues()),
                request.toolSettings(), history, new HeldStackLocks(lockedStacks), this::environmentFor, work,
                Clock.systemUTC(), line -> log.println("Stack Drift: " + line));
        // the controller already turned markers of builds that ended into "interrupted" trail entries; the
        // markers left in the copy belong to builds that are running
        StackDriftEngine engine = new StackDriftEngine(services, marker -> true);
        Set<StackId> deployedBefore = everDeployed(history);
        RunOutcome outcome;
        switch (operation) {
            case PREVIEW:
                outcome = engine.preview(request.toRunRequest(workspace));
                break;
            case CHECK:
                outcome = engine.check(request.toRunRequest(workspace));
                break;
            default:
                outcome = engine.deploy(request.toRunRequest(workspace));
                break;
        }
        // a tool's own words (a Pulumi diagnostic on stdout, say) can carry a secret into a reason: the record
        // and what goes back to the controller get the log's mask too
        SecretMaskingOutputStream.Masker masker = new SecretMaskingOutputStream.Masker(credentials.secretValues());
        AgentOutcome.Builder result = AgentOutcome.builder().problems(masked(formatted(outcome.problems(), workspace), masker))
                .warnings(masked(formatted(outcome.warnings(), workspace), masker)).notes(masked(outcome.notes(), masker));
        if (outcome.run().isPresent()) {
            RunRecord record = masked(outcome.run().get(), masker);
            AtomicFiles.write(temp.resolve(RECORD_FILE), out -> RecordJson.writeRun(out, sequenceOf(record), record));
            result.recorded(deployDigests(record, history)).forgotten(forgottenDeploys(record, deployedBefore, history));
        }
        return result.build();
    }

    /** The record with every secret value masked in the reasons of its rows and trail entries. */
    static RunRecord masked(final RunRecord record, final SecretMaskingOutputStream.Masker masker) {
        List<Row> rows = new ArrayList<>();
        for (Row row : record.rows()) {
            rows.add(row.withState(row.state(), masker.mask(row.reason())));
        }
        List<TrailEntry> trail = new ArrayList<>();
        for (TrailEntry e : record.trail()) {
            trail.add(new TrailEntry(e.stack(), e.runId(), e.startedAt(), e.finishedAt(), e.result(), e.repairedDrift(),
                    e.restoredPaths(), masker.mask(e.reason())));
        }
        return new RunRecord(record.runId(), record.kind(), record.cause(), record.startedAt(), record.finishedAt(), rows, trail);
    }

    private static List<String> masked(final List<String> lines, final SecretMaskingOutputStream.Masker masker) {
        return lines.stream().map(masker::mask).toList();
    }

    /**
     * A stack another step holds gets a "deploy running" marker in this run's copy of the history (unless the
     * holder's deploy marker is already there), so the engine skips it as the spec says for a running deploy,
     * instead of checking it and then failing to take its lock.
     */
    private void markHeldElsewhere(final HistoryStore history) {
        Set<StackId> marked = new TreeSet<>();
        history.deploysInProgress().forEach(marker -> marked.add(marker.stack()));
        for (String stack : heldElsewhere) {
            StackId id = StackId.of(stack);
            if (!marked.contains(id)) {
                history.markDeployStarted(id, "another build", System.currentTimeMillis());
            }
        }
    }

    private Map<String, String> environmentFor(final StackConfig stack) throws MissingCredentialsException {
        String failure = credentials.failures().get(stack.id().value());
        if (failure != null) {
            throw new MissingCredentialsException(failure);
        }
        return credentials.environment(stack.id().value());
    }

    /**
     * The digests the engine recorded for this run's successful deploys, read back from the agent's copy of
     * the history; the controller saves the run into the job's history with them.
     */
    static Map<String, String> deployDigests(final RunRecord record, final HistoryStore history) {
        Map<StackId, StackStatus> statuses = history.stackStatuses();
        Map<String, String> digests = new TreeMap<>();
        for (TrailEntry entry : record.trail()) {
            if (entry.result() != TrailResult.DEPLOYED && entry.result() != TrailResult.NOTHING_TO_DEPLOY) {
                continue;
            }
            StackStatus status = statuses.get(entry.stack());
            if (status != null && status.lastRunId().equals(record.runId()) && status.lastDeployedAt() == entry.finishedAt()
                    && !status.lastDeployDigest().isEmpty()) {
                digests.put(entry.stack().value(), status.lastDeployDigest());
            }
        }
        return digests;
    }

    private static Set<StackId> everDeployed(final HistoryStore history) {
        Set<StackId> deployed = new TreeSet<>();
        history.stackStatuses().forEach((id, status) -> {
            if (status.everDeployed()) {
                deployed.add(id);
            }
        });
        return deployed;
    }

    /**
     * The stacks of this run's trail whose last deploy the engine forgot in the agent's copy of the history (a
     * destroy, also one that failed or was interrupted part-way); the controller forgets them in the job's history.
     */
    static Set<String> forgottenDeploys(final RunRecord record, final Set<StackId> deployedBefore, final HistoryStore history) {
        Map<StackId, StackStatus> statuses = history.stackStatuses();
        Set<String> forgotten = new TreeSet<>();
        for (TrailEntry entry : record.trail()) {
            StackStatus status = statuses.get(entry.stack());
            if (deployedBefore.contains(entry.stack()) && status != null && !status.everDeployed()) {
                forgotten.add(entry.stack().value());
            }
        }
        return forgotten;
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
        String prefix = workspace.toAbsolutePath().normalize() + java.io.File.separator;
        List<String> lines = new ArrayList<>();
        for (Problem problem : problems) {
            String file = problem.file().startsWith(prefix) ? problem.file().substring(prefix.length()) : problem.file();
            lines.add(new Problem(file, problem.line(), problem.column(), problem.message(), problem.hint()).format());
        }
        return lines;
    }
}
