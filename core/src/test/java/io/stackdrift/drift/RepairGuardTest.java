package io.stackdrift.drift;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.DriftSettings;
import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;

class RepairGuardTest {
    private static DriftSettings settings(final int maxChanges, final boolean allowReplace) {
        return new DriftSettings(true, DriftMode.CORRECT, Duration.ofHours(1), List.of(), maxChanges, allowReplace);
    }

    private static Change change(final Action action, final String address, final Cause cause) {
        return new Change(action, address.substring(0, address.indexOf('.')), address, List.of("tags"), cause);
    }

    @Test
    void anUpdateWithinTheLimitPasses() {
        List<Change> drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT));
        List<Change> revert = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE));
        assertThat(RepairGuard.stop(DriftSettings.defaults(), revert, drift)).isEmpty();
        // the revert and its drift name one resource: it counts once
        assertThat(RepairGuard.stop(settings(1, false), revert, drift)).isEmpty();
    }

    @Test
    void aDeleteOrAReplaceStopsTheRepairUnlessAllowed() {
        List<Change> plan = List.of(change(Action.REPLACE, "aws_instance.web", Cause.CODE), change(Action.DELETE, "aws_eip.ip", Cause.CODE),
                change(Action.UPDATE, "aws_vpc.main", Cause.CODE));
        assertThat(RepairGuard.stop(DriftSettings.defaults(), plan, List.of())).contains(
                "mode correct: the repair would delete aws_eip.ip, replace aws_instance.web; deploy with approval, or set drift.allowR"
                        + "eplace: true");
        assertThat(RepairGuard.stop(settings(DriftSettings.NO_LIMIT, true), plan, List.of())).isEmpty();
    }

    @Test
    void moreResourcesThanMaxChangesStopTheRepairEvenWhenReplacesAreAllowed() {
        List<Change> drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT), change(Action.DELETE, "aws_subnet.a",
                Cause.DRIFT));
        assertThat(RepairGuard.stop(settings(1, true), List.of(), drift))
                .contains("mode correct: the repair would change 2 resources, more than drift.maxChanges 1; deploy with approval");
        assertThat(RepairGuard.stop(settings(2, false), List.of(), drift)).as("drift deleted outside is created again, not deleted")
                .isEmpty();
        assertThat(RepairGuard.stop(settings(0, false), List.of(), drift.subList(0, 1)))
                .contains("mode correct: the repair would change 1 resource, more than drift.maxChanges 0; deploy with approval");
    }

    @Test
    void aHugeRepairIsCountedOnlyUpToABoundAndSaysSo() {
        List<Change> drift = IntStream.range(0, RepairGuard.EXACT_COUNT_UP_TO * 3)
                .mapToObj(i -> change(Action.UPDATE, "aws_vpc.r" + i, Cause.DRIFT)).toList();

        assertThat(RepairGuard.stop(settings(5, true), List.of(), drift)).contains("mode correct: the repair would change at least "
                + String.format("%,d", RepairGuard.EXACT_COUNT_UP_TO) + " resources, more than drift.maxChanges 5; deploy with approval");
        assertThat(RepairGuard.stop(settings(DriftSettings.NO_LIMIT, true), List.of(), drift)).isEmpty();
    }
}
