package io.stackdrift.drift;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;

class DriftRevertTest {
    private static Change change(final Action action, final String address, final Cause cause, final String... paths) {
        return new Change(action, address.substring(0, address.indexOf('.')), address, List.of(paths), cause);
    }

    @Test
    void theRevertOfDriftIsTheChangeOnTheDriftedAddressWithinItsPaths() {
        List<Change> drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags"),
                change(Action.DELETE, "aws_s3_bucket.logs", Cause.DRIFT));
        Change revert = change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "tags.Owner");
        Change recreate = change(Action.CREATE, "aws_s3_bucket.logs", Cause.CODE);
        Change otherPath = change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "tags_all.Owner");
        Change otherAddress = change(Action.UPDATE, "aws_vpc.other", Cause.CODE, "tags.Owner");
        Change wholeResource = change(Action.REPLACE, "aws_vpc.main", Cause.CODE);

        assertThat(onlyReverts(List.of(revert, recreate), drift)).isTrue();
        assertThat(onlyReverts(List.of(revert, otherPath), drift)).isFalse();
        assertThat(onlyReverts(List.of(otherAddress), drift)).isFalse();
        assertThat(onlyReverts(List.of(wholeResource), drift)).isFalse();
    }

    @Test
    void aPathBelowAnIndexOrEqualToTheDriftedPathIsTheRevertButAPrefixOfTheNameIsNot() {
        List<Change> drift = List.of(change(Action.UPDATE, "aws_instance.web", Cause.DRIFT, "tags", "ebs_block_device"));
        Change equal = change(Action.UPDATE, "aws_instance.web", Cause.CODE, "tags");
        Change indexed = change(Action.UPDATE, "aws_instance.web", Cause.CODE, "ebs_block_device[0].size");
        Change prefixOnly = change(Action.UPDATE, "aws_instance.web", Cause.CODE, "tagsextra");

        assertThat(onlyReverts(List.of(equal, indexed), drift)).isTrue();
        assertThat(onlyReverts(List.of(equal, prefixOnly), drift)).isFalse();
    }

    @Test
    void aChangeIsTheRevertOnlyWhenEveryOneOfItsPathsLiesWithinTheDrift() {
        List<Change> drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags"));
        Change mixed = change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "tags.Owner", "cidr_block");

        assertThat(DriftRevert.whyNotCorrected(ChangeList.of(List.of(mixed)), ChangeList.of(drift))).contains(DriftRevert.NOT_CORRECTED);
    }

    @Test
    void aWholeResourceChangeRevertsOnlyWholeResourceDrift() {
        List<Change> pathDrift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags"));
        List<Change> deleted = List.of(change(Action.DELETE, "aws_vpc.main", Cause.DRIFT));
        Change recreate = change(Action.CREATE, "aws_vpc.main", Cause.CODE);

        assertThat(onlyReverts(List.of(recreate), pathDrift)).isFalse();
        assertThat(onlyReverts(List.of(recreate), deleted)).isTrue();
    }

    @Test
    void withoutDriftEveryChangeIsCodeAndWithoutChangesThePlanOnlyReverts() {
        Change change = change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "tags");

        assertThat(onlyReverts(List.of(change), List.of())).isFalse();
        assertThat(onlyReverts(List.of(), List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags")))).isTrue();
    }

    @Test
    void pastTheMostDriftItRelatesNothingIsCorrectedOnItsOwnAndTheReasonSaysSo() {
        List<Change> drift = new ArrayList<>();
        for (int i = 0; i <= DriftRevert.MOST_DRIFT_RELATED; i++) {
            drift.add(change(Action.UPDATE, "aws_vpc.v" + i, Cause.DRIFT, "tags"));
        }
        Change revert = change(Action.UPDATE, "aws_vpc.v0", Cause.CODE, "tags.Owner");

        assertThat(DriftRevert.whyNotCorrected(ChangeList.of(List.of(revert)), ChangeList.of(drift))).contains(DriftRevert.TOO_MUCH_DRIFT);
        assertThat(DriftRevert.TOO_MUCH_DRIFT).contains(String.format(Locale.ROOT, "%,d", DriftRevert.MOST_DRIFT_RELATED));
        assertThat(onlyReverts(List.of(revert), drift.subList(0, DriftRevert.MOST_DRIFT_RELATED))).isTrue();
    }

    private static boolean onlyReverts(final List<Change> changes, final List<Change> drift) {
        return DriftRevert.whyNotCorrected(ChangeList.of(changes), ChangeList.of(drift)).isEmpty();
    }
}
