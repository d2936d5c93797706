package io.stackdrift.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import io.stackdrift.engine.ReportRequest;
import io.stackdrift.engine.RunOutcome;
import io.stackdrift.engine.StackDriftEngine;
import io.stackdrift.model.IoProblem;
import io.stackdrift.model.RowState;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunRecord;
import io.stackdrift.render.CountsLine;
import io.stackdrift.render.HtmlReport;
import io.stackdrift.render.ReportSpill;
import io.stackdrift.render.ReportTextSpill;
import io.stackdrift.render.RunJsonWriter;

/**
 * {@code stackdrift report FILE...}: analyses plan/preview files a tool produced elsewhere (no tool runs), with
 * the engine's {@code report}. Each file is read once, streaming; its changes go to a temporary spill file as the
 * engine hands them over. Once every file is read, the counts line opens the output (docs/report.md), then each
 * row with its changes copied from its spill file, so a plan of 100,000 changes is never held in memory (unless
 * {@code --html} or {@code --record} asks for whole rows). A failed file shows its one-line reason and no changes.
 * {@code --json} is the run JSON of every command (docs/cli.md); both forms are written by the core's rendering
 * ({@link RunJsonWriter} over {@link ReportSpill}, {@link ReportTextSpill}).
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Analyses plan and preview files a tool produced elsewhere; no tool runs.",
                "It reads terraform/tofu show -json and plan -json, pulumi preview --json,",
                "pulumi refresh --preview-only --json and Pulumi engine events (JSON Lines)."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:nothing to report", "2:drift or pending changes",
                "1:a file failed, or the record or report could not be written"})
final class ReportCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "plan or preview files")
    private List<Path> files;

    @Option(names = "--json", description = "machine-readable output")
    private boolean json;

    @Option(names = "--html", paramLabel = "DIR",
            description = "also write the static HTML report there (holds the changes of every file in memory)")
    private Path html;

    @Option(names = "--record", paramLabel = "DIR", description = "also keep this analysis in the history at DIR")
    private Path record;

    @Option(names = "--quiet", description = "print only errors (on stderr) and the counts line; the exit code is the same")
    private boolean quiet;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        // made sure of before any file is read
        if (record != null) {
            PathTrouble.writableDirectory("--record " + record, "--record", record, RunOptions.RECORD_HINT);
        }
        if (html != null) {
            PathTrouble.writableDirectory("--html " + html, "--html", html, RunOptions.HTML_HINT);
        }
        try (ReportTextSpill textSpill = new ReportTextSpill(); ReportSpill jsonSpill = new ReportSpill()) {
            // every file first: the counts line opens the output; the changes wait in spill files
            HistoryStore history = record == null ? null : new HistoryStore(record);
            String runId = history == null ? "report" : CliHost.nextRunId(history, warning -> {
                if (!quiet) {
                    err.println("warning: " + Terminal.safe(warning));
                }
            });
            // the page and the history need whole rows: then the engine keeps each file's changes too
            ReportRequest.Keep keep = html != null || record != null ? ReportRequest.Keep.CHANGES : ReportRequest.Keep.STATES;
            RunOutcome outcome;
            try {
                outcome = StackDriftEngine.report(new ReportRequest(files, runId, "report of files produced elsewhere", keep),
                        Clock.systemUTC(), json ? jsonSpill : textSpill);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            RunRecord run = outcome.run().orElseThrow();
            // the history and the page before the result, so that the exit code the JSON carries is the command's
            List<String> notWritten = new ArrayList<>();
            if (history != null) {
                try {
                    outcome.toSave().ifPresent(history::save);
                    say(err, "recorded in " + record);
                } catch (UncheckedIOException e) {
                    notWritten.add("the record of this report could not be written to " + record + ": " + IoProblem.of(e) + "; "
                            + RunOptions.RECORD_HINT);
                }
            }
            if (html != null) {
                try {
                    HtmlReport.write(html, run, List.of(run));
                    say(err, "report written to " + html);
                } catch (IOException | UncheckedIOException e) {
                    notWritten.add("the HTML report could not be written to " + html + ": "
                            + (e instanceof IOException io ? IoProblem.of(io) : IoProblem.of((UncheckedIOException) e)) + "; "
                            + RunOptions.HTML_HINT);
                }
            }
            int exitCode = notWritten.isEmpty() ? outcome.exitCode() : ExitCodes.ERROR;
            if (json) {
                RunJsonWriter.write(new PrintedResult(outcome, exitCode, notWritten), jsonSpill, out);
            } else if (quiet) {
                out.println(CountsLine.text(run.counts(), Terminal.colour()));
                run.rows().stream().filter(row -> row.state() == RowState.FAILED)
                        .forEach(row -> err.println(Terminal.safe(row.id() + " (failed): " + row.reason())));
            } else {
                textSpill.write(run.counts(), Terminal.colour(), out);
            }
            out.flush();
            notWritten.forEach(why -> err.println("stackdrift: " + Terminal.safe(why)));
            err.flush();
            return exitCode;
        }
    }

    private void say(final PrintWriter err, final String line) {
        if (!quiet) {
            err.println(Terminal.safe(line));
        }
    }
}
