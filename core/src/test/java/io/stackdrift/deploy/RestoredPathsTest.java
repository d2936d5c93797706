package io.stackdrift.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.TrailEntry;

class RestoredPathsTest {
    private static Row drifted(final int resources) {
        List<Change> drift = IntStream.range(0, resources)
                .mapToObj(i -> new Change(Action.UPDATE, "aws_vpc", "aws_vpc.r" + i, List.of("tags.Owner", "cidr_block"), Cause.DRIFT))
                .toList();
        return Row.of(StackId.of("network"), Tool.TERRAFORM, "network", RowState.DRIFTED, "").withDrift(drift);
    }

    @Test
    void aDeployNamesEveryPathItPutBack() {
        assertThat(StackDeployment.restoredPaths(drifted(2), Optional.empty()))
                .containsExactly("aws_vpc.r0.tags.Owner", "aws_vpc.r0.cidr_block", "aws_vpc.r1.tags.Owner", "aws_vpc.r1.cidr_block");
    }

    @Test
    void aTrailEntryKeepsTheFirstPathsOfAHugeRepairOnly() {
        List<String> paths = StackDeployment.restoredPaths(drifted(TrailEntry.MOST_RESTORED_PATHS * 3), Optional.empty());

        assertThat(paths).hasSize(TrailEntry.MOST_RESTORED_PATHS).startsWith("aws_vpc.r0.tags.Owner");
    }

    @Test
    void withoutDriftInThePreviewTheLatestDriftedRowSaysWhatWasPutBack() {
        Row preview = Row.of(StackId.of("network"), Tool.TERRAFORM, "network", RowState.PENDING, "");

        assertThat(StackDeployment.restoredPaths(preview, Optional.of(drifted(1)))).containsExactly("aws_vpc.r0.tags.Owner",
                "aws_vpc.r0.cidr_block");
    }
}
