package io.stackdrift.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class DriftRevertsTest {
    private static final Change DRIFT = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags"), Cause.DRIFT);
    /** Terraform's preview lists putting the drift back as a change of the drifted address. */
    private static final Change REVERT = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags.Owner"), Cause.CODE);
    private static final Change CODE = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("cidr_block"), Cause.CODE);

    @Test
    void aChangeThatPutsTheDriftBackIsMarkedAsDriftAndTheOthersStayCode() {
        ChangeList marked = DriftReverts.of(ChangeList.of(List.of(DRIFT))).marked(ChangeList.of(List.of(REVERT, CODE)));

        assertThat(marked).extracting(Change::cause).containsExactly(Cause.DRIFT, Cause.CODE);
        assertThat(marked).extracting(Change::paths).containsExactly(List.of("tags.Owner"), List.of("cidr_block"));
        assertThat(DriftReverts.anyInCode(marked)).isTrue();
        assertThat(DriftReverts.anyInCode(DriftReverts.of(ChangeList.of(List.of(DRIFT))).marked(ChangeList.of(List.of(REVERT)))))
                .as("only the revert: nothing in the code").isFalse();
    }

    @Test
    void withoutDriftNothingIsMarked() {
        ChangeList changes = ChangeList.of(List.of(REVERT));
        assertThat(DriftReverts.of(ChangeList.none()).marked(changes)).isSameAs(changes);
    }

    @Test
    void aRevertOfDriftTheRowNoLongerListsIsBeyondIt() {
        ChangeList marked = DriftReverts.of(ChangeList.of(List.of(DRIFT))).marked(ChangeList.of(List.of(REVERT)));
        assertThat(DriftReverts.of(ChangeList.of(List.of(DRIFT))).anyBeyond(marked)).isFalse();
        assertThat(DriftReverts.of(ChangeList.none()).anyBeyond(marked)).as("the drift moved to owned elsewhere").isTrue();
    }
}
