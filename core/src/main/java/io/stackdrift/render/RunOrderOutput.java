package io.stackdrift.render;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import io.stackdrift.model.RunOrder;
import io.stackdrift.model.StackId;

/**
 * The run order as text (one line a group, then the edges, then a line per note), Graphviz DOT (edges read from
 * stack references or remote state dashed) and JSON ({@code stackdrift graph --json}, docs/cli.md). Stack ids come from directory
 * names, so the text and DOT forms make them inert for a terminal and quote them for DOT; JSON escapes them itself.
 */
public final class RunOrderOutput {
    private static final JsonFactory JSON = new JsonFactory().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    private RunOrderOutput() {
    }

    public static String text(final RunOrder order) {
        StringBuilder out = new StringBuilder();
        List<List<StackId>> groups = order.groups();
        for (int i = 0; i < groups.size(); i++) {
            out.append("group ").append(i + 1).append(": ");
            out.append(String.join(", ", groups.get(i).stream().map(id -> TextSafe.clean(id.value())).toList()));
            out.append('\n');
        }
        for (RunOrder.Edge edge : order.edges()) {
            out.append(TextSafe.clean(edge.dependent().value())).append(" depends on ")
                    .append(TextSafe.clean(edge.dependency().value())).append(" (").append(edge.origin().word()).append(")\n");
        }
        // an edge left out (one that would close a cycle, an unknown id) must not vanish from the text form
        for (String note : order.notes()) {
            out.append("note: ").append(TextSafe.clean(note)).append('\n');
        }
        out.append(groups.size()).append(groups.size() == 1 ? " group, " : " groups, ").append(order.stacks().size())
                .append(order.stacks().size() == 1 ? " stack, " : " stacks, ").append(order.edges().size())
                .append(order.edges().size() == 1 ? " edge\n" : " edges\n");
        return out.toString();
    }

    public static String dot(final RunOrder order) {
        StringBuilder out = new StringBuilder("digraph stacks {\n  rankdir=LR;\n");
        for (List<StackId> group : order.groups()) {
            out.append("  { rank=same;");
            group.forEach(id -> out.append(' ').append(quoted(id)).append(';'));
            out.append(" }\n");
        }
        for (RunOrder.Edge edge : order.edges()) {
            // Arrows point the way a deploy runs: from the dependency to its dependent.
            out.append("  ").append(quoted(edge.dependency())).append(" -> ").append(quoted(edge.dependent()));
            out.append(edge.origin() != RunOrder.Origin.FILE ? " [style=dashed];\n" : ";\n");
        }
        return out.append("}\n").toString();
    }

    /**
     * {@code {"groups": [[ids]], "edges": [{"stack", "dependsOn", "from"}], "notes": []}} and a line end: the keys of
     * {@link RunMaps#runOrder}, and the notes.
     */
    public static String json(final RunOrder order) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeArrayFieldStart("groups");
            for (List<StackId> group : order.groups()) {
                json.writeStartArray();
                for (StackId id : group) {
                    json.writeString(id.value());
                }
                json.writeEndArray();
            }
            json.writeEndArray();
            json.writeArrayFieldStart("edges");
            for (RunOrder.Edge edge : order.edges()) {
                json.writeStartObject();
                json.writeStringField("stack", edge.dependent().value());
                json.writeStringField("dependsOn", edge.dependency().value());
                json.writeStringField("from", edge.origin().word());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayFieldStart("notes");
            for (String note : order.notes()) {
                json.writeString(note);
            }
            json.writeEndArray();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("a string writer failed", e);
        }
        return out.append(System.lineSeparator()).toString();
    }

    private static String quoted(final StackId id) {
        return '"' + TextSafe.clean(id.value()).replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
