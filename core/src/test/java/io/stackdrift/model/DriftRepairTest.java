package io.stackdrift.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class DriftRepairTest {
    private static final Change VPC = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags.Owner"), Cause.DRIFT);
    private static final Change CIDR = Change.ofOutput(Action.UPDATE, "net_cidr", Cause.DRIFT);

    @Test
    void driftOfOutputsAloneTakesTheNewValueOfWhatTheyRead() {
        assertThat(DriftRepair.of(ChangeList.of(List.of(CIDR)))).isEqualTo(DriftRepair.NEW_UPSTREAM_VALUE);
        assertThat(DriftRepair.of(ChangeList.of(List.of(VPC, CIDR)))).as("the stack's own resources drifted too")
                .isEqualTo(DriftRepair.PUT_BACK);
        assertThat(DriftRepair.of(ChangeList.of(List.of(VPC)))).isEqualTo(DriftRepair.PUT_BACK);
        assertThat(DriftRepair.of(ChangeList.none())).isEqualTo(DriftRepair.PUT_BACK);
    }

    @Test
    void theWordsNameTheStacksWhoseOutputsItTook() {
        DriftRepair took = DriftRepair.NEW_UPSTREAM_VALUE;
        assertThat(took.done(List.of(StackId.of("network")))).isEqualTo("took the new value of network's outputs");
        assertThat(took.would(List.of(StackId.of("network")))).isEqualTo("take the new value of network's outputs");
        assertThat(took.done(List.of(StackId.of("a"), StackId.of("b"), StackId.of("c"))))
                .isEqualTo("took the new value of a's, b's and c's outputs");
        assertThat(took.done(List.of())).isEqualTo("took the new value of what its outputs read");
        assertThat(DriftRepair.PUT_BACK.done(List.of(StackId.of("network")))).isEqualTo("put back what changed outside the code");
    }
}
