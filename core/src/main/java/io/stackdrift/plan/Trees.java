package io.stackdrift.plan;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Reads the value at the parser's current token as a tree. A plain token walk: the data-binding path
 * ({@code readValueAsTree}) sets up a deserialization context per call, which shows up when a plan has
 * hundreds of thousands of small values. Depth stays bounded by the parser's nesting limit.
 */
final class Trees {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Trees() {
    }

    static JsonNode read(final JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == null) {
            return null;
        }
        return switch (token) {
            case START_OBJECT -> {
                ObjectNode object = NODES.objectNode();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    object.set(name, read(parser));
                }
                yield object;
            }
            case START_ARRAY -> {
                ArrayNode array = NODES.arrayNode();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(read(parser));
                }
                yield array;
            }
            case VALUE_STRING -> NODES.textNode(parser.getText());
            case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                case INT -> NODES.numberNode(parser.getIntValue());
                case LONG -> NODES.numberNode(parser.getLongValue());
                default -> NODES.numberNode(parser.getBigIntegerValue());
            };
            // exact: two long decimals that round to the same double are still different values
            case VALUE_NUMBER_FLOAT -> NODES.numberNode(parser.getDecimalValue());
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            default -> {
                parser.skipChildren();
                yield NODES.missingNode();
            }
        };
    }
}
