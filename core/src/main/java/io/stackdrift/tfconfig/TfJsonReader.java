package io.stackdrift.tfconfig;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.stackdrift.tfconfig.HclBody.Attribute;
import io.stackdrift.tfconfig.HclBody.Block;

/**
 * Reads a {@code *.tf.json} file into the same {@link HclBody} as {@link HclReader}, for the blocks a static reading
 * needs: {@code terraform} with its {@code backend "TYPE"} and <code>cloud { workspaces }</code>, and {@code data "TYPE"
 * "NAME"}. JSON has no block syntax of its own, so which keys are blocks is known from where they are; a block may be
 * written as an object or as an array of objects. A string is a template as in HCL: one with <code>${</code> or <code>%{</code>
 * is {@link HclValue.Expression#UNKNOWN}. JSON keeps no line numbers here: every item has line 0.
 */
public final class TfJsonReader {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** For each block type (by the path of types to it), its nested block types and how many labels each has. */
    private static final Map<String, Map<String, Integer>> BLOCKS = Map.of(
            "", Map.of("terraform", 0, "data", 2),
            "terraform", Map.of("backend", 1, "cloud", 0),
            "terraform/cloud", Map.of("workspaces", 0));

    private TfJsonReader() {
    }

    /** The file's top-level body. */
    public static HclBody read(final String text) throws HclSyntaxException {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new HclSyntaxException(at == null ? 0 : at.getLineNr(), at == null ? 0 : at.getColumnNr(),
                    "not valid JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new HclSyntaxException(1, 1, "a Terraform JSON file is one JSON object");
        }
        return body(root, "");
    }

    private static HclBody body(final JsonNode object, final String path) throws HclSyntaxException {
        Map<String, Integer> nested = BLOCKS.getOrDefault(path, Map.of());
        List<Attribute> attributes = new ArrayList<>();
        List<Block> blocks = new ArrayList<>();
        for (Map.Entry<String, JsonNode> field : object.properties()) {
            Integer labels = nested.get(field.getKey());
            if (labels == null) {
                attributes.add(new Attribute(field.getKey(), value(field.getValue()), 0));
            } else {
                String inner = path.isEmpty() ? field.getKey() : path + "/" + field.getKey();
                blocks(field.getKey(), field.getValue(), labels, new ArrayList<>(), inner, blocks);
            }
        }
        return new HclBody(attributes, blocks);
    }

    /** The blocks under one key: {@code labels} more levels of object keys, then one body or an array of bodies. */
    private static void blocks(final String type, final JsonNode node, final int labels, final List<String> written, final String path,
            final List<Block> into) throws HclSyntaxException {
        if (node.isArray()) {
            for (JsonNode item : node) {
                blocks(type, item, labels, written, path, into);
            }
            return;
        }
        if (!node.isObject()) {
            String kind = node.getNodeType().toString().toLowerCase(Locale.ROOT);
            throw new HclSyntaxException(0, 0, "`" + type + "` is a block: an object, not " + kind);
        }
        if (labels == written.size()) {
            into.add(new Block(type, written, body(node, path), 0));
            return;
        }
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            List<String> more = new ArrayList<>(written);
            more.add(field.getKey());
            blocks(type, field.getValue(), labels, more, path, into);
        }
    }

    private static HclValue value(final JsonNode node) {
        if (node.isTextual()) {
            String text = node.textValue();
            String plain = text.replace("$${", "").replace("%%{", "");
            if (plain.contains("${") || plain.contains("%{")) {
                return HclValue.Expression.UNKNOWN;
            }
            return new HclValue.Text(text.replace("$${", "${").replace("%%{", "%{"));
        }
        if (node.isObject()) {
            Map<String, HclValue> entries = new LinkedHashMap<>();
            node.properties().forEach(e -> entries.put(e.getKey(), value(e.getValue())));
            return new HclValue.ObjectValue(entries);
        }
        return HclValue.Expression.UNKNOWN;
    }
}
