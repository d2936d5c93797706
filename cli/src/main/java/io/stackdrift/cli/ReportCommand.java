package io.stackdrift.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Counts;
import io.stackdrift.model.RowState;
import io.stackdrift.plan.CountingSink;
import io.stackdrift.plan.PlanReaders;
import io.stackdrift.plan.PlanSink;
import io.stackdrift.plan.ReadOutcome;
import io.stackdrift.plan.StreamingPlanReader;
import io.stackdrift.render.CountsLine;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stackdrift report FILE...}: analyses plan/preview files a tool produced elsewhere (no tool runs).
 * Each file is read twice, streaming: a counting pass (values skipped) decides the state, then a second
 * pass prints every change as it is read, so a plan of 100,000 changes is never held in memory. A failed
 * file shows its one-line reason and no changes.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Analyses plan/preview JSON files produced elsewhere: terraform/tofu show -json, plan -json,",
                "pulumi preview --json, pulumi refresh --preview-only --json, Pulumi engine events.",
                "Exit codes: 0 nothing to report, 2 drift or pending changes, 1 a file failed."})
final class ReportCommand implements Callable<Integer> {
    private static final JsonFactory JSON = new JsonFactory();

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "plan or preview files")
    private List<Path> files;

    @Option(names = "--json", description = "machine-readable output")
    private boolean json;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** One file's first-pass result. */
    private record FileResult(Path file, StreamingPlanReader reader, ReadOutcome outcome, long pending, long drift) {
        RowState state() {
            return outcome.failed() ? RowState.FAILED : RowState.of(pending > 0, drift > 0);
        }
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        int total = 0;
        int inSync = 0;
        int drifted = 0;
        int pending = 0;
        int failed = 0;
        boolean lost = false;
        JsonGenerator generator = null;
        if (json) {
            generator = JSON.createGenerator(out);
            generator.writeStartObject();
            generator.writeArrayFieldStart("stacks");
        }
        for (Path file : files) {
            FileResult result = firstPass(file);
            RowState state = result.state();
            total++;
            switch (state) {
                case IN_SYNC -> inSync++;
                case FAILED -> failed++;
                default -> {
                    drifted += state.hasDrift() ? 1 : 0;
                    pending += state.hasPendingChanges() ? 1 : 0;
                }
            }
            lost |= json ? writeJson(generator, result) : writeText(out, result);
        }
        Counts counts = new Counts(total, inSync, drifted, pending, failed, 0, 0);
        if (json) {
            generator.writeEndArray();
            generator.writeObjectFieldStart("counts");
            generator.writeNumberField("stacks", counts.total());
            generator.writeNumberField("inSync", counts.inSync());
            generator.writeNumberField("drifted", counts.drifted());
            generator.writeNumberField("pending", counts.pending());
            generator.writeNumberField("failed", counts.failed());
            generator.writeEndObject();
            generator.writeStringField("countsLine", CountsLine.plain(counts));
            generator.writeEndObject();
            generator.flush();
            out.println();
        } else {
            out.println(CountsLine.format(counts, Terminal.colour()));
        }
        out.flush();
        if (failed > 0 || lost) {
            return ExitCodes.ERROR;
        }
        return drifted + pending > 0 ? ExitCodes.CHANGES : ExitCodes.OK;
    }

    private static FileResult firstPass(final Path file) {
        StreamingPlanReader reader = PlanReaders.forFile(file);
        CountingSink counting = new CountingSink();
        ReadOutcome outcome = reader.read(file, counting);
        return new FileResult(file, reader, outcome, counting.changes(), counting.drift());
    }

    private static String label(final Path file) {
        Path name = file.getFileName();
        return Terminal.safe(name == null ? file.toString() : name.toString());
    }

    /** Returns true when the second pass no longer agreed with the first (the file changed meanwhile). */
    private boolean writeText(final PrintWriter out, final FileResult result) {
        RowState state = result.state();
        long count = result.pending() + result.drift();
        if (state == RowState.FAILED) {
            out.println(label(result.file()) + " · failed · " + Terminal.safe(result.outcome().reason()));
            return false;
        }
        out.println(label(result.file()) + " · " + state.word() + " · " + count + (count == 1 ? " change" : " changes"));
        if (count == 0) {
            return false;
        }
        ReadOutcome second = result.reader().read(result.file(), change -> {
            out.println("  " + (change.cause() == Cause.DRIFT ? "drift " : "change") + "  " + change.action().word()
                    + "  " + Terminal.safe(change.type()) + "  " + Terminal.safe(change.address())
                    + (change.paths().isEmpty() ? "" : "  " + Terminal.safe(String.join(", ", change.paths()))));
        });
        return reportLost(second);
    }

    private boolean writeJson(final JsonGenerator generator, final FileResult result) throws IOException {
        RowState state = result.state();
        generator.writeStartObject();
        generator.writeStringField("stack", label(result.file()));
        generator.writeStringField("file", result.file().toString());
        generator.writeStringField("format", result.outcome().format());
        generator.writeStringField("state", state.word());
        generator.writeStringField("reason", result.outcome().reason());
        generator.writeStringField("toolVersion", result.outcome().toolVersion());
        generator.writeNumberField("changeCount", state == RowState.FAILED ? 0 : result.pending() + result.drift());
        generator.writeNumberField("pendingCount", state == RowState.FAILED ? 0 : result.pending());
        generator.writeNumberField("driftCount", state == RowState.FAILED ? 0 : result.drift());
        generator.writeArrayFieldStart("changes");
        boolean lost = false;
        if (state != RowState.FAILED && result.pending() + result.drift() > 0) {
            PlanSink sink = change -> {
                try {
                    writeChange(generator, change);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            };
            lost = reportLost(result.reader().read(result.file(), sink));
        }
        generator.writeEndArray();
        generator.writeEndObject();
        return lost;
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

    private boolean reportLost(final ReadOutcome second) {
        if (second.failed()) {
            spec.commandLine().getErr().println("stackdrift: a file changed while it was read; its changes are incomplete: "
                    + Terminal.safe(second.reason()));
            return true;
        }
        return false;
    }
}
