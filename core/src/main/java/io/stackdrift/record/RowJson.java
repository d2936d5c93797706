package io.stackdrift.record;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.KnownState;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/**
 * Rows in the record's JSON (a run's details, a stack's drift file): written one change at a time, and read one change
 * at a time from a stream, so that a row with a million changes never becomes a tree; its long lists spill
 * ({@link ChangeList}).
 */
final class RowJson {
    private RowJson() {
    }

    static void writeRow(final JsonGenerator g, final Row row) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", row.id().value());
        g.writeStringField("tool", row.tool().word());
        g.writeStringField("dir", row.dir());
        g.writeStringField("state", row.state().word());
        g.writeStringField("reason", row.reason());
        writeChanges(g, "changes", row.changes());
        writeChanges(g, "drift", row.drift());
        writeChanges(g, "ownedElsewhere", row.ownedElsewhere());
        RecordFormat.writeIds(g, "dependsOn", row.dependsOn());
        RecordFormat.writeIds(g, "fileDependsOn", row.fileDependsOn());
        writeDriftAge(g, row.driftAge());
        writeKnown(g, row.known());
        g.writeEndObject();
    }

    /** What the history knew of a skipped stack; written only when known, so other rows keep their bytes. */
    static void writeKnown(final JsonGenerator g, final KnownState known) throws IOException {
        if (known.isPresent()) {
            g.writeStringField("knownState", known.state().word());
            if (known.since() > 0) {
                g.writeNumberField("knownSince", known.since());
            }
            if (known.checkedAt() > 0) {
                g.writeNumberField("lastCheckedAt", known.checkedAt());
            }
        }
    }

    /** A missing known state reads as none; an unknown word too (it only informs, nothing decides on it). */
    private static KnownState known(final JsonNode n) {
        return RowState.fromWord(n.path("knownState").asText("")).filter(state -> state != RowState.SKIPPED)
                .map(state -> new KnownState(state, Math.max(0, n.path("knownSince").asLong(0)),
                        Math.max(0, n.path("lastCheckedAt").asLong(0))))
                .orElse(KnownState.NONE);
    }

    /**
     * A row read from the parser, which stands on its {@code START_OBJECT}; its lists of changes are streamed into
     * builders that spill into {@code spill}, never made a tree.
     */
    static Row readRow(final JsonParser p, final ChangeList.SpillTarget spill) throws IOException {
        ObjectNode fields = RecordFormat.MAPPER.createObjectNode();
        ChangeList.Builder changes = ChangeList.builder(spill);
        ChangeList.Builder drift = ChangeList.builder(spill);
        ChangeList.Builder owned = ChangeList.builder(spill);
        try {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                ChangeList.Builder list = switch (field) {
                    case "changes" -> changes;
                    case "drift" -> drift;
                    case "ownedElsewhere" -> owned;
                    default -> null;
                };
                if (list != null && value == JsonToken.START_ARRAY) {
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        list.add(change(p.readValueAsTree()));
                    }
                } else {
                    fields.set(field, p.readValueAsTree());
                }
            }
            if (p.currentToken() != JsonToken.END_OBJECT) {
                throw new RecordFormatException("a row is cut short");
            }
            return row(fields, changes.build(), drift.build(), owned.build());
        } catch (IOException | RuntimeException e) {
            changes.discard();
            drift.discard();
            owned.discard();
            throw e;
        }
    }

    private static Row row(final JsonNode n, final ChangeList changes, final ChangeList drift, final ChangeList owned) {
        Tool tool = Tool.fromWord(RecordFormat.text(n, "tool")).orElseThrow(() -> new RecordFormatException("unknown tool "
                + n.path("tool")));
        RowState state = RowState.fromWord(RecordFormat.text(n, "state"))
                .orElseThrow(() -> new RecordFormatException("unknown row state " + n.path("state")));
        return new Row(StackId.of(RecordFormat.text(n, "id")), tool, RecordFormat.text(n, "dir"), state, n.path("reason").asText(""),
                changes, drift, owned, RecordFormat.ids(n.path("dependsOn")), RecordFormat.ids(n.path("fileDependsOn")), driftAge(n),
                known(n));
    }

    private static void writeChanges(final JsonGenerator g, final String field, final ChangeList changes) throws IOException {
        g.writeArrayFieldStart(field);
        changes.visit(c -> {
            g.writeStartObject();
            g.writeStringField("action", c.action().word());
            g.writeStringField("type", c.type());
            g.writeStringField("address", c.address());
            g.writeArrayFieldStart("paths");
            for (String p : c.paths()) {
                g.writeString(p);
            }
            g.writeEndArray();
            g.writeStringField("cause", c.cause().name().toLowerCase(Locale.ROOT));
            g.writeEndObject();
        });
        g.writeEndArray();
    }

    private static Change change(final JsonNode c) {
        String word = RecordFormat.text(c, "action");
        Action action = Arrays.stream(Action.values()).filter(a -> a.word().equals(word)).findFirst()
                .orElseThrow(() -> new RecordFormatException("unknown action '" + word + "'"));
        List<String> paths = new ArrayList<>();
        c.path("paths").forEach(p -> paths.add(p.asText()));
        return new Change(action, RecordFormat.text(c, "type"), RecordFormat.text(c, "address"), paths, Cause.valueOf(RecordFormat.text(c,
                "cause").toUpperCase(Locale.ROOT)));
    }

    /** A stack's drift file: its latest row that showed drift, under {@code "row"}. */
    static void writeDriftRow(final JsonGenerator g, final Row row) throws IOException {
        g.writeStartObject();
        RecordFormat.writeFormat(g, RecordFormat.DRIFT);
        g.writeFieldName("row");
        writeRow(g, row);
        g.writeEndObject();
    }

    /** A stack's drift file, streamed: its row's changes spill into {@code spill} (the drift of one stack may be huge). */
    static Row readDriftRow(final JsonParser p, final ChangeList.SpillTarget spill) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            throw new RecordFormatException("not a JSON object");
        }
        ObjectNode head = RecordFormat.MAPPER.createObjectNode();
        Row row = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken value = p.nextToken();
            if ("row".equals(field) && value == JsonToken.START_OBJECT) {
                RecordFormat.checkFormat(head, RecordFormat.DRIFT);
                row = readRow(p, spill);
            } else {
                head.set(field, p.readValueAsTree());
            }
        }
        if (p.currentToken() != JsonToken.END_OBJECT) {
            throw new RecordFormatException("cut short");
        }
        RecordFormat.checkFormat(head, RecordFormat.DRIFT);
        if (row == null) {
            throw new RecordFormatException("missing field 'row'");
        }
        return row;
    }

    /** Only when the stack drifts: rows and statuses without drift keep their bytes. */
    static void writeDriftAge(final JsonGenerator g, final DriftAge age) throws IOException {
        if (age.isPresent()) {
            g.writeNumberField("driftedSince", age.since());
            g.writeNumberField("driftedChecks", age.checks());
        }
    }

    /** A missing or broken drift age reads as none: it only informs, nothing decides on it. */
    static DriftAge driftAge(final JsonNode n) {
        long since = n.path("driftedSince").asLong(0);
        int checks = n.path("driftedChecks").asInt(0);
        return since > 0 && checks > 0 ? new DriftAge(since, checks) : DriftAge.NONE;
    }
}
