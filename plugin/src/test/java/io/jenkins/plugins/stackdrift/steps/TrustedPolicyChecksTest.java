package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import io.jenkins.plugins.stackdrift.agent.AgentOutcome;
import io.jenkins.plugins.stackdrift.agent.PolicyChecks;
import io.jenkins.plugins.stackdrift.credentials.CredentialsSource;
import org.junit.jupiter.api.Test;

import io.stackdrift.engine.StackPlace;

/**
 * Which policy checks the controller admits for a step follows the rule for credentials: the checkout's configuration
 * when it is trusted; for a change from a source the job does not trust, none, whether or not the step binds the
 * target branch's credentials (the change's own file would choose what runs through the step's launcher).
 */
class TrustedPolicyChecksTest {
    private static final AgentOutcome SELECTION = AgentOutcome.builder()
            .selectedStacks(Map.of("net", Map.of(), "dns", Map.of()))
            .stackPlaces(Map.of("net", new StackPlace("net", ""), "dns", new StackPlace("dns", "")))
            .policyChecks(Map.of("net", List.of("policy/check.sh"))).build();

    @Test
    void aTrustedCheckoutsChecksAreAdmitted() {
        PolicyChecks checks = TrustedMapping.policyChecks(CredentialsSource.checkout(), SELECTION, "stacks.yaml");

        assertThat(checks.stacks()).containsExactly("net");
        assertThat(checks.withheldBecause()).isEmpty();
    }

    @Test
    void anUntrustedChangeHasNoneAdmittedWhateverItBinds() {
        for (CredentialsSource source : List.of(CredentialsSource.none("a fork"),
                CredentialsSource.targetBranch("stacks: []\n", "a fork, with the target branch's credentials"))) {
            PolicyChecks checks = TrustedMapping.policyChecks(source, SELECTION, "infra/stacks.yaml");

            assertThat(checks.stacks()).isEmpty();
            assertThat(checks.withheldBecause()).hasValueSatisfying(why -> assertThat(why)
                    .isEqualTo("the build's revision is not one its SCM source trusts, so no policy check its infra/stacks.yaml"
                            + " configures runs here"));
        }
    }
}
