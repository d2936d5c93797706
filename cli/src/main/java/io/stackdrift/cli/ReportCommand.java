package io.stackdrift.cli;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
import io.stackdrift.engine.ReportSpill;
import io.stackdrift.engine.RunJsonWriter;
import io.stackdrift.engine.RunOutcome;
import io.stackdrift.engine.StackDriftEngine;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.RowState;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunRecord;
import io.stackdrift.render.CountsLine;
import io.stackdrift.render.HtmlReport;
import io.stackdrift.spi.ReportListener;
import io.stackdrift.spi.ReportedFile;

/**
 * {@code stackdrift report FILE...}: analyses plan/preview files a tool produced elsewhere (no tool runs), with
 * the engine's {@code report}. Each file is read once, streaming; its changes go to a temporary spill file as the
 * engine hands them over. Once every file is read, the counts line opens the output (docs/report.md), then each
 * row with its changes copied from its spill file, so a plan of 100,000 changes is never held in memory (unless
 * {@code --html} or {@code --record} asks for whole rows). A failed file shows its one-line reason and no changes.
 * {@code --json} is the run JSON of every command (docs/cli.md), written by the engine's {@link RunJsonWriter}.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Analyses plan and preview files a tool produced elsewhere (no tool runs):",
                "terraform/tofu show -json and plan -json, pulumi preview --json,",
                "pulumi refresh --preview-only --json, Pulumi engine events (JSON Lines).",
                "Exit codes: 0 nothing to report, 2 drift or pending changes, 1 a file failed."})
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

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** One file read: how it read, and the spill file that holds its changes as text lines, as they were read. */
    private record FileResult(ReportedFile read, Path spill) {
    }

    /**
     * Writes each change of the file being read to its spill file at once as a text line: the row's state is known
     * only at the end of the file, and a failed row must show no changes, so they wait on disk, never in memory.
     * ({@code --json} spills through the engine's {@link ReportSpill} instead, in the run JSON's own form.)
     */
    private static final class TextSpill implements ReportListener, Closeable {
        private final List<FileResult> results = new ArrayList<>();
        private BufferedWriter text;
        private Path spill;

        @Override
        public void change(final Path file, final Change change) {
            try {
                open();
                text.write(textLine(change));
                text.newLine();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void fileRead(final ReportedFile file) {
            try {
                open();
                text.close();
                results.add(new FileResult(file, spill));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                text = null;
                spill = null;
            }
        }

        private void open() throws IOException {
            if (spill == null) {
                spill = Files.createTempFile("stackdrift-report", ".txt");
                text = Files.newBufferedWriter(spill, StandardCharsets.UTF_8);
            }
        }

        /** Deletes every spill file, also that of a file whose read threw. */
        @Override
        public void close() throws IOException {
            if (text != null) {
                text.close();
            }
            if (spill != null) {
                Files.deleteIfExists(spill);
            }
            for (FileResult result : results) {
                Files.deleteIfExists(result.spill());
            }
        }
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (TextSpill textSpill = new TextSpill(); ReportSpill jsonSpill = new ReportSpill()) {
            // every file first: the counts line opens the output; the changes wait in spill files
            HistoryStore history = record == null ? null : new HistoryStore(record);
            String runId = history == null ? "report"
                    : CliHost.nextRunId(history, warning -> err.println("warning: " + Terminal.safe(warning)));
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
            if (json) {
                RunJsonWriter.write(outcome, jsonSpill, out);
            } else {
                out.println(CountsLine.text(run.counts(), Terminal.colour()));
                for (FileResult result : textSpill.results) {
                    writeText(out, result);
                }
            }
            out.flush();
            if (history != null) {
                outcome.toSave().ifPresent(history::save);
                err.println("recorded in " + record);
            }
            if (html != null) {
                HtmlReport.write(html, run, List.of(run));
                err.println("report written to " + html);
            }
            err.flush();
            return outcome.exitCode();
        }
    }

    /** The file's row id: its base name, or its path where two files share a base name (the engine's rule). */
    private static String label(final ReportedFile read) {
        return Terminal.safe(read.stack().value());
    }

    private static String textLine(final Change change) {
        return "  " + (change.cause() == Cause.DRIFT ? "drift " : "change") + "  " + change.action().word()
                + "  " + Terminal.safe(change.type()) + "  " + Terminal.safe(change.address())
                + (change.paths().isEmpty() ? "" : "  " + Terminal.safe(String.join(", ", change.paths())));
    }

    private static void writeText(final PrintWriter out, final FileResult result) throws IOException {
        ReportedFile read = result.read();
        RowState state = read.state();
        if (state == RowState.FAILED) {
            out.println(label(read) + " · failed · " + Terminal.safe(read.reason()));
            return;
        }
        long count = read.count();
        out.println(label(read) + " · " + state.word() + " · " + count + (count == 1 ? " change" : " changes"));
        try (BufferedReader lines = Files.newBufferedReader(result.spill(), StandardCharsets.UTF_8)) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                out.println(line);
            }
        }
    }
}
