package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/** The file format is a contract with older and newer versions: these are the exact bytes. */
class RecordJsonTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static final RunRecord RUN = new RunRecord("12", RunKind.DEPLOY, "started by alice", 1000, 2000,
            List.of(Row.of(StackId.of("network"), Tool.TOFU, "network", RowState.PENDING_DRIFTED, "")
                    .withChanges(List.of(new Change(Action.CREATE, "aws_eip", "aws_eip.a", List.of(), Cause.CODE)))
                    .withDrift(List.of(new Change(Action.UPDATE, "aws_instance", "aws_instance.web[0]", List.of("tags.Name"), Cause.DRIFT)))
                    .withOwnedElsewhere(List.of(new Change(Action.UPDATE, "aws_autoscaling_group", "aws_autoscaling_group.w",
                            List.of("desired_capacity"), Cause.DRIFT))).withDependsOn(List.of(StackId.of("dns")))),
            List.of(new TrailEntry(StackId.of("network"), "12", 1500, 1900, TrailResult.DEPLOYED, true,
                    List.of("aws_instance.web[0].tags.Name"), "", 0)));

    private static String write(final IoWriter writer) throws IOException {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = MAPPER.getFactory().createGenerator(out)) {
            writer.write(g);
        }
        return out.toString();
    }

    private interface IoWriter {
        void write(JsonGenerator g) throws IOException;
    }

    @Test
    void detailsHaveAStableShape() throws IOException {
        String json = write(g -> RecordJson.writeDetails(g, 3, RUN));
        assertThat(json).isEqualTo("{\"format\":\"stackdrift-run-details/1\",\"sequence\":3,\"runId\":\"12\",\"kind\":\"deploy\","
                + "\"cause\":\"started by alice\",\"startedAt\":1000,\"finishedAt\":2000,\"rows\":[{\"id\":\"network\",\"tool\":\"tofu\","
                + "\"dir\":\"network\",\"state\":\"pending+drifted\",\"reason\":\"\",\"changes\":[{\"action\":\"create\","
                        + "\"type\":\"aws_eip\","
                + "\"address\":\"aws_eip.a\",\"paths\":[],\"cause\":\"code\"}],\"drift\":[{\"action\":\"update\",\"type\":\"aws_instance\","
                + "\"address\":\"aws_instance.web[0]\",\"paths\":[\"tags.Name\"],\"cause\":\"drift\"}],\"ownedElsewhere\":[{\"action"
                        + "\":\"update\","
                + "\"type\":\"aws_autoscaling_group\",\"address\":\"aws_autoscaling_group.w\",\"paths\":[\"desired_capacity\"],\"cause"
                        + "\":\"drift\"}],"
                + "\"dependsOn\":[\"dns\"],\"fileDependsOn\":[]}],\"trail\":[{\"stack\":\"network\",\"runId\":\"12\",\"startedAt\":150"
                        + "0,\"finishedAt\":1900,"
                + "\"result\":\"deployed\",\"repairedDrift\":true,\"restoredPaths\":[\"aws_instance.web[0].tags.Name\"],\"reason\":"
                        + "\"\"}]}");
        assertThat(RecordJson.readRun(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)))).isEqualTo(RUN);
    }

    @Test
    void summariesHaveAStableShape() throws IOException {
        String json = write(g -> RecordJson.writeSummary(g, RunSummary.of(3, RUN)));
        assertThat(json).isEqualTo("{\"format\":\"stackdrift-run-summary/1\",\"sequence\":3,\"runId\":\"12\",\"kind\":\"deploy\","
                + "\"cause\":\"started by "
                        + "alice\",\"startedAt\":1000,\"finishedAt\":2000,\"counts\":{\"total\":1,\"inSync\":0,\"drifted\":1,"
                + "\"pending\":1,\"failed\":0,\"skipped\":0,\"awaitingApproval\":0},\"drifted\":[\"network\"],\"failed\":[]}");
        assertThat(RecordJson.readSummary(MAPPER.readTree(json))).isEqualTo(RunSummary.of(3, RUN));
    }

    @Test
    void unknownKeysAndMinorVersionsAreReadUnknownWordsAndMajorVersionsAreNot() throws IOException {
        String newer = write(g -> RecordJson.writeSummary(g, RunSummary.of(3, RUN)))
                .replace("stackdrift-run-summary/1", "stackdrift-run-summary/1.4").replace("\"sequence\"",
                        "\"addedLater\":true,\"sequence\"");
        assertThat(RecordJson.readSummary(MAPPER.readTree(newer)).runId()).isEqualTo("12");
        assertThatThrownBy(() -> RecordJson.readSummary(MAPPER.readTree("{\"format\":\"stackdrift-run-details/1\"}")))
                .isInstanceOf(RecordFormatException.class).hasMessageContaining("expected format stackdrift-run-summary/1");
        String badState = write(g -> RecordJson.writeDetails(g, 3, RUN)).replace("pending+drifted", "sideways");
        assertThatThrownBy(() -> RecordJson.readRun(new ByteArrayInputStream(badState.getBytes(StandardCharsets.UTF_8))))
                .isInstanceOf(RecordFormatException.class).hasMessageContaining("unknown row state");
    }

    @Test
    void destroyWordsRoundTripAndTrailEntriesOfEarlierVersionsStillRead() throws IOException {
        for (TrailResult result : TrailResult.values()) {
            TrailEntry entry = new TrailEntry(StackId.of("dns"), "7", 1, 2, result, false, List.of(), "r", 0);
            String json = write(g -> RecordJson.writeTrailEntry(g, entry));
            assertThat(RecordJson.readTrailEntry(MAPPER.readTree(json))).isEqualTo(entry);
        }
        String destroyed = write(g -> RecordJson.writeTrailEntry(g,
                new TrailEntry(StackId.of("dns"), "7", 1, 2, TrailResult.DESTROYED, false, List.of(), "", 0)));
        assertThat(destroyed).contains("\"result\":\"destroyed\"");
        // an entry as version 1 files have always held it reads as before
        String older = "{\"stack\":\"dns\",\"runId\":\"3\",\"startedAt\":1,\"finishedAt\":2,\"result\":\"nothing to deploy\","
                + "\"repairedDrift\":false,\"restoredPaths\":[],\"reason\":\"\"}";
        assertThat(RecordJson.readTrailEntry(MAPPER.readTree(older)).result()).isEqualTo(TrailResult.NOTHING_TO_DEPLOY);
        assertThat(TrailResult.DESTROYED.endsTheDeployment()).isTrue();
        assertThat(TrailResult.NOTHING_TO_DESTROY.word()).isEqualTo("nothing to destroy");
        assertThat(TrailResult.FAILED.endsTheDeployment()).isFalse();
    }
}
