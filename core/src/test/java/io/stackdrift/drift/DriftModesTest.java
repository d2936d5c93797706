package io.stackdrift.drift;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.DriftSettings;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.drift.ModeOutcome.BuildMark;
import io.stackdrift.drift.ModeOutcome.Consequence;
import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

class DriftModesTest {
    static Stream<Arguments> table() {
        return Stream.of(
                // mode, state after the check, consequence, build mark
                Arguments.of(DriftMode.CORRECT, RowState.IN_SYNC, Consequence.RECORD_ONLY, BuildMark.NONE),
                Arguments.of(DriftMode.CORRECT, RowState.DRIFTED, Consequence.DEPLOY, BuildMark.DRIFT),
                Arguments.of(DriftMode.CORRECT, RowState.PENDING, Consequence.RECORD_ONLY, BuildMark.NONE),
                Arguments.of(DriftMode.CORRECT, RowState.PENDING_DRIFTED, Consequence.RECORD_ONLY, BuildMark.DRIFT),
                Arguments.of(DriftMode.CORRECT, RowState.FAILED, Consequence.RECORD_ONLY, BuildMark.FAILURE),
                Arguments.of(DriftMode.CORRECT, RowState.SKIPPED, Consequence.RECORD_ONLY, BuildMark.NONE),
                Arguments.of(DriftMode.CORRECT, RowState.AWAITING_APPROVAL, Consequence.AWAIT_APPROVAL, BuildMark.DRIFT),
                Arguments.of(DriftMode.APPROVE, RowState.IN_SYNC, Consequence.RECORD_ONLY, BuildMark.NONE),
                Arguments.of(DriftMode.APPROVE, RowState.DRIFTED, Consequence.AWAIT_APPROVAL, BuildMark.DRIFT),
                Arguments.of(DriftMode.APPROVE, RowState.PENDING, Consequence.RECORD_ONLY, BuildMark.NONE),
                Arguments.of(DriftMode.APPROVE, RowState.PENDING_DRIFTED, Consequence.AWAIT_APPROVAL, BuildMark.DRIFT),
                Arguments.of(DriftMode.APPROVE, RowState.FAILED, Consequence.RECORD_ONLY, BuildMark.FAILURE),
                Arguments.of(DriftMode.APPROVE, RowState.SKIPPED, Consequence.RECORD_ONLY, BuildMark.NONE),
                Arguments.of(DriftMode.APPROVE, RowState.AWAITING_APPROVAL, Consequence.AWAIT_APPROVAL, BuildMark.DRIFT),
                Arguments.of(DriftMode.REPORT, RowState.IN_SYNC, Consequence.RECORD_ONLY, BuildMark.NONE),
                Arguments.of(DriftMode.REPORT, RowState.DRIFTED, Consequence.RECORD_ONLY, BuildMark.DRIFT),
                Arguments.of(DriftMode.REPORT, RowState.PENDING, Consequence.RECORD_ONLY, BuildMark.NONE),
                Arguments.of(DriftMode.REPORT, RowState.PENDING_DRIFTED, Consequence.RECORD_ONLY, BuildMark.DRIFT),
                Arguments.of(DriftMode.REPORT, RowState.FAILED, Consequence.RECORD_ONLY, BuildMark.FAILURE),
                Arguments.of(DriftMode.REPORT, RowState.SKIPPED, Consequence.RECORD_ONLY, BuildMark.NONE),
                Arguments.of(DriftMode.REPORT, RowState.AWAITING_APPROVAL, Consequence.AWAIT_APPROVAL, BuildMark.DRIFT));
    }

    @ParameterizedTest(name = "{0} × {1} → {2}, {3}")
    @MethodSource("table")
    void modeAndStateDecideTheConsequence(final DriftMode mode, final RowState state, final Consequence consequence,
            final BuildMark mark) {
        ModeOutcome outcome = DriftModes.outcome(mode, state);
        assertThat(outcome.consequence()).isEqualTo(consequence);
        assertThat(outcome.buildMark()).isEqualTo(mark);
    }

    @ParameterizedTest
    @EnumSource(RowState.class)
    void modeOffNeverChecksWhateverTheState(final RowState state) {
        assertThat(DriftModes.outcome(DriftMode.OFF, state).consequence()).isEqualTo(Consequence.NOT_CHECKED);
    }

    @ParameterizedTest
    @EnumSource(DriftMode.class)
    void onlyCorrectOnPlainDriftDeploys(final DriftMode mode) {
        for (RowState state : RowState.values()) {
            boolean deploys = DriftModes.outcome(mode, state).consequence() == Consequence.DEPLOY;
            assertThat(deploys).as("%s × %s", mode, state).isEqualTo(mode == DriftMode.CORRECT && state == RowState.DRIFTED);
        }
    }

    @ParameterizedTest
    @EnumSource(value = DriftMode.class, names = {"CORRECT", "APPROVE", "REPORT"})
    void everyCheckedModeCoversEveryState(final DriftMode mode) {
        assertThat(RowState.values()).allSatisfy(state ->
                assertThat(DriftModes.outcome(mode, state).consequence()).isNotEqualTo(Consequence.NOT_CHECKED));
    }

    @Test
    void modeCorrectFallsBackToReportOnAPolicyOnceStack() {
        Change drift = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags"), Cause.DRIFT);
        Row row = Row.of(StackId.of("net"), Tool.TERRAFORM, "net", RowState.DRIFTED, "").withDrift(List.of(drift));
        StackConfig once = stack(Policy.ONCE);
        StackConfig onChange = stack(Policy.ON_CHANGE);

        assertThat(DriftModes.outcome(once, row))
                .isEqualTo(new ModeOutcome(Consequence.RECORD_ONLY, BuildMark.DRIFT, DriftModes.ONCE_NOT_CORRECTED));
        assertThat(DriftModes.outcome(onChange, row).consequence()).isEqualTo(Consequence.DEPLOY);
    }

    private static StackConfig stack(final Policy policy) {
        return new StackConfig(StackId.of("net"), Tool.TERRAFORM, "net", "", List.of(), false,
                new DriftSettings(true, DriftMode.CORRECT, Duration.ofHours(1), List.of()), Duration.ZERO, policy, Map.of(),
                        Optional.empty());
    }
}
