package io.stackdrift.plan;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The one Jackson setup for tool output: limits that turn hostile or broken input (absurd nesting,
 * thousand-digit numbers) into a clear failure instead of a stack overflow or a long stall, and a key twice in one
 * object refused: the tool never writes that, and whichever value won could hide a change ({@code errored} true then
 * false, a second {@code after}).
 */
final class PlanJson {
    /** Deeper than any real plan value; recursion in {@link ValueDiff} stays far from the stack limit. */
    static final int MAX_DEPTH = 200;
    static final int MAX_NUMBER_LENGTH = 200;

    static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_DEPTH)
                    .maxNumberLength(MAX_NUMBER_LENGTH)
                    .build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();
    static final ObjectMapper MAPPER = new ObjectMapper(FACTORY);

    private PlanJson() {
    }

    static JsonParser open(final Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        try {
            JsonParser parser = FACTORY.createParser(in);
            parser.setCodec(MAPPER);
            return parser;
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }
}
