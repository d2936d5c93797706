package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import io.jenkins.plugins.stackdrift.TestRecords;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.DriftAge;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.RunKind;

class ResultMapsTest {
    private final Map<String, Object> map = ResultMaps.of(TestRecords.record(RunKind.CHECK,
            TestRecords.row("dns", RowState.IN_SYNC), TestRecords.row("net", RowState.PENDING_DRIFTED),
            TestRecords.row("app", RowState.FAILED)), "FAILURE");

    @Test
    @SuppressWarnings("unchecked")
    void carriesCountsIdsAndRows() {
        assertThat(map).containsEntry("kind", "drift check").containsEntry("result", "FAILURE")
                .containsEntry("drifted", List.of("net")).containsEntry("failed", List.of("app"));
        assertThat((Map<String, Object>) map.get("counts")).containsEntry("total", 3).containsEntry("drifted", 1)
                .containsEntry("pending", 1).containsEntry("failed", 1).containsEntry("inSync", 1);
        assertThat((List<?>) map.get("rows")).hasSize(3).first()
                .isEqualTo(Map.of("id", "app", "tool", "terraform", "dir", "app", "state", "failed",
                        "reason", "Error: no valid credential sources", "changes", 0, "drift", 0, "dependsOn", List.of(),
                        "dependsOnRead", List.of()));
    }

    @Test
    @SuppressWarnings("unchecked")
    void rowsListTheFilesDependenciesAndMarkTheOnesReadFromReferences() {
        Row row = TestRecords.row("shop", RowState.IN_SYNC).withDependsOn(List.of(StackId.of("platform")))
                .withFileDependsOn(List.of(StackId.of("network")));
        Map<String, Object> first = ((List<Map<String, Object>>) ResultMaps.of(TestRecords.record(RunKind.PREVIEW, row),
                "SUCCESS").get("rows")).get(0);
        assertThat(first).containsEntry("dependsOn", List.of("network", "platform")).containsEntry("dependsOnRead", List.of("platform"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void carriesTheNewsListsAndTheDriftAgeSoAPostBlockNotifiesOncePerNewDrift() {
        Map<String, Object> news = ResultMaps.of(TestRecords.record(RunKind.CHECK,
                TestRecords.row("new", RowState.DRIFTED).withDriftAge(DriftAge.startingAt(1_790_000_000_000L)),
                TestRecords.row("old", RowState.DRIFTED).withDriftAge(new DriftAge(1_789_000_000_000L, 4)),
                TestRecords.row("fixed", RowState.REPAIRED), TestRecords.row("dns", RowState.IN_SYNC)), "SUCCESS");

        assertThat(news).containsEntry("newlyDrifted", List.of("new")).containsEntry("stillDrifted", List.of("old"))
                .containsEntry("repaired", List.of("fixed")).containsEntry("drifted", List.of("new", "old"));
        assertThat((Map<String, Object>) news.get("counts")).containsEntry("repaired", 1).containsEntry("drifted", 2);
        List<Map<String, Object>> rows = (List<Map<String, Object>>) news.get("rows");
        assertThat(rows).filteredOn(r -> r.get("id").equals("old")).singleElement().satisfies(r -> {
            assertThat(r).containsEntry("driftedSince", "2026-09-10T00:26:40Z").containsEntry("driftedChecks", 4);
        });
        assertThat(rows).filteredOn(r -> r.get("id").equals("dns")).singleElement()
                .satisfies(r -> assertThat(r).doesNotContainKey("driftedSince"));
        List<Object> all = new ArrayList<>();
        flatten(news, all);
        assertThat(all).allSatisfy(v -> assertThat(v.getClass().getName()).startsWith("java."));
    }

    @Test
    void holdsOnlyJdkValuesSoSandboxedScriptsNeedNoApproval() {
        List<Object> all = new ArrayList<>();
        flatten(map, all);
        assertThat(all).allSatisfy(v -> assertThat(v.getClass().getName()).startsWith("java."));
    }

    @Test
    void neverCarriesAChangedPathOrValue() {
        assertThat(map.toString()).doesNotContain("tags.Name").doesNotContain("aws_instance.web");
    }

    private static void flatten(final Object value, final List<Object> into) {
        into.add(value);
        if (value instanceof Map) {
            ((Map<?, ?>) value).forEach((k, v) -> {
                flatten(k, into);
                flatten(v, into);
            });
        } else if (value instanceof Collection) {
            ((Collection<?>) value).forEach(v -> flatten(v, into));
        }
    }

    @Test
    void theRunOrderHasTheKeysOfStackdriftGraphJson() {
        Map<String, Object> map = ResultMaps.runOrder(List.of(List.of("network"), List.of("dns", "shop")),
                List.of(List.of("dns", "network", "file"), List.of("shop", "network", "reference")));
        assertThat(map).containsOnlyKeys("groups", "edges");
        assertThat(map.get("groups")).isEqualTo(List.of(List.of("network"), List.of("dns", "shop")));
        assertThat(map.get("edges")).isEqualTo(List.of(
                Map.of("stack", "dns", "dependsOn", "network", "from", "file"),
                Map.of("stack", "shop", "dependsOn", "network", "from", "reference")));
    }
}
