package io.stackdrift.tool;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

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

    /** Why {@code what} could not be read: never the parser's message, which may quote the text. */
    static String problem(final String what, final JacksonException e) {
        return String.valueOf(e.getOriginalMessage()).startsWith("Duplicate field '")
                ? what + " printed JSON with one key twice in an object: malformed, refused"
                : what + " printed truncated or non-JSON output";
    }
}
