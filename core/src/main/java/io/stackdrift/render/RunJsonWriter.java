package io.stackdrift.render;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import io.stackdrift.model.ChangeList;
import io.stackdrift.model.Counts;
import io.stackdrift.model.DriftNews;
import io.stackdrift.model.DriftRepair;
import io.stackdrift.model.Problem;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.render.ReportSpill.SpilledFile;
import io.stackdrift.spi.ReportedFile;

/**
 * The one writer of the run JSON, the public schema of {@code --json} of preview, check, deploy and report
 * (docs/cli.md, "--json"; {@link #SCHEMA_VERSION}). It streams to the writer it is given: nothing is built as one
 * string, and a report's changes are copied from the {@link ReportSpill} they waited in, never held in memory.
 * Changes are written as paths, never values.
 */
public final class RunJsonWriter {
    /**
     * The schema's version. It changes only when a key is removed or renamed or changes its type or meaning; new keys
     * may appear without a change.
     */
    public static final int SCHEMA_VERSION = 1;

    private static final JsonFactory JSON = new JsonFactory().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    private RunJsonWriter() {
    }

    /** Writes {@code outcome} to {@code out}, each row with the changes it holds, and a line end; does not close out. */
    public static void write(final RunResult outcome, final Writer out) throws IOException {
        write(outcome, Optional.empty(), out);
    }

    /**
     * Writes the outcome of a report whose changes went to {@code spill} as they were read: each row (in the order
     * the files were named) takes its changes and its file's facts from there.
     */
    public static void write(final RunResult outcome, final ReportSpill spill, final Writer out) throws IOException {
        write(outcome, Optional.of(spill), out);
    }

    private static void write(final RunResult outcome, final Optional<ReportSpill> spill, final Writer out) throws IOException {
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeNumberField("schemaVersion", SCHEMA_VERSION);
            json.writeNumberField("exitCode", outcome.exitCode());
            if (outcome.run().isPresent()) {
                writeRun(json, outcome.run().get(), spill, out);
            }
            writeProblems(json, "problems", outcome.problems());
            writeProblems(json, "warnings", outcome.warnings());
            json.writeArrayFieldStart("notes");
            for (String note : outcome.notes()) {
                json.writeString(note);
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        out.write(System.lineSeparator());
        out.flush();
    }

    private static void writeRun(final JsonGenerator json, final RunRecord run, final Optional<ReportSpill> spill, final Writer out)
            throws IOException {
        json.writeStringField("runId", run.runId());
        json.writeStringField("kind", run.kind().word());
        json.writeStringField("cause", run.cause());
        json.writeNumberField("startedAt", run.startedAt());
        json.writeNumberField("finishedAt", run.finishedAt());
        json.writeStringField("countsLine", CountsLine.text(run.counts(), false));
        writeCounts(json, run.counts());
        DriftNews news = DriftNews.of(run.rows());
        writeIds(json, "newlyDrifted", news.newlyDrifted());
        writeIds(json, "stillDrifted", news.stillDrifted());
        writeIds(json, "repaired", news.repaired());
        json.writeArrayFieldStart("rows");
        if (spill.isPresent()) {
            List<SpilledFile> files = spill.get().files();
            if (files.size() != run.rows().size()) {
                throw new IllegalArgumentException("the spill holds " + files.size() + " files, the run " + run.rows().size() + " rows");
            }
            for (int i = 0; i < files.size(); i++) {
                writeRow(json, run.rows().get(i), Optional.of(files.get(i)), out);
            }
        } else {
            // a report lists its files in the order they were named; stacks are listed by id
            for (Row row : run.kind() == RunKind.REPORT ? run.rows() : run.rowsSorted()) {
                writeRow(json, row, Optional.empty(), out);
            }
        }
        json.writeEndArray();
        json.writeArrayFieldStart("trail");
        for (TrailEntry entry : run.trail()) {
            writeTrail(json, entry);
        }
        json.writeEndArray();
    }

    private static void writeCounts(final JsonGenerator json, final Counts counts) throws IOException {
        json.writeObjectFieldStart("counts");
        for (Counts.Field field : Counts.Field.values()) {
            json.writeNumberField(field.key(), field.of(counts));
        }
        json.writeEndObject();
    }

    private static void writeRow(final JsonGenerator json, final Row row, final Optional<SpilledFile> spilled, final Writer out)
            throws IOException {
        Optional<ReportedFile> read = spilled.map(SpilledFile::read);
        json.writeStartObject();
        json.writeStringField("id", row.id().value());
        json.writeStringField("tool", row.tool().word());
        json.writeStringField("dir", row.dir());
        json.writeStringField("state", row.state().word());
        json.writeStringField("reason", row.reason());
        // the plan file a report read; empty for a stack a tool ran for
        json.writeStringField("file", read.map(r -> r.file().toString()).orElse(""));
        json.writeStringField("format", read.map(ReportedFile::format).orElse(""));
        json.writeStringField("toolVersion", read.map(ReportedFile::toolVersion).orElse(""));
        long pending = read.map(ReportedFile::pending).orElse((long) row.changes().size());
        long drift = read.map(ReportedFile::drift).orElse((long) row.drift().size());
        json.writeNumberField("changeCount", pending + drift);
        json.writeNumberField("pendingCount", pending);
        json.writeNumberField("driftCount", drift);
        if (spilled.isPresent()) {
            boolean failed = row.state() == RowState.FAILED;
            copySpilled(json, "changes", failed ? Optional.empty() : spilled.get().code(), out);
            copySpilled(json, "drift", failed ? Optional.empty() : spilled.get().drift(), out);
        } else {
            writeChanges(json, "changes", row.changes());
            writeChanges(json, "drift", row.drift());
        }
        writeChanges(json, "ownedElsewhere", row.ownedElsewhere());
        // every stack it depends on; dependsOnRead: those known only from what it reads (stack reference, remote state)
        writeIds(json, "dependsOn", row.allDependsOn());
        writeIds(json, "dependsOnRead", row.allDependsOn().stream().filter(row::readFromReference).toList());
        if (row.driftAge().isPresent()) {
            // only on rows that show drift (or skipped rows known drifted): the first check of the unbroken run, and how many
            json.writeStringField("driftedSince", row.driftAge().sinceInstant().orElseThrow().toString());
            json.writeNumberField("driftedChecks", row.driftAge().checks());
        }
        if (row.known().isPresent()) {
            // a skipped row: what the history knew of the stack
            json.writeStringField("knownState", row.known().state().word());
            if (row.known().since() > 0) {
                json.writeStringField("knownSince", Instant.ofEpochMilli(row.known().since()).toString());
            }
            if (row.known().checkedAt() > 0) {
                json.writeStringField("lastCheckedAt", Instant.ofEpochMilli(row.known().checkedAt()).toString());
            }
        }
        json.writeEndObject();
    }

    /** The spill file already holds this array's JSON, written by {@link RunJsonChange#write}: its characters are copied as they are. */
    private static void copySpilled(final JsonGenerator json, final String field, final Optional<Path> file,
            final Writer out) throws IOException {
        json.writeFieldName(field);
        if (file.isEmpty()) {
            json.writeStartArray();
            json.writeEndArray();
            return;
        }
        json.writeRawValue("");
        json.flush();
        try (BufferedReader spilled = Files.newBufferedReader(file.get(), StandardCharsets.UTF_8)) {
            spilled.transferTo(out);
        }
    }

    private static void writeChanges(final JsonGenerator json, final String field, final ChangeList changes) throws IOException {
        json.writeArrayFieldStart(field);
        changes.visit(change -> RunJsonChange.write(json, change));
        json.writeEndArray();
    }

    private static void writeIds(final JsonGenerator json, final String field, final List<StackId> ids) throws IOException {
        json.writeArrayFieldStart(field);
        for (StackId id : ids) {
            json.writeString(id.value());
        }
        json.writeEndArray();
    }

    private static void writeTrail(final JsonGenerator json, final TrailEntry entry) throws IOException {
        json.writeStartObject();
        json.writeStringField("stack", entry.stack().value());
        json.writeStringField("result", entry.result().word());
        json.writeBooleanField("repairedDrift", entry.repairedDrift());
        json.writeArrayFieldStart("restoredPaths");
        for (String path : entry.restoredPaths()) {
            json.writeString(path);
        }
        json.writeEndArray();
        json.writeStringField("reason", entry.reason());
        json.writeNumberField("startedAt", entry.startedAt());
        json.writeNumberField("finishedAt", entry.finishedAt());
        if (entry.timeToRepair().isPresent()) {
            json.writeStringField("driftedSince", Instant.ofEpochMilli(entry.driftedSince()).toString());
            json.writeStringField("timeToRepair", entry.timeToRepair().get().toString());
        }
        // a repair of drift that was outputs alone, following the stacks it depends on, took their new value
        json.writeArrayFieldStart("tookOutputsOf");
        if (entry.repairedDrift() && entry.repair() == DriftRepair.NEW_UPSTREAM_VALUE) {
            for (StackId id : entry.upstream()) {
                json.writeString(id.value());
            }
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    static void writeProblems(final JsonGenerator json, final String field, final List<Problem> problems) throws IOException {
        json.writeArrayFieldStart(field);
        for (Problem problem : problems) {
            json.writeStartObject();
            json.writeStringField("file", problem.file());
            json.writeNumberField("line", problem.line());
            json.writeNumberField("column", problem.column());
            json.writeStringField("message", problem.message());
            json.writeStringField("hint", problem.hint());
            json.writeEndObject();
        }
        json.writeEndArray();
    }
}
