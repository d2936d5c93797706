package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.fasterxml.jackson.core.JsonGenerator;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.DriftAge;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;

/**
 * What mutation testing showed the record tests left open: a stack's status keeps every field through its file, and
 * a file of another kind or a newer major format is refused by its format, before anything in it is read.
 */
class RecordFormatGuardsTest {
    @Test
    void aStatusKeepsEveryFieldThroughItsFile() throws IOException {
        StackStatus status = new StackStatus(StackId.of("net"), 7, "run-7", RowState.DRIFTED, 1_700L, 3, 1_600L,
                List.of(StackId.of("base")), "digest", 1_500L, new DriftAge(1_400L, 2), 1_300L, true);
        StringWriter out = new StringWriter();
        try (JsonGenerator g = RecordFormat.MAPPER.getFactory().createGenerator(out)) {
            RecordJson.writeStatus(g, status);
        }
        assertThat(RecordJson.readStatus(RecordFormat.MAPPER.readTree(out.toString()))).isEqualTo(status);
    }

    @Test
    void aStatusWithoutAgeOrOwedDeployReadsBackTheSame() throws IOException {
        StackStatus status = new StackStatus(StackId.of("net"), 1, "run-1", RowState.IN_SYNC, 10L, 0, 0L, List.of(), "", 0L);
        StringWriter out = new StringWriter();
        try (JsonGenerator g = RecordFormat.MAPPER.getFactory().createGenerator(out)) {
            RecordJson.writeStatus(g, status);
        }
        assertThat(out.toString()).doesNotContain("deployOwed").doesNotContain("stateSince").doesNotContain("driftedSince");
        assertThat(RecordJson.readStatus(RecordFormat.MAPPER.readTree(out.toString()))).isEqualTo(status);
    }

    @Test
    void aMarkerOfAnotherKindIsRefused() throws IOException {
        assertThatThrownBy(() -> RecordJson.readMarker(RecordFormat.MAPPER.readTree(
                "{\"format\":\"" + RecordFormat.DETAILS + "/1\",\"stack\":\"net\",\"runId\":\"r\"}")))
                .isInstanceOf(RecordFormatException.class).hasMessageContaining("expected format " + RecordFormat.MARKER);
    }

    @Test
    void aNewerDetailsFormatIsRefusedBeforeItsRowsAreRead() {
        String json = "{\"format\":\"" + RecordFormat.DETAILS + "/99\",\"rows\":[{\"shape\":\"of a later version\"}]}";
        assertThatThrownBy(() -> RecordJson.readRun(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8))))
                .isInstanceOf(RecordFormatException.class).hasMessageContaining("is not supported");
    }

    @Test
    void aNewerDetailsFormatWithoutRowsIsRefusedToo() {
        String json = "{\"format\":\"" + RecordFormat.DETAILS + "/99\",\"runId\":\"r\",\"kind\":\"check\"}";
        assertThatThrownBy(() -> RecordJson.readRun(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8))))
                .isInstanceOf(RecordFormatException.class).hasMessageContaining("is not supported");
    }
}
