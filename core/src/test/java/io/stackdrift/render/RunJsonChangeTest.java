package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.testing.Gen;
import io.stackdrift.testing.Tries;

class RunJsonChangeTest {
    @Test
    void theCompactFormIsTheBytesOfJacksonsCompactGenerator() {
        Tries.check(500, gen -> {
            Change change = new Change(gen.of(Action.class), text(gen), text(gen), gen.list(0, 4, () -> text(gen)),
                    gen.of(Cause.class));
            ByteArrayOutputStream jackson = new ByteArrayOutputStream();
            try (JsonGenerator json = new JsonFactory().createGenerator(jackson, JsonEncoding.UTF8)) {
                RunJsonChange.write(json, change);
            }
            ByteArrayOutputStream compact = new ByteArrayOutputStream();
            RunJsonChange.writeCompact(compact, change, new ByteArrayOutputStream());
            assertThat(compact.toByteArray()).as(change.toString()).isEqualTo(jackson.toByteArray());
        });
    }

    @Test
    void aChangeWithTextToEscapeIsWrittenByJackson() throws IOException {
        Change change = new Change(Action.UPDATE, "t", "a[\"k\"]", List.of("tags[\"x\\y\"]", "é\n"), Cause.DRIFT);
        ByteArrayOutputStream compact = new ByteArrayOutputStream();
        RunJsonChange.writeCompact(compact, change, new ByteArrayOutputStream());
        assertThat(compact.toString(StandardCharsets.UTF_8)).isEqualTo(
                "{\"cause\":\"drift\",\"action\":\"update\",\"type\":\"t\",\"address\":\"a[\\\"k\\\"]\",\"paths\":"
                        + "[\"tags[\\\"x\\\\y\\\"]\",\"é\\n\"]}");
    }

    /** Mostly plain ASCII (written directly), sometimes a quote, a backslash, a control or a non-ASCII character. */
    private static String text(final Gen gen) {
        return gen.bool() ? gen.string(0, 12, () -> gen.chars(' ', '~', ""))
                : gen.string(0, 12, () -> gen.chars('a', 'z', "\"\\\u0000\u001f\n\té€"));
    }
}
