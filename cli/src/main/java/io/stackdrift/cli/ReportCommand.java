package io.stackdrift.cli;

import java.io.BufferedReader;
import java.io.BufferedWriter;
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

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import io.stackdrift.engine.ReportRequest;
import io.stackdrift.engine.RunOutcome;
import io.stackdrift.engine.StackDriftEngine;
import io.stackdrift.engine.spi.ReportListener;
import io.stackdrift.engine.spi.ReportedFile;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Counts;
import io.stackdrift.model.RowState;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunRecord;
import io.stackdrift.render.CountsLine;
import io.stackdrift.render.HtmlReport;

/**
 * {@code stackdrift report FILE...}: analyses plan/preview files a tool produced elsewhere (no tool runs), with
 * the engine's {@code report}. Each file is read once, streaming; its changes go to a temporary spill file as the
 * engine hands them over. Once every file is read, the counts line opens the output (docs/report.md), then each
 * row with its changes copied from its spill file, so a plan of 100,000 changes is never held in memory (unless
 * {@code --html} or {@code --record} asks for whole rows). A failed file shows its one-line reason and no changes.
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

    /** One file read: how it read, and the spill file that holds its changes as they were read. */
    private record FileResult(ReportedFile read, Path spill) {
    }

    /**
     * Writes each change of the file being read to its spill file at once: the row's state is known only at the
     * end of the file, and a failed row must show no changes, so they wait on disk, never in memory.
     */
    private final class Spill implements ReportListener {
        private final List<FileResult> results;
        private JsonGenerator generator;
        private BufferedWriter text;
        private Path spill;

        Spill(final List<FileResult> results) {
            this.results = results;
        }

        @Override
        public void change(final Path file, final Change change) {
            try {
                open();
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

        @Override
        public void fileRead(final ReportedFile file) {
            try {
                open();
                if (generator != null) {
                    generator.writeEndArray();
                    generator.close();
                } else {
                    text.close();
                }
                results.add(new FileResult(file, spill));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                generator = null;
                text = null;
                spill = null;
            }
        }

        private void open() throws IOException {
            if (spill != null) {
                return;
            }
            spill = Files.createTempFile("stackdrift-report", json ? ".json" : ".txt");
            if (json) {
                generator = JSON.createGenerator(Files.newOutputStream(spill), JsonEncoding.UTF8);
                generator.writeStartArray();
            } else {
                text = Files.newBufferedWriter(spill, StandardCharsets.UTF_8);
            }
        }

        /** A spill file of a file whose read threw, so it is not left behind. */
        void discard() throws IOException {
            if (generator != null) {
                generator.close();
            }
            if (text != null) {
                text.close();
            }
            if (spill != null) {
                Files.deleteIfExists(spill);
            }
        }
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<FileResult> results = new ArrayList<>();
        Spill spill = new Spill(results);
        try {
            // every file first: the counts line opens the output; the changes wait in spill files
            HistoryStore history = record == null ? null : new HistoryStore(record);
            String runId = history == null ? "report" : RunOptions.nextRunId(history);
            // the page and the history need whole rows: then the engine keeps each file's changes too
            ReportRequest.Keep keep = html != null || record != null ? ReportRequest.Keep.CHANGES : ReportRequest.Keep.STATES;
            RunOutcome outcome;
            try {
                outcome = StackDriftEngine.report(new ReportRequest(files, runId, "report of files produced elsewhere", keep),
                        Clock.systemUTC(), spill);
            } catch (UncheckedIOException e) {
                spill.discard();
                throw e.getCause();
            } catch (RuntimeException e) {
                spill.discard();
                throw e;
            }
            RunRecord run = outcome.run().orElseThrow();
            Counts counts = run.counts();
            if (json) {
                writeJson(out, counts, results);
            } else {
                out.println(CountsLine.text(counts, Terminal.colour()));
                for (FileResult result : results) {
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
        } finally {
            for (FileResult result : results) {
                Files.deleteIfExists(result.spill());
            }
        }
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

    private static void writeJson(final PrintWriter out, final JsonGenerator generator, final FileResult result) throws IOException {
        ReportedFile read = result.read();
        RowState state = read.state();
        generator.writeStartObject();
        generator.writeStringField("stack", label(read));
        generator.writeStringField("file", read.file().toString());
        generator.writeStringField("format", read.format());
        generator.writeStringField("state", state.word());
        generator.writeStringField("reason", read.reason());
        generator.writeStringField("toolVersion", read.toolVersion());
        generator.writeNumberField("changeCount", read.count());
        generator.writeNumberField("pendingCount", read.pending());
        generator.writeNumberField("driftCount", read.drift());
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
