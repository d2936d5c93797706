package io.stackdrift.drift;

import static io.stackdrift.drift.DueCheckTest.stack;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.DriftSettings;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.drift.DueCheck.Input;
import io.stackdrift.drift.DueCheck.Trigger;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.StackStatus;

/** The reasons a scheduled check gives, the times it counts from, and which stack owns a pushed file. */
class DueCheckReasonsTest {
    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
    private static final StackConfig NETWORK = stack("network", true, DriftMode.REPORT, Duration.ofHours(6));

    private static StackStatus status(final RowState state, final Duration checkedAgo, final int failures, final Duration failedAgo) {
        return new StackStatus(StackId.of("network"), 1, "1", state, NOW.minus(checkedAgo).toEpochMilli(), failures,
                failures > 0 ? NOW.minus(failedAgo).toEpochMilli() : 0, List.of(), "", 0);
    }

    private static String reason(final StackStatus status) {
        Input input = new Input(Trigger.SCHEDULED, Map.of(status.id(), status), Set.of(), Set.of(), NOW);
        CheckDecision decision = DueCheck.decide(List.of(NETWORK), input).get(0);
        return decision.action() + " " + decision.reason();
    }

    @Test
    void eachReasonSaysWhetherItCountsTheScheduleOrTheBackoff() {
        assertThat(reason(status(RowState.IN_SYNC, Duration.ofHours(7), 0, Duration.ZERO)))
                .isEqualTo("CHECK due: every 6h, last checked at 2026-11-29T05:00:00Z");
        assertThat(reason(status(RowState.IN_SYNC, Duration.ofHours(1), 0, Duration.ZERO)))
                .isEqualTo("SKIP not due until 2026-11-29T17:00:00Z (every 6h)" + DueCheck.NOW_HINT);
        assertThat(reason(status(RowState.FAILED, Duration.ofMinutes(20), 1, Duration.ofMinutes(20))))
                .isEqualTo("CHECK retry after 1 failed check (backoff 15m)");
        assertThat(reason(status(RowState.FAILED, Duration.ofMinutes(40), 2, Duration.ofMinutes(40))))
                .isEqualTo("CHECK retry after 2 failed checks (backoff 30m)");
        assertThat(reason(status(RowState.FAILED, Duration.ofMinutes(10), 2, Duration.ofMinutes(10))))
                .isEqualTo("SKIP not due until 2026-11-29T12:20:00Z (backoff 30m after 2 failed checks)" + DueCheck.NOW_HINT);
        assertThat(reason(status(RowState.FAILED, Duration.ofMinutes(5), 1, Duration.ofMinutes(5))))
                .isEqualTo("SKIP not due until 2026-11-29T12:10:00Z (backoff 15m after 1 failed check)" + DueCheck.NOW_HINT);
    }

    @Test
    void theBackoffCountsFromTheLastFailureNotTheLastGoodCheck() {
        // checked fine 7 hours ago (due by the schedule), failed 10 minutes ago: the backoff of 15m has not passed
        assertThat(reason(status(RowState.FAILED, Duration.ofHours(7), 1, Duration.ofMinutes(10))))
                .startsWith("SKIP not due until 2026-11-29T12:05:00Z (backoff 15m after 1 failed");
    }

    @Test
    void aCheckRecordedLaterThanNowIsCheckedAndATimeOfExactlyNowIsNot() {
        assertThat(reason(status(RowState.IN_SYNC, Duration.ofHours(-1), 0, Duration.ZERO))).isEqualTo(
                "CHECK its last check is recorded at 2026-11-29T13:00:00Z, later than now (2026-11-29T12:00:00Z): a clock was"
                        + " ahead, so it is checked now");
        assertThat(DueCheck.clockAhead(status(RowState.FAILED, Duration.ofHours(1), 1, Duration.ofMinutes(-1)), NOW)).isPresent();
        assertThat(DueCheck.clockAhead(status(RowState.IN_SYNC, Duration.ZERO, 0, Duration.ZERO), NOW)).isEmpty();
    }

    private static StackConfig at(final String id, final String dir) {
        return new StackConfig(StackId.of(id), Tool.TOFU, dir, "", List.of(), false, DriftSettings.defaults(), Duration.ZERO,
                Policy.ON_CHANGE, Map.of(), Optional.empty());
    }

    @Test
    void theLongestDirectoryOwnsAFileAndTheRootOnlyWhatNoOtherOwnsInEitherOrder() {
        StackConfig root = at("root", ".");
        StackConfig b = at("b", "b");
        StackConfig envs = at("envs", "envs");
        StackConfig prod = at("prod", "envs/prod/");
        for (List<StackConfig> order : List.of(List.of(root, b, envs, prod), List.of(prod, envs, b, root))) {
            assertThat(DueCheck.owners(order, Set.of("b/main.tf"))).as("%s", order).containsExactly(b.id());
            assertThat(DueCheck.owners(order, Set.of("envs/prod/main.tf"))).as("%s", order).containsExactly(prod.id());
            assertThat(DueCheck.owners(order, Set.of("envs/main.tf"))).as("%s", order).containsExactly(envs.id());
            assertThat(DueCheck.owners(order, Set.of("c/main.tf"))).as("%s", order).containsExactly(root.id());
        }
    }

    @Test
    void ofTwoChangedModulesOfOneDepthTheFirstByNameIsNamed() {
        DueCheck.Modules modules = s -> Set.of("modules/dns", "modules/vpc");
        StackStatus synced = status(RowState.IN_SYNC, Duration.ofMinutes(1), 0, Duration.ZERO);
        Input push = new Input(Trigger.PUSH, Map.of(synced.id(), synced), Set.of(), Set.of("modules/vpc/a.tf", "modules/dns/b.tf"),
                NOW, modules);

        assertThat(DueCheck.decide(List.of(NETWORK), push).get(0).reason())
                .isEqualTo("module modules/dns it uses changed: a preview, which includes drift");
    }
}
