package io.stackdrift.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import io.stackdrift.engine.EngineServices;
import io.stackdrift.engine.RunOutcome;
import io.stackdrift.engine.RunRequest;
import io.stackdrift.engine.StackDriftEngine;
import io.stackdrift.local.FileStackLocks;
import io.stackdrift.local.LocalProcessRunner;
import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.Directories;
import io.stackdrift.model.IoProblem;
import io.stackdrift.model.StackId;
import io.stackdrift.model.StartedBy;
import io.stackdrift.model.Timing;
import io.stackdrift.record.AtomicFiles;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunIds;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.RunWorkDirectories;
import io.stackdrift.record.ToolProcessLog;
import io.stackdrift.record.TrailResult;
import io.stackdrift.render.HtmlReport;
import io.stackdrift.render.ReviewMarkdown;
import io.stackdrift.render.ReviewSummary;
import io.stackdrift.render.SecretMask;
import io.stackdrift.spi.DeployJournal;
import io.stackdrift.spi.HistoryView;
import io.stackdrift.spi.ProgressListener;

/**
 * The command line as the engine's host, for one run: numbers it, wires the services — local processes (what each
 * tool said kept for a failed stack, {@link ToolOutputKeeper}), the tools of the {@link RunSetup}, the history in the
 * record directory, file locks beside it, credentials from the environment stackdrift runs in with their values
 * masked in every output ({@link EnvironmentCredentials}), a temporary work directory removed afterwards — runs one
 * engine call, saves its record once, prints it ({@link RunPrinter}) and writes the HTML report.
 */
final class CliHost {
    /** How long a run waits for a stack's lock, or for a stack another shard deploys. */
    static final Duration LOCK_TIMEOUT = Duration.ofMinutes(30);

    /** How many earlier runs' summaries the HTML report's drift picture shows. */
    private static final int HTML_HISTORY = 30;
    /** How a tool's failure reason refers to its output; the command line keeps that output in a file instead. */
    private static final String CONSOLE_LOG = "see the console log";

    private final RunSetup setup;
    private final PrintWriter out;
    private final PrintWriter err;

    CliHost(final RunSetup setup, final PrintWriter out, final PrintWriter err) {
        this.setup = setup;
        this.out = out;
        this.err = err;
    }

    /** Runs one engine call, prints the result and returns the exit code. */
    int run(final StartedBy startedBy, final String cause, final Set<String> changed, final UnaryOperator<RunRequest.Builder> adjust,
            final EngineCall call) {
        Path recordDir = setup.recordDir();
        HistoryStore history = new HistoryStore(recordDir);
        RunRequest request = adjust.apply(asked(startedBy, cause, changed, history).toBuilder()).build();
        // the values of the variables named under credentials: are masked in everything the run prints and keeps
        EnvironmentCredentials credentials = new EnvironmentCredentials(CliEnvironment::get);
        Path workDir = null;
        WorkDirCleanup cleanup = null;
        StopHook stop = StopHook.install(Thread.currentThread());
        MemoryGuard memory = MemoryGuard.install(Thread.currentThread());
        try {
            workDir = sweptWorkDirectory();
            ToolProcessLog toolProcesses = new ToolProcessLog(recordDir.resolve("locks").resolve("runs"));
            toolProcesses.sweep();
            ToolOutputKeeper tools = new ToolOutputKeeper(new LocalProcessRunner(toolProcesses), workDir, credentials::mask);
            RunOutcome ran = call.run(new StackDriftEngine(services(history, tools, toolProcesses, credentials, workDir,
                    progress(request, credentials))), request);
            // the save and the pages come next: a stop for memory would break them, not spare them
            memory.close();
            // a stop (StopHook) interrupted the run, which recorded it: the flag must not break the save that follows
            boolean stopped = Thread.interrupted();
            Map<StackId, Path> kept = ran.run().map(run -> tools.keep(run, recordDir)).orElse(Map.of());
            tools.close();
            // only the rows' spill files are read from the work directory after this: the rest is deleted while the
            // record is saved (docs/benchmarks.md)
            cleanup = WorkDirCleanup.start(workDir);
            RunOutcome outcome = shown(ran, credentials.mask(), kept);
            Kept keptRun = keep(outcome, history, credentials.mask());
            // what ran is printed whatever the record did: a deploy that applied must say so
            new RunPrinter(setup.config(), setup.json(), setup.verbosity()).print(outcome, keptRun.exitCode(), keptRun.notes(), out, err);
            printEnd(memory.why(), stopped, kept, keptRun.notes());
            return keptRun.exitCode();
        } finally {
            if (cleanup != null) {
                cleanup.finish();
            } else {
                deleteQuietly(workDir);
            }
            memory.close();
            stop.finished();
        }
    }

    /** What the command line asks by default: a numbered run of the setup's stacks; the command adjusts it. */
    private RunRequest asked(final StartedBy startedBy, final String cause, final Set<String> changed, final HistoryStore history) {
        return new RunRequest(setup.config(), setup.root(), setup.stacks(), setup.parallelism(), startedBy, changed,
                nextRunId(history, this::warn), cause, DeployMode.APPLY, Approval.NOT_GIVEN, DeployKind.DEPLOY, Set.of(),
                Timing.WHEN_DUE);
    }

    /** Progress on stderr, masked; a failed stack's "see the console log" names where its tool's output is kept. */
    private ProgressListener progress(final RunRequest request, final EnvironmentCredentials credentials) {
        String keptLogs = "its output is kept in " + ToolOutputKeeper.runLogs(setup.recordDir(), request.runId()) + " when the run ends";
        return line -> {
            if (!setup.verbosity().quiet()) {
                err.println(Terminal.safe(credentials.mask().mask(line.replace(CONSOLE_LOG, keptLogs))));
                err.flush();
            }
        };
    }

    private EngineServices services(final HistoryStore history, final ToolOutputKeeper tools, final ToolProcessLog toolProcesses,
            final EnvironmentCredentials credentials, final Path workDir, final ProgressListener progress) {
        Path locks = setup.recordDir().resolve("locks");
        return new EngineServices(tools, setup.tools(), HistoryView.of(history), DeployJournal.of(history, HistoryStore::isRunningHere),
                new FileStackLocks(locks, LOCK_TIMEOUT, progress::line, toolProcesses).perDirectory(), credentials, workDir,
                Clock.systemUTC(), progress);
    }

    /**
     * A fresh work directory for the run, after sweeping those of runs killed with kill -9: they leave plan JSON behind
     * and tool processes that may still apply (their locks stay taken while one of their tools runs).
     */
    private Path sweptWorkDirectory() {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        String user = System.getProperty("user.name", "user");
        RunWorkDirectories.sweepDead(tmp, user);
        return workDirectory(tmp, user, this::warn);
    }

    /**
     * The one save of the run (the engine returns what to keep and writes none of it, also after Ctrl-C), then the
     * page — before the result, so that the exit code the JSON carries is the command's.
     */
    private Kept keep(final RunOutcome outcome, final HistoryStore history, final SecretMask mask) {
        Optional<String> notRecorded = save(outcome, history);
        history.warnings().forEach(this::warn);
        Optional<String> notWritten = html(outcome, history, setup.verbosity().quiet(), this::warn);
        Optional<String> markdownNotWritten = markdown(outcome, mask);
        int exitCode = notRecorded.isPresent() && applied(outcome) ? ExitCodes.APPLIED_NOT_RECORDED
                : notRecorded.isPresent() || notWritten.isPresent() || markdownNotWritten.isPresent() ? ExitCodes.ERROR
                : outcome.exitCode();
        List<String> notes = new ArrayList<>();
        notWritten.ifPresent(notes::add);
        markdownNotWritten.ifPresent(notes::add);
        notRecorded.ifPresent(notes::add);
        return new Kept(exitCode, notes);
    }

    /** What keeping the run came to: the command's exit code, and what could not be kept. */
    private record Kept(int exitCode, List<String> notes) {
        Kept {
            notes = List.copyOf(notes);
        }
    }

    /** After the result: why the run stopped early, where failed tools' output is kept, what could not be kept. */
    private void printEnd(final Optional<String> memoryStop, final boolean stopped, final Map<StackId, Path> kept,
            final List<String> notes) {
        if (memoryStop.isPresent()) {
            err.println("stackdrift: " + memoryStop.get());
        } else if (stopped) {
            err.println("stackdrift: stopped (Ctrl-C or a signal); stacks that were running are recorded as interrupted");
        }
        if (!setup.verbosity().quiet()) {
            kept.forEach((stack, log) -> err.println(Terminal.safe(stack + ": the tool's output is kept in " + log)));
        }
        out.flush();
        notes.forEach(why -> err.println("stackdrift: " + Terminal.safe(why)));
        err.flush();
    }

    private void warn(final String warning) {
        if (!setup.verbosity().quiet()) {
            err.println("warning: " + Terminal.safe(warning));
        }
    }

    /** The run's temporary directory; one that cannot be made says where and what to do. */
    private static Path workDirectory(final Path tmp, final String user, final Consumer<String> warn) {
        try {
            return RunWorkDirectories.create(tmp, user, warn);
        } catch (IOException e) {
            throw new CliFailure("cannot make the run's work directory in " + tmp + ": " + PathTrouble.describe(tmp, e),
                    "point the JVM's java.io.tmpdir at a directory you can write to: STACKDRIFT_JAVA_OPTS=-Djava.io.tmpdir=DIR",
                    "", tmp);
        }
    }

    /** Writes the HTML report when asked; why it could not be written, if so. */
    private Optional<String> html(final RunOutcome outcome, final HistoryStore history, final boolean quiet,
            final Consumer<String> warn) {
        Optional<Path> html = setup.html();
        if (html.isEmpty() || outcome.run().isEmpty()) {
            return Optional.empty();
        }
        try {
            HtmlReport.write(html.get(), outcome.run().get(), history(history, warn));
            if (!quiet) {
                err.println("report written to " + html.get());
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("the HTML report could not be written to " + html.get() + ": " + IoProblem.of(e) + "; "
                    + RunOptions.HTML_HINT);
        } catch (UncheckedIOException e) {
            return Optional.of("the HTML report could not be written to " + html.get() + ": " + IoProblem.of(e) + "; "
                    + RunOptions.HTML_HINT);
        }
    }

    /** Writes the review summary as Markdown when asked (its addresses and paths masked too); why it could not, if so. */
    private Optional<String> markdown(final RunOutcome outcome, final SecretMask mask) {
        Optional<Path> file = setup.markdown();
        if (file.isEmpty() || outcome.run().isEmpty()) {
            return Optional.empty();
        }
        String text = ReviewMarkdown.document(ReviewSummary.of(outcome.run().get(), mask));
        try {
            AtomicFiles.write(file.get(), out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
            if (!setup.verbosity().quiet()) {
                err.println("Markdown written to " + file.get());
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of(notWritten(file.get(), IoProblem.of(e)));
        } catch (UncheckedIOException e) {
            return Optional.of(notWritten(file.get(), IoProblem.of(e)));
        }
    }

    private static String notWritten(final Path file, final String problem) {
        return "the Markdown could not be written to " + file + ": " + problem + "; " + PreviewCommand.MARKDOWN_HINT;
    }

    /**
     * The outcome as the person and the history get it: every reason and note masked, and a failed stack's "see the
     * console log" — there is none here — pointing at the file that keeps its tool's output.
     */
    private static RunOutcome shown(final RunOutcome ran, final SecretMask mask, final Map<StackId, Path> kept) {
        if (ran.run().isEmpty()) {
            return ran;
        }
        RunRecord shown = mask.mask(ran.run().get()).mapReasons((stack, reason) -> logNamed(reason, kept.get(stack)));
        return ran.withShown(shown, mask.mask(ran.notes()));
    }

    /** A reason's "see the console log" — the command line has none — as where the tool's output is, or that it is not kept. */
    private static String logNamed(final String reason, final Path log) {
        if (!reason.contains(CONSOLE_LOG)) {
            return reason;
        }
        return reason.replace(CONSOLE_LOG, log == null ? "the tool's output could not be kept" : "its output is kept in " + log);
    }

    /**
     * Saves the run's record; on failure (a full disk, a file in the way) says what could not be written, where, and
     * what that means, instead of failing the command before its result is printed.
     */
    private static Optional<String> save(final RunOutcome outcome, final HistoryStore history) {
        if (outcome.toSave().isEmpty()) {
            return Optional.empty();
        }
        try {
            history.save(outcome.toSave().get());
            return Optional.empty();
        } catch (UncheckedIOException e) {
            String what = applied(outcome)
                    ? "; what this run deployed is listed above, and the history does not know it: the next run previews those "
                            + "stacks as if this one had not deployed them"
                    : "";
            return Optional.of("the record of this run could not be written (" + e.getMessage() + ")" + what);
        }
    }

    /** The run applied something, or may have: a deploy or destroy went through or was interrupted. */
    private static boolean applied(final RunOutcome outcome) {
        return outcome.run().stream().flatMap(run -> run.trail().stream()).anyMatch(entry -> entry.result() == TrailResult.DEPLOYED
                || entry.result() == TrailResult.DESTROYED || entry.result() == TrailResult.INTERRUPTED);
    }

    @FunctionalInterface
    interface EngineCall {
        RunOutcome run(StackDriftEngine engine, RunRequest request);
    }

    /** Runs are numbered like builds, so the pages and the trail say "run 7", not a timestamp. */
    static String nextRunId(final HistoryStore history, final Consumer<String> warnings) {
        long recorded = history.layout().highestSequence();
        try {
            // atomic and never reused: two runs at once, or the run after a kill -9, get numbers of their own
            return String.valueOf(RunIds.next(history.directory(), recorded, warnings));
        } catch (IOException e) {
            throw new CliFailure("cannot number the run in " + history.directory() + ": " + PathTrouble.describe(history.directory(), e),
                    RunOptions.RECORD_HINT, "--record", history.directory());
        }
    }

    /**
     * The summaries and the trail only: an earlier run's details may be huge, and the trend needs its counts. A summary
     * that could not be read is named here as on the page (where, and why in fixed words; nothing from the file).
     */
    private static HtmlReport.History history(final HistoryStore history, final Consumer<String> warn) {
        HistoryStore.Trend trend = history.trend(HTML_HISTORY);
        trend.skipped().forEach(run -> warn.accept("the report's drift picture leaves out a run whose summary could not be read: "
                + history.directory().resolve(run.file()) + ": " + run.why().words()));
        return new HtmlReport.History(trend.runs(), history.trail(), trend.skippedLines());
    }

    private static void deleteQuietly(final Path dir) {
        if (dir != null) {
            Directories.delete(dir);
        }
    }
}
