package io.stackdrift.tool;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.stackdrift.model.IoProblem;

/**
 * Reading the small JSON documents a tool prints (outputs, version): a key twice in one object is refused, as the plan
 * readers refuse it — the tool never writes that, and whichever value won could hide something (a second
 * {@code sensitive: false} would write a secret output's value to the outputs file).
 */
final class ToolJson {
    static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build());

    private ToolJson() {
    }

    /**
     * The outputs {@code command} printed into {@code file} as one JSON object, each member made an output by the tool's
     * rule; failed when the file holds no object, and never with the parser's message.
     */
    static OutputsResult outputs(final Path file, final String command,
            final Function<Map.Entry<String, JsonNode>, StackOutput> each) {
        try {
            JsonNode root = MAPPER.readTree(file.toFile());
            if (root == null || !root.isObject()) {
                return OutputsResult.failure(command + " printed no JSON object");
            }
            List<StackOutput> outputs = new ArrayList<>();
            for (Map.Entry<String, JsonNode> entry : root.properties()) {
                outputs.add(each.apply(entry));
            }
            return new OutputsResult(true, "", outputs);
        } catch (JacksonException e) {
            return OutputsResult.failure(problem(command, e));
        } catch (IOException e) {
            return OutputsResult.failure("cannot read the outputs of " + command + ": " + IoProblem.of(e));
        }
    }

    /** Why {@code what} could not be read: never the parser's message, which may quote the text. */
    static String problem(final String what, final JacksonException e) {
        return String.valueOf(e.getOriginalMessage()).startsWith("Duplicate field '")
                ? what + " printed JSON with one key twice in an object: malformed, refused"
                : what + " printed truncated or non-JSON output";
    }
}
