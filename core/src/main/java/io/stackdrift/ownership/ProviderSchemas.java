package io.stackdrift.ownership;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The schema blocks of a few resource types, streamed out of {@code providers schema -json} output.
 * A current aws schema is over ten million characters; only the types an ignore path names are kept
 * as trees, everything else is skipped token by token, so memory is flat in the file's size.
 *
 * <p>A type is looked up under every provider key ({@code registry.terraform.io/...},
 * {@code registry.opentofu.org/...}); the first one found wins, which is right unless two providers
 * declare the same resource type name (they do not in practice: the type's prefix is the provider).
 */
public final class ProviderSchemas {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Map<String, JsonNode> blocks;

    private ProviderSchemas(final Map<String, JsonNode> blocks) {
        this.blocks = Map.copyOf(blocks);
    }

    /** Reads the blocks of {@code types}; fails on a major format version other than 0 or 1. */
    public static ProviderSchemas read(final InputStream in, final Set<String> types) throws IOException {
        Map<String, JsonNode> found = new HashMap<>();
        try (JsonParser p = MAPPER.getFactory().createParser(in)) {
            expect(p.nextToken(), JsonToken.START_OBJECT, "the output does not start with a JSON object");
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if ("format_version".equals(field)) {
                    String version = p.getText();
                    if (!version.startsWith("0.") && !version.startsWith("1.")) {
                        throw new IOException("provider schema format_version " + version + " is not supported (1.x expected)");
                    }
                } else if ("provider_schemas".equals(field) && value == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        p.nextToken();
                        readProvider(p, types, found);
                    }
                } else {
                    p.skipChildren();
                }
            }
        }
        return new ProviderSchemas(found);
    }

    private static void readProvider(final JsonParser p, final Set<String> types, final Map<String, JsonNode> found) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            p.skipChildren();
            return;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken value = p.nextToken();
            if ("resource_schemas".equals(field) && value == JsonToken.START_OBJECT) {
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String type = p.currentName();
                    p.nextToken();
                    if (types.contains(type) && !found.containsKey(type)) {
                        JsonNode schema = p.readValueAsTree();
                        found.put(type, schema.path("block"));
                    } else {
                        p.skipChildren();
                    }
                }
            } else {
                p.skipChildren();
            }
        }
    }

    private static void expect(final JsonToken actual, final JsonToken expected, final String message) throws IOException {
        if (actual != expected) {
            throw new IOException(message);
        }
    }

    /** The schema block of a resource type ({@code attributes}, {@code block_types}). */
    public Optional<JsonNode> block(final String type) {
        return Optional.ofNullable(blocks.get(type));
    }
}
