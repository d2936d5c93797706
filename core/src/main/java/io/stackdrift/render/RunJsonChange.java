package io.stackdrift.render;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;

/**
 * One change as every list of the run JSON holds it ({@link RunJsonWriter}), and as a report's spill file holds it
 * ({@link ReportSpill}), whose characters the writer then copies as they are: one form, written in one place
 * ({@link #writeCompact} writes the bytes Jackson's compact generator writes, without one).
 */
final class RunJsonChange {
    private static final JsonFactory JSON = new JsonFactory();
    private static final byte[] DRIFT = "{\"cause\":\"drift\",\"action\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CODE = "{\"cause\":\"code\",\"action\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TYPE = "\",\"type\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ADDRESS = "\",\"address\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PATHS = "\",\"paths\":[".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END = "]}".getBytes(StandardCharsets.US_ASCII);

    private RunJsonChange() {
    }

    static void write(final JsonGenerator json, final Change change) throws IOException {
        json.writeStartObject();
        json.writeStringField("cause", change.cause() == Cause.DRIFT ? "drift" : "code");
        json.writeStringField("action", change.action().word());
        json.writeStringField("type", change.type());
        json.writeStringField("address", change.address());
        json.writeArrayFieldStart("paths");
        for (String path : change.paths()) {
            json.writeString(path);
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    /**
     * The bytes {@link #write} gives through Jackson's compact UTF-8 generator, written directly where every text is
     * printable ASCII without a quote or backslash (a spill of many changes: most of its CPU was the generator's); any
     * other change is written by Jackson into {@code scratch} and copied, so every byte is Jackson's either way.
     */
    static void writeCompact(final OutputStream out, final Change change, final ByteArrayOutputStream scratch)
            throws IOException {
        boolean plain = plain(change.action().word()) && plain(change.type()) && plain(change.address());
        for (String path : change.paths()) {
            plain &= plain(path);
        }
        if (!plain) {
            scratch.reset();
            try (JsonGenerator json = JSON.createGenerator(scratch, JsonEncoding.UTF8)) {
                write(json, change);
            }
            scratch.writeTo(out);
            return;
        }
        out.write(change.cause() == Cause.DRIFT ? DRIFT : CODE);
        ascii(out, change.action().word());
        out.write(TYPE);
        ascii(out, change.type());
        out.write(ADDRESS);
        ascii(out, change.address());
        out.write(PATHS);
        for (int i = 0; i < change.paths().size(); i++) {
            if (i > 0) {
                out.write(',');
            }
            out.write('"');
            ascii(out, change.paths().get(i));
            out.write('"');
        }
        out.write(END);
    }

    /** Printable ASCII without {@code "} or {@code \\}: what Jackson writes as it is. */
    private static boolean plain(final String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') {
                return false;
            }
        }
        return true;
    }

    private static void ascii(final OutputStream out, final String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
    }
}
