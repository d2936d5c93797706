package io.stackdrift.durable;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.stackdrift.engine.EngineServices;
import io.stackdrift.engine.RunOutcome;
import io.stackdrift.engine.RunRequest;
import io.stackdrift.engine.ShardRun;
import io.stackdrift.engine.StackDriftEngine;
import io.stackdrift.model.Directories;
import io.stackdrift.model.PlanDigest;
import io.stackdrift.model.Problem;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunRecord;
import io.stackdrift.render.SecretMask;
import io.stackdrift.runner.FileProcessRunner;
import io.stackdrift.runner.StepDirectory;
import io.stackdrift.runner.StepLog;
import io.stackdrift.runner.StepSecrets;
import io.stackdrift.runner.StepStatus;
import io.stackdrift.spi.DeployJournal;
import io.stackdrift.spi.HistoryView;
import io.stackdrift.spi.MissingCredentialsException;

/**
 * The engine as a process of its own on the agent ({@code java -cp … io.stackdrift.durable.EngineProcess STEP_DIR}):
 * it reads {@code request.json} and {@code secrets/}, runs the core engine with the step directory's file ports, and
 * leaves {@code log}, {@code status.json} (with a heartbeat), then {@code record.json} and {@code result.json}. It
 * needs no host while it runs: a host that restarts finds it where it was. A {@code stop} file stops it gently.
 * Exit status: 0 the result is written, 1 a failure result is written, 2 nothing could be written.
 */
public final class EngineProcess {
    /** How often {@code status.json} is rewritten and the {@code stop} file looked for. */
    static final Duration HEARTBEAT = Duration.ofSeconds(1);
    /** How often a shard's waiting stack reads the host's snapshot of the board (a local file). */
    static final Duration SHARD_POLL = Duration.ofSeconds(1);
    static final String TIMEOUT_HINT = "raise toolTimeout on the step or in the global configuration";
    private static final String PREFIX = "Stack Drift: ";

    private final StepDirectory dir;
    private final EngineJob job;
    private final StepSecrets secrets;

    private EngineProcess(final StepDirectory dir, final EngineJob job, final StepSecrets secrets) {
        this.dir = dir;
        this.job = job;
        this.secrets = secrets;
    }

    public static void main(final String[] args) {
        System.exit(run(args, System.err));
    }

    /** The process's body, with its exit status; {@code err} gets a line when nothing could be written. */
    static int run(final String[] args, final PrintStream err) {
        if (args.length != 1) {
            err.println("usage: java -cp stack-drift-core.jar " + EngineProcess.class.getName() + " STEP_DIRECTORY");
            return 2;
        }
        StepDirectory dir = new StepDirectory(Path.of(args[0]).toAbsolutePath());
        if (!dir.exists()) {
            err.println("Stack Drift: the step directory " + dir.root() + " does not exist");
            return 2;
        }
        EngineJob job;
        StepSecrets secrets;
        try {
            new StepStatus(StepStatus.Phase.STARTING, 0, 0, Clock.systemUTC().instant()).write(dir);
            job = RequestFile.read(dir);
            secrets = StepSecrets.read(dir);
        } catch (IOException e) {
            return failed(dir, e.getMessage(), err);
        }
        try {
            new EngineProcess(dir, job, secrets).execute();
            return 0;
        } catch (IOException e) {
            return failed(dir, "the engine on the agent failed: " + secrets.mask().mask(String.valueOf(e.getMessage())), err);
        }
    }

    private static int failed(final StepDirectory dir, final String reason, final PrintStream err) {
        try {
            StepResult.failed(reason).write(dir, Optional.empty());
            new StepStatus(StepStatus.Phase.ENDED, 0, 0, Clock.systemUTC().instant()).write(dir);
            return 1;
        } catch (IOException e) {
            err.println("Stack Drift: " + reason + "; and the result could not be written into " + dir.root() + ": "
                    + e.getMessage());
            return 2;
        }
    }

    private void execute() throws IOException {
        SecretMask mask = secrets.mask();
        StepLog log = new StepLog(dir, mask, PREFIX);
        FileProcessRunner processes = new FileProcessRunner(dir, secrets, job.grace());
        StepRequest request = job.request().toBuilder().valueKey(secrets.valueKey()).build();
        EngineServices services = new EngineServices(processes, request.toolSettings(TIMEOUT_HINT),
                HistoryView.of(new HistoryStore(dir.history())), DeployJournal.NONE, new HeldLocks(job.lockedStacks(), "another run"),
                this::environmentFor, Directories.ensure(dir.work()), job.clock(), log);
        Set<StackId> held = new TreeSet<>();
        job.heldElsewhere().forEach(stack -> held.add(StackId.of(stack)));
        RunRequest runRequest = request.toRunRequest(job.workspace()).withHeldElsewhere(held);
        Thread engineThread = Thread.currentThread();
        AtomicBoolean stopping = new AtomicBoolean();
        ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "stack-drift-heartbeat");
            thread.setDaemon(true);
            return thread;
        });
        ScheduledFuture<?> beats = heartbeat.scheduleWithFixedDelay(() -> beat(log, processes, stopping, engineThread), 0,
                HEARTBEAT.toMillis(), TimeUnit.MILLISECONDS);
        RunOutcome outcome;
        boolean interrupted;
        try {
            StackDriftEngine engine = new StackDriftEngine(services);
            Optional<ShardRun> shard = job.shard().map(s -> new ShardRun(s.number(), s.count(),
                    new BoardFiles(dir, s, SHARD_POLL)));
            outcome = switch (job.operation()) {
                case PREVIEW -> engine.preview(runRequest);
                case CHECK -> shard.isPresent() ? engine.check(runRequest, shard.get()) : engine.check(runRequest);
                case DEPLOY -> shard.isPresent() ? engine.deploy(runRequest, shard.get()) : engine.deploy(runRequest);
            };
        } finally {
            beats.cancel(false);
            heartbeat.shutdownNow();
            interrupted = Thread.interrupted();
        }
        // a stop asked counts even when the heartbeat had not seen it yet (the last call ended first)
        interrupted |= stopping.get() || dir.stopAsked();
        Optional<RunRecord> record = outcome.run().map(mask::mask);
        result(outcome, interrupted, mask).write(dir, record);
        new StepStatus(StepStatus.Phase.ENDED, log.stacksDone(), processes.callsAsked(), Clock.systemUTC().instant())
                .write(dir);
    }

    /** One heartbeat: the status, and a {@code stop} turned into an interrupt of the engine, once. */
    private void beat(final StepLog log, final FileProcessRunner processes, final AtomicBoolean stopping,
            final Thread engineThread) {
        if (dir.stopAsked() && stopping.compareAndSet(false, true)) {
            engineThread.interrupt();
        }
        StepStatus.Phase phase = stopping.get() ? StepStatus.Phase.STOPPING : StepStatus.Phase.RUNNING;
        try {
            new StepStatus(phase, log.stacksDone(), processes.callsAsked(), Clock.systemUTC().instant()).write(dir);
        } catch (IOException e) {
            // the step directory is gone or full: the run notices at its next file, the host by the old heartbeat
        }
    }

    private StepResult result(final RunOutcome outcome, final boolean interrupted, final SecretMask mask) {
        Map<String, String> digests = new TreeMap<>();
        outcome.deployDigests().forEach((id, digest) -> digests.put(id.value(), digest));
        Map<String, String> pins = new TreeMap<>();
        outcome.run().ifPresent(run -> {
            for (Row row : run.rows()) {
                if (row.state() == RowState.AWAITING_APPROVAL) {
                    pins.put(row.id().value(), PlanDigest.of(row, job.request().commit()));
                }
            }
        });
        return new StepResult(Optional.empty(), interrupted, outcome.exitCode(), mask.mask(formatted(outcome.problems())),
                mask.mask(formatted(outcome.warnings())), mask.mask(outcome.notes()), digests, names(outcome.forgottenDeploys()),
                names(outcome.owedDeploys()), outcome.configuredStacks().map(EngineProcess::names), pins,
                outcome.nextScheduledCheck());
    }

    private Map<String, String> environmentFor(final StackId stack, final Map<String, String> credentialIds)
            throws MissingCredentialsException {
        String failure = secrets.failures().get(stack.value());
        if (failure != null) {
            throw new MissingCredentialsException(failure);
        }
        return secrets.environmentOf(stack.value());
    }

    private static Set<String> names(final Set<StackId> ids) {
        Set<String> out = new TreeSet<>();
        ids.forEach(id -> out.add(id.value()));
        return out;
    }

    /** Problems as lines, files named relative to the workspace (the agent's absolute path is noise in a log). */
    private List<String> formatted(final List<Problem> problems) {
        return Problem.linesUnder(problems, job.workspace());
    }
}
