package io.stackdrift.render;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import io.stackdrift.model.ShardLayout;
import io.stackdrift.model.StackId;

/** {@code stackdrift graph --shards N}: the split as text or JSON (docs/cli.md, "Shards"). */
public final class ShardLayoutOutput {
    private static final JsonFactory JSON = new JsonFactory().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    private ShardLayoutOutput() {
    }

    /** One line per shard, one per empty shard saying why, one per wait, then the estimate. */
    public static String text(final ShardLayout layout) {
        StringBuilder out = new StringBuilder();
        List<List<StackId>> shards = layout.shards();
        for (int i = 0; i < shards.size(); i++) {
            List<StackId> shard = shards.get(i);
            out.append("shard ").append(i + 1).append(" of ").append(shards.size()).append(" (").append(shard.size())
                    .append(shard.size() == 1 ? " stack" : " stacks").append("): ")
                    .append(shard.isEmpty() ? "(none)" : String.join(", ", shard.stream().map(StackId::value).toList())).append('\n');
        }
        layout.notes().forEach(note -> out.append(note).append('\n'));
        for (ShardLayout.Wait wait : layout.waits()) {
            out.append(wait.stack()).append(" (shard ").append(wait.shard()).append(") waits for ").append(wait.dependsOn())
                    .append(" (shard ").append(wait.dependencyShard()).append(")\n");
        }
        layout.expectedMillis().ifPresent(ms -> out.append("expected: about ").append(minutes(ms))
                .append(" with every shard running its stacks at once, from the last deploys' durations\n"));
        layout.expectedStacks().ifPresent(n -> out.append("expected: as long as ").append(n)
                .append(n == 1 ? " stack deploy" : " stack deploys")
                .append(" end to end (no durations recorded yet: every stack counts the same)\n"));
        return out.toString();
    }

    /**
     * {@code {"shards": [{"shard", "stacks"}], "waits": [{"stack", "shard", "dependsOn", "dependencyShard"}], "notes",
     * "expectedMillis", "expectedStacks"}} and a line end; the estimate not known is null.
     */
    public static String json(final ShardLayout layout) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeArrayFieldStart("shards");
            for (int i = 0; i < layout.shards().size(); i++) {
                json.writeStartObject();
                json.writeNumberField("shard", i + 1);
                json.writeArrayFieldStart("stacks");
                for (StackId id : layout.shards().get(i)) {
                    json.writeString(id.value());
                }
                json.writeEndArray();
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayFieldStart("waits");
            for (ShardLayout.Wait wait : layout.waits()) {
                json.writeStartObject();
                json.writeStringField("stack", wait.stack().value());
                json.writeNumberField("shard", wait.shard());
                json.writeStringField("dependsOn", wait.dependsOn().value());
                json.writeNumberField("dependencyShard", wait.dependencyShard());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayFieldStart("notes");
            for (String note : layout.notes()) {
                json.writeString(note);
            }
            json.writeEndArray();
            json.writeFieldName("expectedMillis");
            if (layout.expectedMillis().isPresent()) {
                json.writeNumber(layout.expectedMillis().getAsInt());
            } else {
                json.writeNull();
            }
            json.writeFieldName("expectedStacks");
            if (layout.expectedStacks().isPresent()) {
                json.writeNumber(layout.expectedStacks().getAsInt());
            } else {
                json.writeNull();
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the shards' JSON", e);
        }
        return out.append('\n').toString();
    }

    private static String minutes(final long ms) {
        long seconds = Math.round(ms / 1000.0);
        return seconds < 120 ? seconds + "s" : Math.round(seconds / 60.0) + "m";
    }
}
