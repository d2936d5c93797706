package io.stackdrift.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

import picocli.CommandLine;
import picocli.CommandLine.Option;

import io.stackdrift.engine.EngineServices;
import io.stackdrift.engine.RunOutcome;
import io.stackdrift.engine.RunRequest;
import io.stackdrift.engine.StackDriftEngine;
import io.stackdrift.engine.StartedBy;
import io.stackdrift.local.FileStackLocks;
import io.stackdrift.local.LocalProcessRunner;
import io.stackdrift.model.Directories;
import io.stackdrift.model.Problem;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunIds;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.RunWorkDirectories;
import io.stackdrift.record.ToolProcessLog;
import io.stackdrift.record.TrailResult;
import io.stackdrift.render.HtmlReport;
import io.stackdrift.render.RunJsonWriter;
import io.stackdrift.render.RunText;
import io.stackdrift.render.SecretMask;
import io.stackdrift.spi.DeployJournal;
import io.stackdrift.spi.HistoryView;
import io.stackdrift.spi.ProgressListener;
import io.stackdrift.spi.ToolSettings;

/**
 * The options preview, check and deploy share, and the wiring of the engine's services for the command line:
 * local processes (what each tool said kept for a failed stack, {@link ToolOutputKeeper}), tools on {@code PATH} (or
 * {@code --tool-path}), the history in {@code --record}, file locks beside it, credentials from the environment
 * stackdrift runs in, their values masked in every output ({@link EnvironmentCredentials}), a temporary work
 * directory removed afterwards.
 */
final class RunOptions {
    /** How many earlier runs' summaries the HTML report's drift picture shows. */
    private static final int HTML_HISTORY = 30;
    /** How a tool's failure reason refers to its output; the command line keeps that output in a file instead. */
    private static final String CONSOLE_LOG = "see the console log";
    /** How long a run waits for a stack's lock, or for a stack another shard deploys. */
    static final Duration LOCK_TIMEOUT = Duration.ofMinutes(30);

    @Option(names = "--config", paramLabel = "FILE", defaultValue = "stacks.yaml",
            description = "The configuration file (default: ${DEFAULT-VALUE}); its directory is the repository root.")
    Path config;

    @Option(names = "--stacks", paramLabel = "ID", split = ",",
            description = "Stack ids or globs to include (comma-separated or repeated); default: every stack.")
    List<String> stacks = new ArrayList<>();

    @Option(names = "--json", description = "Print the result as JSON on standard output (counts, rows, trail; never a value).")
    boolean json;

    @Option(names = "--html", paramLabel = "DIR", description = "Write a static HTML report of the run into DIR.")
    Path html;

    @Option(names = "--record", paramLabel = "DIR",
            description = "Where the history lives (default: .stackdrift/ beside the configuration file).")
    Path record;

    @Option(names = "--parallelism", paramLabel = "N", description = "Stacks run at once (overrides the file's parallelism).")
    Integer parallelism;

    @Option(names = "--tool-path", paramLabel = "TOOL=PATH",
            description = "The executable of a tool (terraform, tofu, pulumi); default: the tool's name on PATH.")
    Map<String, String> toolPaths = Map.of();

    @Option(names = "--timeout", paramLabel = "DURATION", description = "How long one tool process may run (default: 10m).")
    String timeout;

    /** Runs one engine call with the command line's services, prints the result and returns the exit code. */
    int run(final CommandLine commandLine, final StartedBy startedBy, final String cause, final Set<String> changed,
            final Function<RunRequest, RunRequest> adjust, final EngineCall call) {
        PrintWriter out = commandLine.getOut();
        PrintWriter err = commandLine.getErr();
        if (parallelism != null && parallelism < 1) {
            throw new CommandLine.ParameterException(commandLine, "--parallelism must be at least 1, not " + parallelism);
        }
        ToolSettings settings = toolSettings(commandLine);
        Path configFile = config.toAbsolutePath().normalize();
        Path root = Optional.ofNullable(configFile.getParent()).orElse(Path.of("").toAbsolutePath());
        Path recordDir = recordDir();
        Clock clock = Clock.systemUTC();
        HistoryStore history = new HistoryStore(recordDir);
        RunRequest asked = new RunRequest(config, root, stacks, parallelism == null ? OptionalInt.empty() : OptionalInt.of(parallelism),
                startedBy, changed, nextRunId(history, warning -> err.println("warning: " + Terminal.safe(warning))), cause, false, false,
                false);
        RunRequest request = adjust.apply(asked);
        // the values of the variables named under credentials: are masked in everything the run prints and keeps
        EnvironmentCredentials credentials = new EnvironmentCredentials(CliEnvironment::get);
        ProgressListener progress = line -> {
            err.println(Terminal.safe(credentials.mask().mask(line)));
            err.flush();
        };
        Path workDir = null;
        WorkDirCleanup cleanup = null;
        StopHook stop = StopHook.install(Thread.currentThread());
        try {
            // runs killed with kill -9 leave plan JSON behind and tool processes that may still apply: swept,
            // and their locks stay taken while one of their tools runs
            Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
            String user = System.getProperty("user.name", "user");
            RunWorkDirectories.sweepDead(tmp, user);
            workDir = RunWorkDirectories.create(tmp, user, warning -> err.println("warning: " + Terminal.safe(warning)));
            ToolProcessLog toolProcesses = new ToolProcessLog(recordDir.resolve("locks").resolve("runs"));
            toolProcesses.sweep();
            ToolOutputKeeper tools = new ToolOutputKeeper(new LocalProcessRunner(toolProcesses), workDir, credentials::mask);
            EngineServices services = new EngineServices(tools, settings, HistoryView.of(history),
                    DeployJournal.of(history, HistoryStore::isRunningHere),
                    new FileStackLocks(recordDir.resolve("locks"), LOCK_TIMEOUT, progress::line, toolProcesses).perDirectory(),
                    credentials, workDir, clock, progress);
            RunOutcome ran = call.run(new StackDriftEngine(services), request);
            // a stop (StopHook) interrupted the run, which recorded it: the flag must not break the save that follows
            boolean stopped = Thread.interrupted();
            Map<StackId, Path> kept = ran.run().map(run -> tools.keep(run, recordDir)).orElse(Map.of());
            // only the rows' spill files are read from the work directory after this: the rest is deleted while the
            // record is saved (docs/benchmarks.md)
            cleanup = WorkDirCleanup.start(workDir);
            RunOutcome outcome = shown(ran, credentials.mask(), kept);
            // the one save of the run: the engine returns what to keep and writes none of it (also after Ctrl-C)
            Optional<String> notRecorded = save(outcome, history);
            for (String warning : history.warnings()) {
                err.println("warning: " + Terminal.safe(warning));
            }
            // what ran is printed whatever the record did: a deploy that applied must say so
            print(outcome, out, err);
            if (stopped) {
                err.println("stackdrift: stopped (Ctrl-C or a signal); stacks that were running are recorded as interrupted");
            }
            kept.forEach((stack, log) -> err.println(Terminal.safe(stack + ": the tool's output is kept in " + log)));
            out.flush();
            boolean written = notRecorded.isEmpty();
            if (html != null && outcome.run().isPresent()) {
                try {
                    HtmlReport.write(html, outcome.run().get(), history(history));
                    err.println("report written to " + html);
                } catch (IOException | UncheckedIOException e) {
                    err.println("stackdrift: the HTML report could not be written to " + html + ": "
                            + Terminal.safe(String.valueOf(e.getMessage())));
                    written = false;
                }
            }
            notRecorded.ifPresent(why -> err.println("stackdrift: " + Terminal.safe(why)));
            if (!written) {
                err.flush();
                return notRecorded.isPresent() && applied(outcome) ? ExitCodes.APPLIED_NOT_RECORDED : ExitCodes.ERROR;
            }
            err.flush();
            return outcome.exitCode();
        } catch (IOException e) {
            err.println("stackdrift: " + Terminal.safe(String.valueOf(e.getMessage())));
            err.flush();
            return ExitCodes.ERROR;
        } finally {
            if (cleanup != null) {
                cleanup.finish();
            } else {
                deleteQuietly(workDir);
            }
            stop.finished();
        }
    }

    /** The history's directory: {@code --record}, else {@code .stackdrift/} beside the configuration file. */
    Path recordDir() {
        Path configFile = config.toAbsolutePath().normalize();
        Path root = Optional.ofNullable(configFile.getParent()).orElse(Path.of("").toAbsolutePath());
        return record != null ? record : root.resolve(".stackdrift");
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

    private ToolSettings toolSettings(final CommandLine commandLine) {
        ToolSettings settings = ToolSettings.defaults();
        for (Map.Entry<String, String> entry : toolPaths.entrySet()) {
            Tool tool = Tool.fromWord(entry.getKey()).orElseThrow(() -> new CommandLine.ParameterException(commandLine,
                    "--tool-path: unknown tool '" + entry.getKey() + "'; write terraform=PATH, tofu=PATH or pulumi=PATH"));
            settings = settings.withExecutable(tool, entry.getValue());
        }
        if (timeout != null) {
            Duration parsed = StackDriftEngine.duration(timeout).filter(d -> !d.isZero())
                    .orElseThrow(() -> new CommandLine.ParameterException(commandLine,
                            "--timeout: '" + timeout + "' is not a duration; write e.g. 30s, 15m or 1h30m"));
            settings = settings.withTimeout(parsed);
        }
        return settings;
    }

    private void print(final RunOutcome outcome, final PrintWriter out, final PrintWriter err) {
        // the one place configuration warnings are printed (the engine returns them, it does not print them):
        // in full, the hint on its own line, each line made inert for the terminal
        for (Problem warning : outcome.warnings()) {
            printLines("warning: " + warning.format(), err);
        }
        if (outcome.configInvalid()) {
            for (Problem problem : outcome.problems()) {
                printLines(problem.format(), err);
            }
            int count = outcome.problems().size();
            err.println(config + ": " + count + (count == 1 ? " problem" : " problems") + "; no tool ran");
        }
        if (json) {
            try {
                RunJsonWriter.write(outcome, out);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the run JSON: " + e.getMessage(), e);
            }
            return;
        }
        if (outcome.run().isEmpty()) {
            return;
        }
        RunText.lines(outcome.run().get(), Terminal.colour()).forEach(out::println);
    }

    private static void printLines(final String text, final PrintWriter err) {
        for (String line : text.split("\n", -1)) {
            err.println(Terminal.safe(line));
        }
    }

    /** Runs are numbered like builds, so the pages and the trail say "run 7", not a timestamp. */
    static String nextRunId(final HistoryStore history, final Consumer<String> warnings) {
        long recorded = history.layout().highestSequence();
        try {
            // atomic and never reused: two runs at once, or the run after a kill -9, get numbers of their own
            return String.valueOf(RunIds.next(history.directory(), recorded, warnings));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot number the run in " + history.directory() + ": " + e.getMessage(), e);
        }
    }

    /** The summaries and the trail only: an earlier run's details may be huge, and the trend needs its counts. */
    private static HtmlReport.History history(final HistoryStore history) {
        return new HtmlReport.History(history.summaries(HTML_HISTORY), history.trail());
    }

    private static void deleteQuietly(final Path dir) {
        if (dir != null) {
            Directories.delete(dir);
        }
    }
}
