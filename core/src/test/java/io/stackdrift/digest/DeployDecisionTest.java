package io.stackdrift.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.stackdrift.config.DriftSettings;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.digest.DeployDecision.LastDeploy;
import io.stackdrift.digest.DeployDecision.Verdict;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.StackStatus;

class DeployDecisionTest {
    private static final Instant DEPLOYED = Instant.parse("2026-11-29T10:00:00Z");

    @ParameterizedTest(name = "{0}, reapply {1}, digest {2}, {3} later, ever deployed {4} → {5}")
    @CsvSource({
        // policy, reapply, same digest, time since the last deploy, deployed before, verdict, reason starts with
        "ON_CHANGE,               PT60M, true,  PT59M, true,  SKIP,              unchanged since its last deploy at 2026-11-29T10:00:00Z",
        "ON_CHANGE,               PT60M, true,  PT60M, true,  PREVIEW_AND_APPLY, 'unchanged, but the reapply interval 1h has passed'",
        "ON_CHANGE,               PT15M, true,  PT20M, true,  PREVIEW_AND_APPLY, 'unchanged, but the reapply interval 15m has passed'",
        "ON_CHANGE,               PT0S,  true,  P365D, true,  SKIP,              unchanged since its last deploy",
        "ON_CHANGE,               PT60M, false, PT1M,  true,  PREVIEW_AND_APPLY, changed since its last deploy at 2026-11-29T10:00:00Z",
        "ON_CHANGE,               PT60M, false, PT1M,  false, PREVIEW_AND_APPLY, never deployed",
        "ON_CHANGE_OR_DEPENDENCY, PT60M, false, PT1M,  true,  PREVIEW_AND_APPLY, it or a dependency changed since its last deploy",
        "ON_CHANGE_OR_DEPENDENCY, PT60M, true,  PT1M,  true,  SKIP,              unchanged since its last deploy",
        "ONCE,                    PT60M, false, P30D,  true,  SKIP,              'policy once: deployed at 2026-11-29T10:00:00Z, never "
                + "again by itself; deploy it anyway with --now (now: true on the step)'",
        "ONCE,                    PT60M, true,  PT1M,  false, PREVIEW_AND_APPLY, never deployed"})
    void policyDigestAndReapplyDecide(final Policy policy, final Duration reapply, final boolean same, final Duration later,
            final boolean deployed, final Verdict verdict, final String reason) {
        LastDeploy last = deployed ? new LastDeploy("abc", DEPLOYED) : LastDeploy.NEVER;
        DeployDecision decision = DeployDecision.decide(policy, reapply, same ? "abc" : "def", last, DEPLOYED.plus(later));
        assertThat(decision.verdict()).isEqualTo(verdict);
        assertThat(decision.reason()).startsWith(reason);
    }

    @Test
    void aSkipNamesNowAndNowDeploysWhateverThePolicyAndTheDigest() {
        LastDeploy last = new LastDeploy("abc", DEPLOYED);
        DeployDecision unchanged = DeployDecision.decide(Policy.ON_CHANGE, Duration.ZERO, "abc", last,
                DEPLOYED.plus(Duration.ofMinutes(1)));
        assertThat(unchanged.reason()).isEqualTo("unchanged since its last deploy at 2026-11-29T10:00:00Z; deploy it anyway with --now "
                + "(now: true on the step)");
        assertThat(unchanged.now()).isEqualTo(new DeployDecision(Verdict.PREVIEW_AND_APPLY,
                "asked for now, whatever its policy and digest (unchanged since its last deploy at 2026-11-29T10:00:00Z)"));
        DeployDecision once = DeployDecision.decide(Policy.ONCE, Duration.ZERO, "def", last, DEPLOYED.plus(Duration.ofDays(30)));
        assertThat(once.verdict()).isEqualTo(Verdict.SKIP);
        assertThat(once.now().verdict()).isEqualTo(Verdict.PREVIEW_AND_APPLY);
        assertThat(once.now().reason()).contains("policy once").doesNotContain("--now");
        DeployDecision changed = DeployDecision.decide(Policy.ON_CHANGE, Duration.ZERO, "def", last, DEPLOYED);
        assertThat(changed.now()).isSameAs(changed);
    }

    @Test
    void readsTheLastDeployFromTheStackIndexAndTheSettingsFromTheStack() {
        StackId id = StackId.of("network");
        StackStatus never = new StackStatus(id, 1, "1", RowState.IN_SYNC,
                0, 0, 0, List.of(), "", 0);
        assertThat(LastDeploy.of(never)).isEqualTo(LastDeploy.NEVER);
        StackStatus deployed = new StackStatus(id, 1, "1", RowState.IN_SYNC,
                0, 0, 0, List.of(), "abc", DEPLOYED.toEpochMilli());
        StackConfig stack = new StackConfig(id, Tool.TOFU, "network", "",
                List.of(), false, DriftSettings.defaults(), Duration.ofMinutes(15), Policy.ON_CHANGE,
                Map.of(), Optional.empty());
        assertThat(DeployDecision.decide(stack, "abc", LastDeploy.of(deployed), DEPLOYED.plus(Duration.ofMinutes(14))).verdict())
                .isEqualTo(Verdict.SKIP);
        assertThat(DeployDecision.decide(stack, "abc", LastDeploy.of(deployed), DEPLOYED.plus(Duration.ofMinutes(15))).verdict())
                .isEqualTo(Verdict.PREVIEW_AND_APPLY);
    }
}
