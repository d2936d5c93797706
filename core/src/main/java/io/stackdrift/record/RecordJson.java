package io.stackdrift.record;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.stackdrift.model.ChangeList;
import io.stackdrift.model.Counts;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DriftRepair;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;

/**
 * The JSON form of records, written field by field so the files do not change when a Java record
 * gains a component. Every file starts with {@code "format": "<kind>/<version>"}; a reader accepts
 * its own kind with major version {@value RecordFormat#VERSION} and ignores unknown keys (added fields are not
 * a new version). Words (states, actions, tools) are the canonical output words.
 */
public final class RecordJson {
    private RecordJson() {
    }

    /** Writes a whole run (the details form) to a stream, e.g. a file beside a Jenkins build. */
    public static void writeRun(final OutputStream out, final long sequence, final RunRecord run) throws IOException {
        try (JsonGenerator g = RecordFormat.MAPPER.getFactory().createGenerator(out)) {
            writeDetails(g, sequence, run);
        }
    }

    /**
     * Reads a whole run written by {@link #writeRun}, streaming; long lists of changes spill to temporary files.
     *
     * @throws RecordFormatException when it is not a run of this format version
     * @throws IOException           when it is not JSON or is cut short
     */
    public static RunRecord readRun(final InputStream in) throws IOException {
        return readRun(in, ChangeList.SpillTarget.temporary());
    }

    /**
     * Reads a whole run written by {@link #writeRun}, streaming: a row's fields become small trees, its changes one
     * at a time, and long lists of changes spill into {@code spill}, so memory is bounded by the number of rows, not
     * by the number of changes the file lists.
     *
     * @throws RecordFormatException when it is not a run of this format version
     * @throws IOException           when it is not JSON or is cut short
     */
    public static RunRecord readRun(final InputStream in, final ChangeList.SpillTarget spill) throws IOException {
        try (JsonParser p = RecordFormat.MAPPER.getFactory().createParser(in)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new RecordFormatException("not a JSON object");
            }
            ObjectNode head = RecordFormat.MAPPER.createObjectNode();
            List<Row> rows = new ArrayList<>();
            List<TrailEntry> trail = new ArrayList<>();
            boolean formatChecked = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if (("rows".equals(field) || "trail".equals(field)) && value == JsonToken.START_ARRAY) {
                    if (!formatChecked) {
                        RecordFormat.checkFormat(head, RecordFormat.DETAILS);
                        formatChecked = true;
                    }
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        if ("rows".equals(field)) {
                            rows.add(RowJson.readRow(p, spill));
                        } else {
                            trail.add(readTrailEntry(p.readValueAsTree()));
                        }
                    }
                } else {
                    head.set(field, p.readValueAsTree());
                }
            }
            if (p.currentToken() != JsonToken.END_OBJECT) {
                throw new RecordFormatException("cut short");
            }
            RecordFormat.checkFormat(head, RecordFormat.DETAILS);
            return new RunRecord(RecordFormat.text(head, "runId"), kind(RecordFormat.text(head, "kind")), head.path("cause").asText(""),
                    head.path("startedAt").asLong(), head.path("finishedAt").asLong(), rows, trail);
        }
    }

    // ---- summary

    static void writeSummary(final JsonGenerator g, final RunSummary s) throws IOException {
        g.writeStartObject();
        RecordFormat.writeFormat(g, RecordFormat.SUMMARY);
        g.writeNumberField("sequence", s.sequence());
        g.writeStringField("runId", s.runId());
        g.writeStringField("kind", s.kind().name().toLowerCase(Locale.ROOT));
        g.writeStringField("cause", s.cause());
        g.writeNumberField("startedAt", s.startedAt());
        g.writeNumberField("finishedAt", s.finishedAt());
        g.writeObjectFieldStart("counts");
        for (Counts.Field field : Counts.Field.values()) {
            int value = field.of(s.counts());
            // a count added since the first format is written only when set: files without it keep their bytes
            if (field.since() == Counts.Field.Since.FIRST_RECORDS || value > 0) {
                g.writeNumberField(field.key(), value);
            }
        }
        g.writeEndObject();
        RecordFormat.writeIds(g, "drifted", s.drifted());
        RecordFormat.writeIds(g, "failed", s.failed());
        g.writeEndObject();
    }

    static RunSummary readSummary(final JsonNode n) {
        RecordFormat.checkFormat(n, RecordFormat.SUMMARY);
        JsonNode c = RecordFormat.required(n, "counts");
        Counts counts = Counts.from(field -> c.path(field.key()).asInt(0));
        return new RunSummary(RecordFormat.required(n, "sequence").asLong(), RecordFormat.text(n, "runId"),
                kind(RecordFormat.text(n, "kind")),
                n.path("cause").asText(""), n.path("startedAt").asLong(), n.path("finishedAt").asLong(), counts,
                RecordFormat.ids(n.path("drifted")), RecordFormat.ids(n.path("failed")));
    }

    // ---- details

    static void writeDetails(final JsonGenerator g, final long sequence, final RunRecord run) throws IOException {
        g.writeStartObject();
        RecordFormat.writeFormat(g, RecordFormat.DETAILS);
        g.writeNumberField("sequence", sequence);
        g.writeStringField("runId", run.runId());
        g.writeStringField("kind", run.kind().name().toLowerCase(Locale.ROOT));
        g.writeStringField("cause", run.cause());
        g.writeNumberField("startedAt", run.startedAt());
        g.writeNumberField("finishedAt", run.finishedAt());
        g.writeArrayFieldStart("rows");
        for (Row row : run.rows()) {
            RowJson.writeRow(g, row);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("trail");
        for (TrailEntry entry : run.trail()) {
            writeTrailEntry(g, entry);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    // ---- the trail and stack index files

    /** The whole {@code trail.json}: entries newest first. */
    static void writeTrail(final JsonGenerator g, final List<TrailEntry> entries) throws IOException {
        g.writeStartObject();
        RecordFormat.writeFormat(g, RecordFormat.TRAIL);
        g.writeArrayFieldStart("entries");
        for (TrailEntry e : entries) {
            writeTrailEntry(g, e);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    static List<TrailEntry> readTrail(final JsonNode n) {
        RecordFormat.checkFormat(n, RecordFormat.TRAIL);
        List<TrailEntry> list = new ArrayList<>();
        n.path("entries").forEach(e -> list.add(readTrailEntry(e)));
        return list;
    }

    /** The whole {@code stacks.json}: one status per stack. */
    static void writeStacks(final JsonGenerator g, final Collection<StackStatus> statuses) throws IOException {
        g.writeStartObject();
        RecordFormat.writeFormat(g, RecordFormat.STACKS);
        g.writeArrayFieldStart("stacks");
        for (StackStatus s : statuses) {
            writeStatus(g, s);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /**
     * The statuses of {@code stacks.json} that {@code keep} wants, streamed: one status at a time is a tree, never the
     * file, so reading the few stacks of a run costs the same with 200,000 entries of stacks long gone.
     */
    static Map<StackId, StackStatus> readStacks(final InputStream in, final Predicate<StackId> keep) throws IOException {
        Map<StackId, StackStatus> out = new TreeMap<>();
        try (JsonParser p = parser(in)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new RecordFormatException("not a JSON object");
            }
            boolean formatChecked = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if ("format".equals(name)) {
                    RecordFormat.checkFormat(RecordFormat.MAPPER.createObjectNode().put("format", p.getValueAsString("")),
                            RecordFormat.STACKS);
                    formatChecked = true;
                } else if ("stacks".equals(name) && value == JsonToken.START_ARRAY) {
                    if (!formatChecked) {
                        throw new RecordFormatException("the stacks come before the format");
                    }
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        JsonNode status = p.readValueAsTree();
                        StackId id = StackId.of(RecordFormat.text(status, "id"));
                        if (keep.test(id)) {
                            out.put(id, readStatus(status));
                        }
                    }
                } else {
                    p.skipChildren();
                }
            }
            if (!formatChecked) {
                throw new RecordFormatException("no format");
            }
        }
        return out;
    }

    static Map<StackId, StackStatus> readStacks(final JsonNode n) {
        RecordFormat.checkFormat(n, RecordFormat.STACKS);
        Map<StackId, StackStatus> out = new TreeMap<>();
        n.path("stacks").forEach(s -> {
            StackStatus status = readStatus(s);
            out.put(status.id(), status);
        });
        return out;
    }

    /** A parser over {@code in}, for the streamed readers. */
    static JsonParser parser(final InputStream in) throws IOException {
        return RecordFormat.MAPPER.getFactory().createParser(in);
    }

    // ---- trail, stack index, markers

    static void writeTrailEntry(final JsonGenerator g, final TrailEntry e) throws IOException {
        g.writeStartObject();
        g.writeStringField("stack", e.stack().value());
        g.writeStringField("runId", e.runId());
        g.writeNumberField("startedAt", e.startedAt());
        g.writeNumberField("finishedAt", e.finishedAt());
        g.writeStringField("result", e.result().word());
        g.writeBooleanField("repairedDrift", e.repairedDrift());
        g.writeArrayFieldStart("restoredPaths");
        for (String p : e.restoredPaths()) {
            g.writeString(p);
        }
        g.writeEndArray();
        g.writeStringField("reason", e.reason());
        if (e.driftedSince() > 0) {
            g.writeNumberField("driftedSince", e.driftedSince());
        }
        if (e.repairedDrift() && e.repair() == DriftRepair.NEW_UPSTREAM_VALUE) {
            g.writeStringField("repair", "new upstream value");
            g.writeArrayFieldStart("upstream");
            for (StackId id : e.upstream()) {
                g.writeString(id.value());
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    static TrailEntry readTrailEntry(final JsonNode n) {
        String word = RecordFormat.text(n, "result");
        TrailResult result = Arrays.stream(TrailResult.values()).filter(r -> r.word().equals(word)).findFirst()
                .orElseThrow(() -> new RecordFormatException("unknown trail result '" + word + "'"));
        List<String> paths = new ArrayList<>();
        n.path("restoredPaths").forEach(p -> paths.add(p.asText()));
        return new TrailEntry(StackId.of(RecordFormat.text(n, "stack")), RecordFormat.text(n, "runId"), n.path("startedAt").asLong(),
                n.path("finishedAt").asLong(), result, n.path("repairedDrift").asBoolean(), paths, n.path("reason").asText(""),
                Math.max(0, n.path("driftedSince").asLong(0)),
                "new upstream value".equals(n.path("repair").asText("")) ? DriftRepair.NEW_UPSTREAM_VALUE : DriftRepair.PUT_BACK,
                upstream(n.path("upstream")));
    }

    private static List<StackId> upstream(final JsonNode list) {
        List<StackId> out = new ArrayList<>();
        list.forEach(id -> out.add(StackId.of(id.asText())));
        return out;
    }

    static void writeStatus(final JsonGenerator g, final StackStatus s) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", s.id().value());
        g.writeNumberField("lastSequence", s.lastSequence());
        g.writeStringField("lastRunId", s.lastRunId());
        g.writeStringField("lastState", s.lastState().word());
        g.writeNumberField("lastCheckedAt", s.lastCheckedAt());
        g.writeNumberField("consecutiveFailures", s.consecutiveFailures());
        g.writeNumberField("lastFailedAt", s.lastFailedAt());
        RecordFormat.writeIds(g, "dependsOn", s.dependsOn());
        g.writeStringField("lastDeployDigest", s.lastDeployDigest());
        g.writeNumberField("lastDeployedAt", s.lastDeployedAt());
        RowJson.writeDriftAge(g, s.driftAge());
        if (s.stateSince() > 0) {
            g.writeNumberField("stateSince", s.stateSince());
        }
        if (s.deployOwed()) {
            g.writeBooleanField("deployOwed", true);
        }
        g.writeEndObject();
    }

    static StackStatus readStatus(final JsonNode n) {
        RowState state = RowState.fromWord(RecordFormat.text(n, "lastState"))
                .orElseThrow(() -> new RecordFormatException("unknown row state " + n.path("lastState")));
        return new StackStatus(StackId.of(RecordFormat.text(n, "id")), n.path("lastSequence").asLong(),
                RecordFormat.text(n, "lastRunId"), state,
                n.path("lastCheckedAt").asLong(), n.path("consecutiveFailures").asInt(), n.path("lastFailedAt").asLong(),
                RecordFormat.ids(n.path("dependsOn")), n.path("lastDeployDigest").asText(""), n.path("lastDeployedAt").asLong(),
                RowJson.driftAge(n), Math.max(0, n.path("stateSince").asLong(0)), n.path("deployOwed").asBoolean(false));
    }

    static void writeMarker(final JsonGenerator g, final DeployMarker m) throws IOException {
        g.writeStartObject();
        RecordFormat.writeFormat(g, RecordFormat.MARKER);
        g.writeStringField("stack", m.stack().value());
        g.writeStringField("runId", m.runId());
        g.writeNumberField("startedAt", m.startedAt());
        g.writeStringField("host", m.host());
        g.writeNumberField("pid", m.owner().pid());
        g.writeNumberField("pidStarted", m.owner().started());
        if (m.kind() == DeployKind.DESTROY) {
            // only when set: a deploy's marker keeps its bytes, and older readers ignore the key
            g.writeBooleanField("destroy", true);
        }
        g.writeEndObject();
    }

    static DeployMarker readMarker(final JsonNode n) {
        RecordFormat.checkFormat(n, RecordFormat.MARKER);
        return new DeployMarker(StackId.of(RecordFormat.text(n, "stack")), RecordFormat.text(n, "runId"), n.path("startedAt").asLong(),
                n.path("host").asText(""), new ProcessOwner(n.path("pid").asLong(), n.path("pidStarted").asLong(-1)),
                n.path("destroy").asBoolean(false) ? DeployKind.DESTROY : DeployKind.DEPLOY);
    }

    static void writeNextCheck(final JsonGenerator g, final NextScheduledCheck next) throws IOException {
        g.writeStartObject();
        RecordFormat.writeFormat(g, RecordFormat.NEXT_CHECK);
        g.writeStringField("runId", next.runId());
        g.writeNumberField("dueAt", next.dueAt().toEpochMilli());
        g.writeEndObject();
    }

    static NextScheduledCheck readNextCheck(final JsonNode n) {
        RecordFormat.checkFormat(n, RecordFormat.NEXT_CHECK);
        JsonNode dueAt = RecordFormat.required(n, "dueAt");
        if (!dueAt.canConvertToLong()) {
            throw new RecordFormatException("dueAt is not a time in milliseconds");
        }
        return new NextScheduledCheck(RecordFormat.text(n, "runId"), Instant.ofEpochMilli(dueAt.asLong()));
    }

    private static RunKind kind(final String word) {
        try {
            return RunKind.valueOf(word.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new RecordFormatException("unknown run kind '" + word + "'");
        }
    }
}
