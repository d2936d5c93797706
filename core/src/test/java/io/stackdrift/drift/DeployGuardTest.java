package io.stackdrift.drift;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.DriftSettings;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.drift.ModeOutcome.BuildMark;
import io.stackdrift.drift.ModeOutcome.Consequence;
import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/** What a plain deploy may do with drift (the guard on the reverts of its plan), and mode correct on code changes. */
class DeployGuardTest {
    private static Change change(final Action action, final String address, final Cause cause, final String... paths) {
        return new Change(action, address.substring(0, address.indexOf('.')), address, List.of(paths), cause);
    }

    private static final Change DRIFT = change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags");
    private static final Change REVERT = change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "tags.Owner");
    private static final Change CODE = change(Action.REPLACE, "aws_instance.web", Cause.CODE);

    @Test
    void theRevertsOfAPlanAreItsChangesThatPutTheDriftBack() {
        assertThat(DriftRevert.reverts(ChangeList.of(List.of(CODE, REVERT)), ChangeList.of(List.of(DRIFT)))).containsExactly(REVERT);
        assertThat(DriftRevert.reverts(ChangeList.of(List.of(CODE, REVERT)), ChangeList.of(List.of()))).isEmpty();
        assertThat(DriftRevert.reverts(ChangeList.of(List.of()), ChangeList.of(List.of(DRIFT)))).isEmpty();
    }

    @Test
    void pastTheMostDriftItRelatesEveryChangeCountsUpToOneMore() {
        List<Change> drift = IntStream.rangeClosed(0, DriftRevert.MOST_DRIFT_RELATED)
                .mapToObj(i -> change(Action.UPDATE, "aws_vpc.v" + i, Cause.DRIFT, "tags")).toList();
        List<Change> plan = IntStream.rangeClosed(0, DriftRevert.MOST_DRIFT_RELATED + 5)
                .mapToObj(i -> change(Action.UPDATE, "aws_subnet.s" + i, Cause.CODE, "cidr")).toList();

        assertThat(DriftRevert.reverts(ChangeList.of(plan), ChangeList.of(drift))).hasSize(DriftRevert.MOST_DRIFT_RELATED + 1)
                .startsWith(plan.get(0));
    }

    @Test
    void aDeployThatWouldPutDriftBackByAReplaceIsStoppedInItsOwnWords() {
        Change replaceBack = change(Action.REPLACE, "aws_vpc.main", Cause.CODE);
        DriftSettings settings = new DriftSettings(true, DriftMode.REPORT, Duration.ofHours(1), List.of(), DriftSettings.NO_LIMIT, false);

        assertThat(RepairGuard.stopDeploy(settings, List.of(replaceBack), List.of(DRIFT)))
                .contains("putting its drift back would replace aws_vpc.main; deploy with approval, or set drift.allowReplace: true");
        assertThat(RepairGuard.stopDeploy(settings, List.of(REVERT), List.of(DRIFT))).isEmpty();
    }

    @Test
    void aLimitAboveTheExactCountIsStillCountedExactly() {
        // a maxChanges past the bound raises the bound to one more than it, so one resource too many still stops
        int limit = RepairGuard.EXACT_COUNT_UP_TO + 5;
        List<Change> drift = IntStream.range(0, limit + 1).mapToObj(i -> change(Action.UPDATE, "aws_vpc.r" + i, Cause.DRIFT)).toList();
        DriftSettings settings = new DriftSettings(true, DriftMode.CORRECT, Duration.ofHours(1), List.of(), limit, true);

        assertThat(RepairGuard.stop(settings, List.of(), drift)).isPresent();
        assertThat(RepairGuard.stop(settings, List.of(), drift.subList(0, limit))).isEmpty();
    }

    private static StackConfig stack(final DriftMode mode) {
        return new StackConfig(StackId.of("net"), Tool.TERRAFORM, "net", "", List.of(), false,
                new DriftSettings(true, mode, Duration.ofHours(1), List.of()), Duration.ZERO, Policy.ON_CHANGE, Map.of(), Optional.empty());
    }

    @Test
    void modeCorrectRecordsAPlanWithCodeInItAndOtherModesFollowTheirTable() {
        Row row = Row.of(StackId.of("net"), Tool.TERRAFORM, "net", RowState.DRIFTED, "").withDrift(List.of(DRIFT))
                .withChanges(List.of(REVERT, CODE));

        assertThat(DriftModes.outcome(stack(DriftMode.CORRECT), row))
                .isEqualTo(new ModeOutcome(Consequence.RECORD_ONLY, BuildMark.DRIFT, DriftRevert.NOT_CORRECTED));
        assertThat(DriftModes.outcome(stack(DriftMode.APPROVE), row)).isEqualTo(DriftModes.outcome(DriftMode.APPROVE, RowState.DRIFTED));
        assertThat(DriftModes.outcome(stack(DriftMode.APPROVE), row).consequence()).isEqualTo(Consequence.AWAIT_APPROVAL);
    }
}
