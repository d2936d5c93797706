package io.stackdrift.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.DriftSettings;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.plan.PlanSummary;

class PlansOfThisRunTest {
    private static final StackConfig NET = new StackConfig(StackId.of("net"), Tool.TERRAFORM, "net", "", List.of(), false,
            new DriftSettings(true, DriftMode.REPORT, Duration.ofHours(24), List.of()), Duration.ofMinutes(60), Policy.ON_CHANGE,
            Map.of(), Optional.empty());
    private static final Change DRIFT = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags.Owner"), Cause.DRIFT);
    private static final Change REVERT = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags.Owner"), Cause.CODE);
    private static final Change CODE = new Change(Action.CREATE, "aws_subnet", "aws_subnet.b", List.of(), Cause.CODE);

    @Test
    void aPreviewWhoseOnlyChangesPutTheDriftBackIsDriftedAndItsRevertIsListedAsDrift() {
        Row row = PlansOfThisRun.succeeded(NET, summary(List.of(REVERT), List.of(DRIFT)), PlanPurpose.PREVIEW, List.of());

        assertThat(row.state()).isEqualTo(RowState.DRIFTED);
        assertThat(row.changes()).extracting(Change::cause).containsExactly(Cause.DRIFT);
        assertThat(row.changes()).extracting(Change::address).containsExactly("aws_vpc.main");
    }

    @Test
    void aPreviewWithACodeChangeBesideTheRevertIsPendingAndDrifted() {
        Row row = PlansOfThisRun.succeeded(NET, summary(List.of(REVERT, CODE), List.of(DRIFT)), PlanPurpose.PREVIEW, List.of());

        assertThat(row.state()).isEqualTo(RowState.PENDING_DRIFTED);
        assertThat(row.changes()).extracting(Change::cause).containsExactly(Cause.DRIFT, Cause.CODE);
    }

    private static PlanSummary summary(final List<Change> changes, final List<Change> drift) {
        return new PlanSummary(false, "", changes, drift, Map.of(), List.of(), "1.11.4");
    }
}
