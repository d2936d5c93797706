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
import io.stackdrift.testing.PlanEntries;

/** A plan with many changes: the changes a run reads wait in its work directory, not in memory. */
class SpilledPlanChangesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    /**
     * A plan with {@code drift} drifted resources, each a copy of a genuine entry with only its address changed: the
     * update of {@code terraform_data.x} in the project's own Terraform plan (Terraform writes {@code resource_drift}
     * entries in the shape of {@code resource_changes} ones; the built-in provider never drifts by itself).
     */
    static Path plan(final Path dir, final int drift) throws IOException {
        JsonNode fixture;
        try (InputStream in = Files.newInputStream(Fixtures.terraform("lifecycle/2-changes.plan.json"))) {
            fixture = JSON.readTree(in);
        }
        ObjectNode plan = fixture.deepCopy();
        plan.remove("output_changes");
        ArrayNode entries = plan.putArray("resource_drift");
        JsonNode entry = PlanEntries.update(fixture, "terraform_data.x");
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
        assertThat(summary.drift().first(2)).extracting(c -> c.address()).containsExactly("terraform_data.r0", "terraform_data.r1");
        assertThat(summary.drift().first(1)).singleElement().satisfies(c -> assertThat(c.paths()).containsExactly("input", "output"));
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
