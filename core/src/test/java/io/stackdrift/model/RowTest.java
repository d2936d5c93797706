package io.stackdrift.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class RowTest {
    private static final Change CODE = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("cidr_block"), Cause.CODE);
    private static final Change DRIFT = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags"), Cause.DRIFT);
    private static final Change OWNED = new Change(Action.UPDATE, "aws_asg", "aws_asg.web", List.of("desired_capacity"), Cause.DRIFT);

    private final Row row = new Row(StackId.of("net"), Tool.TOFU, "net", RowState.PENDING_DRIFTED, "why", List.of(CODE), List.of(DRIFT),
            List.of(OWNED), List.of(StackId.of("dns")));

    @Test
    void eachWitherReplacesOneComponentAndKeepsTheRest() {
        assertThat(row.withChanges(List.of())).isEqualTo(new Row(row.id(), row.tool(), row.dir(), row.state(), row.reason(), List.of(),
                List.of(DRIFT), List.of(OWNED), row.dependsOn()));
        assertThat(row.withDrift(List.of())).isEqualTo(new Row(row.id(), row.tool(), row.dir(), row.state(), row.reason(), List.of(CODE),
                List.of(), List.of(OWNED), row.dependsOn()));
        assertThat(row.withOwnedElsewhere(List.of())).isEqualTo(new Row(row.id(), row.tool(), row.dir(), row.state(), row.reason(),
                List.of(CODE), List.of(DRIFT), List.of(), row.dependsOn()));
        assertThat(row.withDependsOn(List.of())).isEqualTo(new Row(row.id(), row.tool(), row.dir(), row.state(), row.reason(),
                List.of(CODE), List.of(DRIFT), List.of(OWNED), List.of()));
        assertThat(row.withState(RowState.FAILED, "boom")).isEqualTo(new Row(row.id(), row.tool(), row.dir(), RowState.FAILED, "boom",
                List.of(CODE), List.of(DRIFT), List.of(OWNED), row.dependsOn()));
    }
}
