package io.stackdrift.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.stackdrift.config.DriftMode;
import io.stackdrift.deploy.ApplyGate.Decision;
import io.stackdrift.deploy.ApplyGate.Step;
import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployMode;

class ApplyGateTest {
    @Test
    void aPlanWithoutWorkIsNothingToDoWhateverTheModeAndApproval() {
        for (DriftMode drift : DriftMode.values()) {
            for (Approval approval : Approval.values()) {
                Decision nothing = new Decision(Step.NOTHING_TO_DO, false);
                assertThat(ApplyGate.decide(false, DeployMode.APPLY, approval, drift)).isEqualTo(nothing);
                assertThat(ApplyGate.decide(false, DeployMode.CORRECTION, approval, drift)).isEqualTo(nothing);
                assertThat(ApplyGate.decide(false, DeployMode.REHEARSAL, approval, drift))
                        .isEqualTo(new Decision(Step.NOTHING_TO_REHEARSE, false));
            }
        }
    }

    @Test
    void anApproveModeStackWaitsUnlessTheRunIsApproved() {
        assertThat(ApplyGate.decide(true, DeployMode.APPLY, Approval.NOT_GIVEN, DriftMode.APPROVE).step()).isEqualTo(Step.AWAIT_APPROVAL);
        assertThat(ApplyGate.decide(true, DeployMode.APPLY, Approval.GIVEN, DriftMode.APPROVE).step()).isEqualTo(Step.APPLY);
        assertThat(ApplyGate.decide(true, DeployMode.APPLY, Approval.NOT_GIVEN, DriftMode.REPORT).step()).isEqualTo(Step.APPLY);
        assertThat(ApplyGate.decide(true, DeployMode.CORRECTION, Approval.GIVEN, DriftMode.CORRECT).step()).isEqualTo(Step.APPLY);
    }

    @Test
    void aRehearsalAppliesNothingAndSaysWhetherARealRunWouldWait() {
        assertThat(ApplyGate.decide(true, DeployMode.REHEARSAL, Approval.NOT_GIVEN, DriftMode.APPROVE))
                .isEqualTo(new Decision(Step.REHEARSE, true));
        assertThat(ApplyGate.decide(true, DeployMode.REHEARSAL, Approval.GIVEN, DriftMode.APPROVE))
                .isEqualTo(new Decision(Step.REHEARSE, false));
        assertThat(ApplyGate.decide(true, DeployMode.REHEARSAL, Approval.NOT_GIVEN, DriftMode.CORRECT))
                .isEqualTo(new Decision(Step.REHEARSE, false));
    }
}
