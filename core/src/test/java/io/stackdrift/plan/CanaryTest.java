package io.stackdrift.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Change;
import io.stackdrift.testing.CanaryPlans;

/** No value planted in a plan — plain, sensitive, output, config — comes out of a reader. */
class CanaryTest {
    @TempDir
    Path dir;

    @Test
    void noCanaryInAnySummary() throws IOException {
        for (Path file : CanaryPlans.write(dir)) {
            PlanSummary summary = PlanReaders.sniffing().read(file);
            assertThat(summary.failed()).as(file.toString()).isFalse();
            assertThat(summary.changes().size() + summary.drift().size()).as(file.toString()).isPositive();
            assertThat(summary.toString()).as(file.toString()).doesNotContain(CanaryPlans.CANARY);
        }
    }

    @Test
    void sensitiveAttributesAreNamedButNothingInsideThem() throws IOException {
        PlanSummary summary = PlanReaders.sniffing().read(CanaryPlans.write(dir).get(0));
        assertThat(summary.changes()).extracting(Change::paths).containsExactly(
                List.of("list[0].cidr", "list[1]", "n", "name", "password", "secrets", "tags.Team"),
                List.of(),
                // the sensitive output is named, its value never
                List.of("o"));
        assertThat(summary.drift().toList().get(0).paths()).contains("secrets").noneMatch(p -> p.startsWith("secrets."));
        assertThat(summary.replacePaths()).containsEntry("aws_x.a", List.of("secrets"));
    }
}
