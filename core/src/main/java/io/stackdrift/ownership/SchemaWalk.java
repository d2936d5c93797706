package io.stackdrift.ownership;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import io.stackdrift.ownership.AttributePath.Step;

/**
 * Walks an attribute path through a resource's schema block with the rules Terraform and OpenTofu use
 * to validate {@code ignore_changes} (docs/field-ownership.md): blocks by nesting mode, attributes by their type or
 * {@code nested_type}.
 */
final class SchemaWalk {
    /** The verdict: {@code error} empty when the path is valid. */
    record Result(String error, boolean writeOnly, boolean computedOnly) {
        boolean valid() {
            return error.isEmpty();
        }
    }

    private SchemaWalk() {
    }

    static Result walk(final JsonNode resourceBlock, final AttributePath path) {
        List<Step> steps = path.steps();
        JsonNode block = resourceBlock;
        int i = 0;
        while (i < steps.size()) {
            Step step = steps.get(i);
            if (step.kind() == Step.Kind.INDEX) {
                return error("an index cannot follow a block here (at '" + step.text() + "')");
            }
            JsonNode attribute = block.path("attributes").get(step.text());
            JsonNode blockType = block.path("block_types").get(step.text());
            if (attribute != null) {
                return attribute(attribute, steps.subList(i + 1, steps.size()), step.text());
            }
            if (blockType == null) {
                return error("'" + step.text() + "' is neither an attribute nor a block of this resource type");
            }
            String mode = blockType.path("nesting_mode").asText();
            JsonNode inner = blockType.path("block");
            i++;
            switch (mode) {
                case "single", "group" -> block = inner;
                case "list" -> {
                    if (i == steps.size()) {
                        return end(inner);
                    }
                    if (!steps.get(i).isIndex()) {
                        return error("block '" + step.text() + "' is a list: it must be indexed with a number, as in "
                                + step.text() + "[0]");
                    }
                    i++;
                    block = inner;
                }
                case "set" -> {
                    if (i < steps.size()) {
                        return error("block '" + step.text() + "' is a set: its elements have no index; ignore '"
                                + step.text() + "' as a whole");
                    }
                    return end(inner);
                }
                case "map" -> {
                    if (i < steps.size()) {
                        if (steps.get(i).isIndex()) {
                            return error("block '" + step.text() + "' is a map: it is indexed by a key, not a number");
                        }
                        i++;
                    }
                    block = inner;
                }
                default -> {
                    return error("block '" + step.text() + "' has an unknown nesting mode '" + mode + "'");
                }
            }
        }
        return end(block);
    }

    /** The rest of the path inside an attribute's value. */
    private static Result attribute(final JsonNode attribute, final List<Step> rest, final String name) {
        boolean writeOnly = attribute.path("write_only").asBoolean(false);
        JsonNode nested = attribute.get("nested_type");
        if (nested != null) {
            Result inside = nested(nested, rest, name);
            return inside.valid() ? new Result("", writeOnly || inside.writeOnly(), false) : inside;
        }
        boolean computedOnly = rest.isEmpty() && attribute.path("computed").asBoolean(false)
                && !attribute.path("optional").asBoolean(false) && !attribute.path("required").asBoolean(false);
        String error = type(attribute.path("type"), rest, name);
        return error.isEmpty() ? new Result("", writeOnly, computedOnly) : error(error);
    }

    private static Result nested(final JsonNode nested, final List<Step> rest, final String name) {
        String mode = nested.path("nesting_mode").asText();
        int i = 0;
        switch (mode) {
            case "single" -> {
            }
            case "list", "map" -> {
                if (rest.isEmpty()) {
                    return anyWriteOnly(nested.path("attributes"));
                }
                if (mode.equals("list") != rest.get(0).isIndex()) {
                    return error("'" + name + "' is a " + mode + " of objects: index it with "
                            + (mode.equals("list") ? "a number, as in " + name + "[0]" : "a key"));
                }
                i = 1;
            }
            case "set" -> {
                return rest.isEmpty() ? anyWriteOnly(nested.path("attributes"))
                        : error("'" + name + "' is a set: its elements have no index; ignore '" + name + "' as a whole");
            }
            default -> {
                return error("'" + name + "' has an unknown nesting mode '" + mode + "'");
            }
        }
        if (i == rest.size()) {
            return anyWriteOnly(nested.path("attributes"));
        }
        Step step = rest.get(i);
        if (step.isIndex()) {
            return error("'" + name + "' holds an object: name one of its attributes, not an index");
        }
        JsonNode attribute = nested.path("attributes").get(step.text());
        if (attribute == null) {
            return error("'" + step.text() + "' is not an attribute of '" + name + "'");
        }
        return attribute(attribute, rest.subList(i + 1, rest.size()), step.text());
    }

    /** HCL's rules for a step into a value of a cty type; empty when the rest of the path is valid. */
    private static String type(final JsonNode type, final List<Step> rest, final String name) {
        if (rest.isEmpty()) {
            return "";
        }
        Step step = rest.get(0);
        List<Step> after = rest.subList(1, rest.size());
        if (type.isTextual()) {
            return "dynamic".equals(type.asText()) ? ""
                    : "'" + name + "' is a " + type.asText() + ": nothing can follow it in a path";
        }
        String kind = type.path(0).asText();
        JsonNode element = type.path(1);
        switch (kind) {
            case "list":
                return step.isIndex() ? type(element, after, name + "[" + step.text() + "]")
                        : "'" + name + "' is a list: index it with a number, as in " + name + "[0]";
            case "tuple":
                if (!step.isIndex()) {
                    return "'" + name + "' is a tuple: index it with a number";
                }
                int index = Integer.parseInt(step.text());
                return index < element.size() ? type(element.get(index), after, name + "[" + index + "]")
                        : "'" + name + "' has no element " + index;
            case "map":
                return step.isIndex() ? "'" + name + "' is a map: index it with a key, as in " + name + "[\"key\"]"
                        : type(element, after, name + "." + step.text());
            case "set":
                return "'" + name + "' is a set: its elements have no index; ignore '" + name + "' as a whole";
            case "object":
                if (step.isIndex()) {
                    return "'" + name + "' is an object: name one of its attributes";
                }
                JsonNode attributeType = element.get(step.text());
                return attributeType == null ? "'" + step.text() + "' is not an attribute of '" + name + "'"
                        : type(attributeType, after, name + "." + step.text());
            default:
                return "'" + name + "' has a type this check does not know (" + kind + ")";
        }
    }

    /** A path that ends on a block or on objects covers every attribute below it. */
    private static Result end(final JsonNode block) {
        return new Result("", containsWriteOnly(block), false);
    }

    private static Result anyWriteOnly(final JsonNode attributes) {
        boolean found = false;
        for (Iterator<Map.Entry<String, JsonNode>> it = attributes.properties().iterator(); it.hasNext();) {
            JsonNode a = it.next().getValue();
            found |= a.path("write_only").asBoolean(false)
                    || a.has("nested_type") && anyWriteOnly(a.path("nested_type").path("attributes")).writeOnly();
        }
        return new Result("", found, false);
    }

    private static boolean containsWriteOnly(final JsonNode block) {
        if (anyWriteOnly(block.path("attributes")).writeOnly()) {
            return true;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = block.path("block_types").properties().iterator(); it.hasNext();) {
            if (containsWriteOnly(it.next().getValue().path("block"))) {
                return true;
            }
        }
        return false;
    }

    private static Result error(final String message) {
        return new Result(message, false, false);
    }
}
