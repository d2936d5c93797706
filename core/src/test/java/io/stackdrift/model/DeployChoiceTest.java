package io.stackdrift.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DeployChoiceTest {
    @Test
    void theDefaultAppliesUnapprovedAndDeploys() {
        assertThat(DeployChoice.DEPLOY).isEqualTo(new DeployChoice(DeployMode.APPLY, Approval.NOT_GIVEN, DeployKind.DEPLOY));
    }

    @Test
    void aRunIsNeverAskedToCorrect() {
        assertThatThrownBy(() -> DeployChoice.DEPLOY.withMode(DeployMode.CORRECTION))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("correction is a drift check's own mode");
    }

    @Test
    void eachWitherChangesItsOwnPartOnly() {
        DeployChoice choice = DeployChoice.DEPLOY.withKind(DeployKind.DESTROY).withApproval(Approval.GIVEN)
                .withMode(DeployMode.REHEARSAL);

        assertThat(choice).isEqualTo(new DeployChoice(DeployMode.REHEARSAL, Approval.GIVEN, DeployKind.DESTROY));
    }
}
