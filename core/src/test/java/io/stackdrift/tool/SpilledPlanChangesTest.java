package io.stackdrift.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.ChangeList;
import io.stackdrift.model.Tool;
import io.stackdrift.plan.PlanSummary;
import io.stackdrift.testing.Fixtures;

/** A plan with many changes: the changes a run reads wait in its work directory, not in memory. */
class SpilledPlanChangesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    /** A plan with {@code drift} drifted resources in the genuine shape of a fixture's entry; only addresses differ. */
    static Path plan(final Path dir, final int drift) throws IOException {
        JsonNode fixture;
        try (InputStream in = Files.newInputStream(Fixtures.fixture("terraform/equiv-drift_simple.plan.json"))) {
            fixture = JSON.readTree(in);
        }
        ObjectNode plan = fixture.deepCopy();
        ArrayNode entries = plan.putArray("resource_drift");
        JsonNode entry = fixture.path("resource_drift").get(0);
        for (int i = 0; i < drift; i++) {
            ObjectNode copy = entry.deepCopy();
            copy.put("name", "r" + i);
            copy.put("address", entry.path("type").asText() + ".r" + i);
            entries.add(copy);
        }
        plan.putArray("resource_changes");
        Path file = dir.resolve("drift.plan.json");
        try (OutputStream out = Files.newOutputStream(file)) {
            JSON.writeValue(out, plan);
        }
        return file;
    }

    private long spillFiles() throws IOException {
        try (Stream<Path> files = Files.list(work)) {
            return files.filter(f -> f.getFileName().toString().startsWith("changes-")).count();
        }
    }

    @Test
    void theDriftOfALargePlanSpillsBesideThePlanInTheRunsWorkDirectory() throws IOException {
        Path plan = plan(work, ChangeList.HELD_IN_MEMORY * 5);

        PlanSummary summary = ToolAdapters.planReading().read(Tool.TERRAFORM, PlanPurpose.DRIFT_CHECK, plan);

        assertThat(summary.failed()).isFalse();
        assertThat(summary.drift().size()).isEqualTo(ChangeList.HELD_IN_MEMORY * 5);
        assertThat(summary.drift().isSpilled()).isTrue();
        assertThat(spillFiles()).isOne();
        assertThat(summary.drift().first(2)).extracting(c -> c.address()).containsExactly("tfcoremock_simple_resource.r0",
                "tfcoremock_simple_resource.r1");
    }

    @Test
    void aSmallPlanSpillsNothing() throws IOException {
        Path plan = plan(work, 3);

        PlanSummary summary = ToolAdapters.planReading().read(Tool.TERRAFORM, PlanPurpose.DRIFT_CHECK, plan);

        assertThat(summary.drift().isSpilled()).isFalse();
        assertThat(summary.drift()).hasSize(3);
        assertThat(spillFiles()).isZero();
        assertThat(List.of(summary.changes().size())).containsExactly(0);
    }
}
