package io.stackdrift.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class RowTest {
    private static final Change CODE = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("cidr_block"), Cause.CODE);
    private static final Change DRIFT = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags"), Cause.DRIFT);
    private static final Change OWNED = new Change(Action.UPDATE, "aws_asg", "aws_asg.web", List.of("desired_capacity"), Cause.DRIFT);
    private static final StackId NET = StackId.of("net");
    private static final List<StackId> READ = List.of(StackId.of("dns"));
    private static final List<StackId> FILE = List.of(StackId.of("vpc"));
    private static final DriftAge AGE = new DriftAge(1_000, 2);
    private static final KnownState KNOWN = new KnownState(RowState.DRIFTED, 500, 900);

    private final Row row = new Row(NET, Tool.TOFU, "net", RowState.PENDING_DRIFTED, "why", ChangeList.of(List.of(CODE)),
            ChangeList.of(List.of(DRIFT)), ChangeList.of(List.of(OWNED)), READ, FILE, AGE, KNOWN);

    private static Row row(final RowState state, final String reason, final List<Change> changes, final List<Change> drift,
            final List<Change> owned, final List<StackId> read, final List<StackId> file, final DriftAge age, final KnownState known) {
        return new Row(NET, Tool.TOFU, "net", state, reason, ChangeList.of(changes), ChangeList.of(drift), ChangeList.of(owned), read,
                file, age, known);
    }

    @Test
    void eachWitherReplacesOneComponentAndKeepsTheRest() {
        RowState s = RowState.PENDING_DRIFTED;
        assertThat(row.withChanges(List.of())).isEqualTo(row(s, "why", List.of(), List.of(DRIFT), List.of(OWNED), READ, FILE, AGE, KNOWN));
        assertThat(row.withDrift(List.of())).isEqualTo(row(s, "why", List.of(CODE), List.of(), List.of(OWNED), READ, FILE, AGE, KNOWN));
        assertThat(row.withOwnedElsewhere(List.of())).isEqualTo(row(s, "why", List.of(CODE), List.of(DRIFT), List.of(), READ, FILE, AGE,
                KNOWN));
        assertThat(row.withDependsOn(List.of())).isEqualTo(row(s, "why", List.of(CODE), List.of(DRIFT), List.of(OWNED), List.of(), FILE,
                AGE, KNOWN));
        assertThat(row.withFileDependsOn(List.of())).isEqualTo(row(s, "why", List.of(CODE), List.of(DRIFT), List.of(OWNED), READ,
                List.of(), AGE, KNOWN));
        assertThat(row.withDriftAge(DriftAge.NONE)).isEqualTo(row(s, "why", List.of(CODE), List.of(DRIFT), List.of(OWNED), READ, FILE,
                DriftAge.NONE, KNOWN));
        assertThat(row.withKnown(KnownState.NONE)).isEqualTo(row(s, "why", List.of(CODE), List.of(DRIFT), List.of(OWNED), READ, FILE,
                AGE, KnownState.NONE));
        assertThat(row.withState(RowState.FAILED, "boom")).isEqualTo(row(RowState.FAILED, "boom", List.of(CODE), List.of(DRIFT),
                List.of(OWNED), READ, FILE, AGE, KNOWN));
    }

    @Test
    void aNewReasonKeepsEveryOtherComponentTheDriftAgeAndKnownStateIncluded() {
        assertThat(row.withReason("****")).isEqualTo(row(RowState.PENDING_DRIFTED, "****", List.of(CODE), List.of(DRIFT), List.of(OWNED),
                READ, FILE, AGE, KNOWN));
    }

    @Test
    void aRowOfItsStateAndReasonHasNothingElse() {
        assertThat(Row.of(NET, Tool.TOFU, "net", RowState.FAILED, "boom")).isEqualTo(row(RowState.FAILED, "boom", List.of(), List.of(),
                List.of(), List.of(), List.of(), DriftAge.NONE, KnownState.NONE));
    }
}
