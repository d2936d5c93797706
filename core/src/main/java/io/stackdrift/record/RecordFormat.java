package io.stackdrift.record;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.stackdrift.model.StackId;

/**
 * What every file of the record has in common: the {@code "format": "<kind>/<version>"} field and its check, and the
 * few field helpers the run ({@link RecordJson}) and row ({@link RowJson}) forms share. Its own class so that those two
 * depend on it and not on each other.
 */
final class RecordFormat {
    /** The major version written; readers reject another. */
    static final int VERSION = 1;
    static final String SUMMARY = "stackdrift-run-summary";
    static final String DETAILS = "stackdrift-run-details";
    static final String STACKS = "stackdrift-stack-index";
    static final String TRAIL = "stackdrift-trail";
    static final String MARKER = "stackdrift-deploy-marker";
    static final String DRIFT = "stackdrift-stack-drift";
    static final String NEXT_CHECK = "stackdrift-next-check";

    static final ObjectMapper MAPPER = new ObjectMapper();

    static void writeFormat(final JsonGenerator g, final String kind) throws IOException {
        g.writeStringField("format", kind + "/" + VERSION);
    }

    /** Throws unless {@code node} is an object of the given kind and major version. */
    static void checkFormat(final JsonNode node, final String kind) {
        if (node == null || !node.isObject()) {
            throw new RecordFormatException("not a JSON object");
        }
        String format = node.path("format").asText("");
        int slash = format.indexOf('/');
        if (slash < 0 || !format.substring(0, slash).equals(kind)) {
            throw new RecordFormatException("expected format " + kind + "/" + VERSION + ", found '" + format + "'");
        }
        String version = format.substring(slash + 1);
        String major = version.contains(".") ? version.substring(0, version.indexOf('.')) : version;
        if (!major.equals(Integer.toString(VERSION))) {
            throw RecordFormatException.otherVersion("format " + format + " is not supported (this version reads " + kind + "/"
                    + VERSION + ")");
        }
    }

    static void writeIds(final JsonGenerator g, final String field, final List<StackId> ids) throws IOException {
        g.writeArrayFieldStart(field);
        for (StackId id : ids) {
            g.writeString(id.value());
        }
        g.writeEndArray();
    }

    static List<StackId> ids(final JsonNode array) {
        List<StackId> out = new ArrayList<>();
        array.forEach(id -> out.add(StackId.of(id.asText())));
        return out;
    }

    static JsonNode required(final JsonNode n, final String field) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            throw new RecordFormatException("missing field '" + field + "'");
        }
        return v;
    }

    static String text(final JsonNode n, final String field) {
        return required(n, field).asText();
    }
}
