package io.stackdrift.render;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonGenerator;

import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;

/**
 * One change as every list of the run JSON holds it ({@link RunJsonWriter}), and as a report's spill file holds it
 * ({@link ReportSpill}), whose characters the writer then copies as they are: one form, written in one place.
 */
final class RunJsonChange {
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
}
