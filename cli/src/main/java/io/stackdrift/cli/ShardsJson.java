package io.stackdrift.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import io.stackdrift.engine.ShardsOutcome;
import io.stackdrift.model.StackId;

/**
 * {@code stackdrift graph --shards N --json} (docs/cli.md): {@code {"shards": [{"shard", "stacks"}], "waits": [{"stack",
 * "shard", "dependsOn", "dependencyShard"}], "expectedMillis", "expectedStacks"}}; the estimate not known is null.
 */
final class ShardsJson {
    private ShardsJson() {
    }

    static void write(final ShardsOutcome outcome, final PrintWriter out) throws IOException {
        JsonGenerator json = new JsonFactory().createGenerator(out).useDefaultPrettyPrinter();
        json.writeStartObject();
        json.writeArrayFieldStart("shards");
        List<List<StackId>> shards = outcome.shards();
        for (int i = 0; i < shards.size(); i++) {
            json.writeStartObject();
            json.writeNumberField("shard", i + 1);
            json.writeArrayFieldStart("stacks");
            for (StackId id : shards.get(i)) {
                json.writeString(id.value());
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeArrayFieldStart("waits");
        for (ShardsOutcome.Wait wait : outcome.waits()) {
            json.writeStartObject();
            json.writeStringField("stack", wait.stack().value());
            json.writeNumberField("shard", wait.shard());
            json.writeStringField("dependsOn", wait.dependsOn().value());
            json.writeNumberField("dependencyShard", wait.dependencyShard());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeFieldName("expectedMillis");
        if (outcome.expectedMillis().isPresent()) {
            json.writeNumber(outcome.expectedMillis().getAsInt());
        } else {
            json.writeNull();
        }
        json.writeFieldName("expectedStacks");
        if (outcome.expectedStacks().isPresent()) {
            json.writeNumber(outcome.expectedStacks().getAsInt());
        } else {
            json.writeNull();
        }
        json.writeEndObject();
        json.flush();
        out.println();
    }
}
