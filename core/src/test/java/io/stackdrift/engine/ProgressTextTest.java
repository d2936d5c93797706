package io.stackdrift.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

class ProgressTextTest {
    private static final Change DRIFT = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags.Owner"), Cause.DRIFT);
    private static final Change OWNED = new Change(Action.UPDATE, "aws_autoscaling_group", "aws_autoscaling_group.web",
            List.of("desired_capacity"), Cause.DRIFT);

    @Test
    void countsChangesAndOwnedPathsButNamesNoPathOrValue() {
        Row row = Row.of(StackId.of("network"), Tool.TOFU, "network", RowState.DRIFTED, "").withDrift(List.of(DRIFT))
                .withOwnedElsewhere(List.of(OWNED));

        assertThat(ProgressText.of(row)).isEqualTo("network: drifted — 1 change, 1 owned elsewhere");
    }

    @Test
    void aReasonFollowsTheCounts() {
        Row row = Row.of(StackId.of("dns"), Tool.TERRAFORM, "dns", RowState.SKIPPED, "not due until 12:00");

        assertThat(ProgressText.of(row)).isEqualTo("dns: skipped — not due until 12:00");
        assertThat(ProgressText.of(row.withState(RowState.IN_SYNC, ""))).isEqualTo("dns: in sync");
    }
}
