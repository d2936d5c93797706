package io.stackdrift.cli;

import java.io.IOException;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import io.stackdrift.engine.RunOutcome;
import io.stackdrift.model.Change;
import io.stackdrift.model.Counts;
import io.stackdrift.model.DriftNews;
import io.stackdrift.model.Problem;
import io.stackdrift.model.Row;
import io.stackdrift.model.StackId;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;

/**
 * The {@code --json} result of preview, check and deploy: counts, the news lists (newly drifted, still drifted,
 * repaired), rows (changes as paths, never values; drift age on drifted rows), the run's trail entries (time to
 * repair on repairs), problems, warnings and notes. Field names are documented in docs/cli.md.
 */
final class RunJson {
    private static final JsonFactory JSON = new JsonFactory();

    private RunJson() {
    }

    static String of(final RunOutcome outcome) {
        StringWriter text = new StringWriter();
        try (JsonGenerator out = JSON.createGenerator(text)) {
            out.useDefaultPrettyPrinter();
            out.writeStartObject();
            out.writeNumberField("exitCode", outcome.exitCode());
            if (outcome.run().isPresent()) {
                RunRecord run = outcome.run().get();
                out.writeStringField("runId", run.runId());
                out.writeStringField("kind", run.kind().word());
                out.writeStringField("cause", run.cause());
                out.writeNumberField("startedAt", run.startedAt());
                out.writeNumberField("finishedAt", run.finishedAt());
                writeCounts(out, run.counts());
                DriftNews news = DriftNews.of(run.rows());
                writeIds(out, "newlyDrifted", news.newlyDrifted());
                writeIds(out, "stillDrifted", news.stillDrifted());
                writeIds(out, "repaired", news.repaired());
                out.writeArrayFieldStart("rows");
                for (Row row : run.rowsSorted()) {
                    writeRow(out, row);
                }
                out.writeEndArray();
                out.writeArrayFieldStart("trail");
                for (TrailEntry entry : run.trail()) {
                    writeTrail(out, entry);
                }
                out.writeEndArray();
            }
            writeProblems(out, "problems", outcome.problems());
            writeProblems(out, "warnings", outcome.warnings());
            out.writeArrayFieldStart("notes");
            for (String note : outcome.notes()) {
                out.writeString(note);
            }
            out.writeEndArray();
            out.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException("cannot write JSON to a string", e);
        }
        return text + System.lineSeparator();
    }

    private static void writeCounts(final JsonGenerator out, final Counts counts) throws IOException {
        out.writeObjectFieldStart("counts");
        out.writeNumberField("total", counts.total());
        out.writeNumberField("inSync", counts.inSync());
        out.writeNumberField("drifted", counts.drifted());
        out.writeNumberField("pending", counts.pending());
        out.writeNumberField("failed", counts.failed());
        out.writeNumberField("skipped", counts.skipped());
        out.writeNumberField("awaitingApproval", counts.awaitingApproval());
        out.writeNumberField("repaired", counts.repaired());
        out.writeEndObject();
    }

    private static void writeRow(final JsonGenerator out, final Row row) throws IOException {
        out.writeStartObject();
        out.writeStringField("id", row.id().value());
        out.writeStringField("tool", row.tool().word());
        out.writeStringField("dir", row.dir());
        out.writeStringField("state", row.state().word());
        out.writeStringField("reason", row.reason());
        writeChanges(out, "changes", row.changes());
        writeChanges(out, "drift", row.drift());
        writeChanges(out, "ownedElsewhere", row.ownedElsewhere());
        // every stack it depends on; dependsOnRead: those known only from a stack reference it reads
        out.writeArrayFieldStart("dependsOn");
        for (StackId id : row.allDependsOn()) {
            out.writeString(id.value());
        }
        out.writeEndArray();
        out.writeArrayFieldStart("dependsOnRead");
        for (StackId id : row.allDependsOn()) {
            if (row.readFromReference(id)) {
                out.writeString(id.value());
            }
        }
        out.writeEndArray();
        if (row.driftAge().isPresent()) {
            // only on rows that show drift: the first check of the unbroken run of drifted checks, and how many
            out.writeStringField("driftedSince", row.driftAge().sinceInstant().orElseThrow().toString());
            out.writeNumberField("driftedChecks", row.driftAge().checks());
        }
        out.writeEndObject();
    }

    private static void writeIds(final JsonGenerator out, final String field, final List<StackId> ids) throws IOException {
        out.writeArrayFieldStart(field);
        for (StackId id : ids) {
            out.writeString(id.value());
        }
        out.writeEndArray();
    }

    private static void writeChanges(final JsonGenerator out, final String field, final List<Change> changes) throws IOException {
        out.writeArrayFieldStart(field);
        for (Change change : changes) {
            out.writeStartObject();
            out.writeStringField("action", change.action().word());
            out.writeStringField("type", change.type());
            out.writeStringField("address", change.address());
            out.writeArrayFieldStart("paths");
            for (String path : change.paths()) {
                out.writeString(path);
            }
            out.writeEndArray();
            out.writeEndObject();
        }
        out.writeEndArray();
    }

    private static void writeTrail(final JsonGenerator out, final TrailEntry entry) throws IOException {
        out.writeStartObject();
        out.writeStringField("stack", entry.stack().value());
        out.writeStringField("result", entry.result().word());
        out.writeBooleanField("repairedDrift", entry.repairedDrift());
        out.writeArrayFieldStart("restoredPaths");
        for (String path : entry.restoredPaths()) {
            out.writeString(path);
        }
        out.writeEndArray();
        out.writeStringField("reason", entry.reason());
        out.writeNumberField("startedAt", entry.startedAt());
        out.writeNumberField("finishedAt", entry.finishedAt());
        if (entry.timeToRepair().isPresent()) {
            out.writeStringField("driftedSince", Instant.ofEpochMilli(entry.driftedSince()).toString());
            out.writeStringField("timeToRepair", entry.timeToRepair().get().toString());
        }
        out.writeEndObject();
    }

    private static void writeProblems(final JsonGenerator out, final String field, final List<Problem> problems) throws IOException {
        out.writeArrayFieldStart(field);
        for (Problem problem : problems) {
            out.writeStartObject();
            out.writeStringField("file", problem.file());
            out.writeNumberField("line", problem.line());
            out.writeNumberField("column", problem.column());
            out.writeStringField("message", problem.message());
            out.writeStringField("hint", problem.hint());
            out.writeEndObject();
        }
        out.writeEndArray();
    }
}
