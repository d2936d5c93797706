package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import io.jenkins.plugins.stackdrift.TestRecords;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.RowState;
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
                        "reason", "Error: no valid credential sources", "changes", 0, "drift", 0, "dependsOn", List.of()));
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
}
