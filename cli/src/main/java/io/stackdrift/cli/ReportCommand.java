package io.stackdrift.cli;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Counts;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.plan.CollectingSink;
import io.stackdrift.plan.PlanReaders;
import io.stackdrift.plan.PlanSink;
import io.stackdrift.plan.PlanSummary;
import io.stackdrift.plan.ReadOutcome;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.render.CountsLine;
import io.stackdrift.render.HtmlReport;

/**
 * {@code stackdrift report FILE...}: analyses plan/preview files a tool produced elsewhere (no tool runs).
 * Each file is read once, streaming; its changes go to a temporary spill file as they are read. Once every
 * file is read, the counts line opens the output (docs/report.md, "The counts line"), then each row with its changes copied from its
 * spill file, so a plan of 100,000 changes is never held in memory. A failed file shows its one-line reason
 * and no changes.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Analyses plan and preview files a tool produced elsewhere (no tool runs):",
                "terraform/tofu show -json and plan -json, pulumi preview --json,",
                "pulumi refresh --preview-only --json, Pulumi engine events (JSON Lines).",
                "Exit codes: 0 nothing to report, 2 drift or pending changes, 1 a file failed."})
final class ReportCommand implements Callable<Integer> {
    private static final JsonFactory JSON = new JsonFactory();

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

    /** One file read: its outcome, counts, and the spill file that holds its changes as they were read. */
    private record FileResult(Path file, ReadOutcome outcome, long pending, long drift, Path spill) {
        RowState state() {
            return outcome.failed() ? RowState.FAILED : RowState.of(pending > 0, drift > 0);
        }

        long count() {
            return outcome.failed() ? 0 : pending + drift;
        }
    }

    /**
     * Counts and writes each change to the spill file at once: the row's state is known only at the end of
     * the file, and a failed row must show no changes, so they wait on disk, never in memory.
     */
    private final class SpillSink implements PlanSink {
        private final JsonGenerator generator;
        private final BufferedWriter text;
        private long pending;
        private long drift;

        SpillSink(final Path spill) throws IOException {
            if (json) {
                generator = JSON.createGenerator(Files.newOutputStream(spill), JsonEncoding.UTF8);
                generator.writeStartArray();
                text = null;
            } else {
                generator = null;
                text = Files.newBufferedWriter(spill, StandardCharsets.UTF_8);
            }
        }

        @Override
        public void onChange(final Change change) {
            if (change.cause() == Cause.DRIFT) {
                drift++;
            } else {
                pending++;
            }
            try {
                if (generator != null) {
                    writeChange(generator, change);
                } else {
                    text.write(textLine(change));
                    text.newLine();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void close() throws IOException {
            if (generator != null) {
                generator.writeEndArray();
                generator.close();
            } else {
                text.close();
            }
        }
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        List<FileResult> results = new ArrayList<>();
        try {
            // every file first: the counts line opens the output (docs/report.md, "The counts line"); the changes wait in spill files
            for (Path file : files) {
                Path spill = Files.createTempFile("stackdrift-report", json ? ".json" : ".txt");
                try {
                    results.add(read(file, spill));
                } catch (IOException | RuntimeException e) {
                    Files.deleteIfExists(spill);
                    throw e;
                }
            }
            Counts counts = counts(results);
            if (json) {
                writeJson(out, counts, results);
            } else {
                out.println(CountsLine.text(counts, Terminal.colour()));
                for (FileResult result : results) {
                    writeText(out, result);
                }
            }
            out.flush();
            if (html != null || record != null) {
                keep(spec.commandLine().getErr());
            }
            if (counts.failed() > 0) {
                return ExitCodes.ERROR;
            }
            return counts.drifted() + counts.pending() > 0 ? ExitCodes.CHANGES : ExitCodes.OK;
        } finally {
            for (FileResult result : results) {
                Files.deleteIfExists(result.spill());
            }
        }
    }

    /**
     * The report and the history need whole rows, so each file is read a second time, collecting; the text and
     * JSON above stay streamed. Each file is a row whose stack is the file name (no stack id exists here).
     */
    private void keep(final PrintWriter err) throws IOException {
        long now = System.currentTimeMillis();
        List<Row> rows = new ArrayList<>();
        for (Path file : files) {
            CollectingSink sink = new CollectingSink();
            ReadOutcome outcome = PlanReaders.forFile(file).read(file, sink);
            PlanSummary summary = sink.summary(outcome);
            String name = String.valueOf(file.getFileName());
            Tool tool = outcome.format().contains("pulumi") ? Tool.PULUMI : Tool.TERRAFORM;
            rows.add(summary.failed()
                    ? Row.withReason(StackId.of(name), tool, name, RowState.FAILED, summary.failureReason())
                    : new Row(StackId.of(name), tool, name, RowState.of(!summary.changes().isEmpty(), !summary.drift().isEmpty()),
                            "", summary.changes(), summary.drift(), List.of(), List.of()));
        }
        HistoryStore history = record == null ? null : new HistoryStore(record);
        String runId = history == null ? "report" : RunOptions.nextRunId(history);
        RunRecord run = new RunRecord(runId, RunKind.REPORT, "report of files produced elsewhere", now, now, rows, List.of());
        if (history != null) {
            history.save(run);
            err.println("recorded in " + record);
        }
        if (html != null) {
            HtmlReport.write(html, run, List.of(run));
            err.println("report written to " + html);
        }
        err.flush();
    }

    private static Counts counts(final List<FileResult> results) {
        int inSync = 0;
        int drifted = 0;
        int pending = 0;
        int failed = 0;
        for (FileResult result : results) {
            RowState state = result.state();
            switch (state) {
                case IN_SYNC -> inSync++;
                case FAILED -> failed++;
                default -> {
                    drifted += state.hasDrift() ? 1 : 0;
                    pending += state.hasPendingChanges() ? 1 : 0;
                }
            }
        }
        return new Counts(results.size(), inSync, drifted, pending, failed, 0, 0);
    }

    private static void writeJson(final PrintWriter out, final Counts counts, final List<FileResult> results) throws IOException {
        JsonGenerator generator = JSON.createGenerator(out);
        generator.writeStartObject();
        generator.writeStringField("countsLine", CountsLine.text(counts, false));
        generator.writeObjectFieldStart("counts");
        generator.writeNumberField("stacks", counts.total());
        generator.writeNumberField("inSync", counts.inSync());
        generator.writeNumberField("drifted", counts.drifted());
        generator.writeNumberField("pending", counts.pending());
        generator.writeNumberField("failed", counts.failed());
        generator.writeEndObject();
        generator.writeArrayFieldStart("stacks");
        for (FileResult result : results) {
            writeJson(out, generator, result);
        }
        generator.writeEndArray();
        generator.writeEndObject();
        generator.flush();
        out.println();
    }

    private FileResult read(final Path file, final Path spill) throws IOException {
        SpillSink sink = new SpillSink(spill);
        ReadOutcome outcome;
        try {
            outcome = PlanReaders.forFile(file).read(file, sink);
        } finally {
            sink.close();
        }
        return new FileResult(file, outcome, sink.pending, sink.drift, spill);
    }

    private static String label(final Path file) {
        Path name = file.getFileName();
        return Terminal.safe(name == null ? file.toString() : name.toString());
    }

    private static String textLine(final Change change) {
        return "  " + (change.cause() == Cause.DRIFT ? "drift " : "change") + "  " + change.action().word()
                + "  " + Terminal.safe(change.type()) + "  " + Terminal.safe(change.address())
                + (change.paths().isEmpty() ? "" : "  " + Terminal.safe(String.join(", ", change.paths())));
    }

    private static void writeText(final PrintWriter out, final FileResult result) throws IOException {
        RowState state = result.state();
        if (state == RowState.FAILED) {
            out.println(label(result.file()) + " · failed · " + Terminal.safe(result.outcome().reason()));
            return;
        }
        long count = result.count();
        out.println(label(result.file()) + " · " + state.word() + " · " + count + (count == 1 ? " change" : " changes"));
        try (BufferedReader lines = Files.newBufferedReader(result.spill(), StandardCharsets.UTF_8)) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                out.println(line);
            }
        }
    }

    private static void writeJson(final PrintWriter out, final JsonGenerator generator, final FileResult result) throws IOException {
        RowState state = result.state();
        generator.writeStartObject();
        generator.writeStringField("stack", label(result.file()));
        generator.writeStringField("file", result.file().toString());
        generator.writeStringField("format", result.outcome().format());
        generator.writeStringField("state", state.word());
        generator.writeStringField("reason", result.outcome().reason());
        generator.writeStringField("toolVersion", result.outcome().toolVersion());
        generator.writeNumberField("changeCount", result.count());
        generator.writeNumberField("pendingCount", state == RowState.FAILED ? 0 : result.pending());
        generator.writeNumberField("driftCount", state == RowState.FAILED ? 0 : result.drift());
        generator.writeFieldName("changes");
        if (state == RowState.FAILED) {
            generator.writeStartArray();
            generator.writeEndArray();
        } else {
            // the spill file is already this array's JSON (written by the same factory): copy its characters
            // instead of parsing and writing it a second time
            generator.writeRawValue("");
            generator.flush();
            try (BufferedReader spilled = Files.newBufferedReader(result.spill(), StandardCharsets.UTF_8)) {
                spilled.transferTo(out);
            }
        }
        generator.writeEndObject();
    }

    private static void writeChange(final JsonGenerator generator, final Change change) throws IOException {
        generator.writeStartObject();
        generator.writeStringField("cause", change.cause() == Cause.DRIFT ? "drift" : "code");
        generator.writeStringField("action", change.action().word());
        generator.writeStringField("type", change.type());
        generator.writeStringField("address", change.address());
        generator.writeArrayFieldStart("paths");
        for (String path : change.paths()) {
            generator.writeString(path);
        }
        generator.writeEndArray();
        generator.writeEndObject();
    }
}
