package io.stackdrift.engine;

import static io.stackdrift.testing.StackDriftAssertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Approval;
import io.stackdrift.model.RowState;
import io.stackdrift.model.Timing;

/** Which stacks a deploy deploys: the policies, the digest, a changed dependency and a deploy asked for now (docs/digest.md). */
class DeployPolicyTest extends ScenarioFixture {
    @Test
    void anUnchangedStackIsLeftAloneByPolicyOnChange() throws IOException {
        s.terraform("a");
        s.config("reapply: 0\nstacks:\n  - dir: a\n");
        s.pending("a");
        s.host().deploy(s.request());
        s.world.calls.clear();

        RunOutcome second = s.host().deploy(s.request());

        assertThat(second).row("a").hasState(RowState.SKIPPED).hasReasonStartingWith("unchanged since its last deploy");
        assertThat(s.world.callsFor("preview")).isEmpty();
    }

    @Test
    void policyOnChangeOrDependencyRedeploysAStackWhoseDependencyChanged() throws IOException {
        s.terraform("net", "dns", "other");
        s.config("""
                reapply: 0
                stacks:
                  - dir: dns
                    dependsOn: [net]
                    policy: onChangeOrDependency
                  - dir: other
                    dependsOn: [net]
                """);
        s.pending("net", "dns", "other");
        s.host().deploy(s.request());
        Files.writeString(s.repo.resolve("net/extra.tf"), "# a change of the code\n");
        s.pending("net", "dns", "other");
        s.world.calls.clear();

        RunOutcome second = s.host().deploy(s.request());

        // both dependents follow net in the same run: dns by its policy, other because net applied changes
        assertThat(s.world.callsFor("apply")).startsWith("net").containsExactlyInAnyOrder("net", "dns", "other");
        assertThat(second).row("dns").hasReason("deployed");
        assertThat(s.progress).contains("dns: deploying (it or a dependency changed since its last deploy at 2026-11-29T12:00:00Z)",
                "other: deploying (its dependency net applied changes in this run)");
    }

    @Test
    void aDependentOfAStackThatAppliedChangesIsPreviewedAfterItUnlessItsPolicyIsOnce() throws IOException {
        s.terraform("net", "app", "base", "idle");
        s.config("""
                stacks:
                  - dir: app
                    dependsOn: [net]
                  - dir: base
                    dependsOn: [net]
                    policy: once
                  - dir: idle
                """);
        s.host().deploy(s.request());
        s.world.calls.clear();
        Files.writeString(s.repo.resolve("net/extra.tf"), "# a change of the code\n");
        s.pending("net");

        RunOutcome deploy = s.host().deploy(s.request());

        List<String> calls = List.copyOf(s.world.calls);
        assertThat(calls).containsSubsequence("apply net", "preview app");
        assertThat(s.world.callsFor("preview")).containsExactlyInAnyOrder("net", "app");
        assertThat(deploy).row("app").hasState(RowState.IN_SYNC);
        assertThat(deploy).row("base").hasState(RowState.SKIPPED).hasReasonStartingWith("policy once");
        assertThat(deploy).row("idle").hasReasonStartingWith("unchanged since its last deploy");
        assertThat(s.progress).contains("app: deploying (its dependency net applied changes in this run)");
    }

    @Test
    void aDeployAskedForNowDeploysWhateverThePolicyAndTheDigestAndStillWaitsForApproval() throws IOException {
        s.terraform("a", "once", "approve");
        s.config("""
                reapply: 0
                stacks:
                  - dir: once
                    policy: once
                  - dir: approve
                    drift:
                      mode: approve
                """);
        s.pending("a", "once", "approve");
        s.host().deploy(s.request().toBuilder().approval(Approval.GIVEN).build());
        // someone applied by hand: the code is unchanged, a preview would show changes again
        s.pending("a", "once", "approve");
        s.world.calls.clear();

        RunOutcome skipped = s.host().deploy(s.request());
        assertThat(skipped).row("a").hasReasonContaining("; deploy it anyway with --now (now: true on the step)");
        assertThat(s.world.callsFor("apply")).isEmpty();

        RunOutcome now = s.host().deploy(s.request().withTiming(Timing.NOW));

        assertThat(s.world.callsFor("apply")).containsExactlyInAnyOrder("a", "once");
        assertThat(now).row("approve").hasState(RowState.AWAITING_APPROVAL);
        assertThat(s.progress).contains("once: deploying (asked for now, whatever its policy and digest (policy once: deployed at "
                + "2026-11-29T12:00:00Z, never again by itself))");
    }

    @Test
    void policyOnceDeploysOnlyOnce() throws IOException {
        s.terraform("a");
        s.config("stacks:\n  - dir: a\n    policy: once\n");
        s.pending("a");
        s.host().deploy(s.request());
        Files.writeString(s.repo.resolve("a/extra.tf"), "# a change of the code\n");
        s.pending("a");
        s.world.calls.clear();

        RunOutcome second = s.host().deploy(s.request());

        assertThat(s.world.calls).isEmpty();
        assertThat(second).row("a").hasReasonStartingWith("policy once");
    }
}
