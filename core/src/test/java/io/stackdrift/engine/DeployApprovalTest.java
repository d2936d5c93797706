package io.stackdrift.engine;

import static io.stackdrift.engine.Scenario.row;
import static io.stackdrift.engine.ScriptedAdapter.change;
import static io.stackdrift.testing.StackDriftAssertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Approval;
import io.stackdrift.model.Cause;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.PlanDigest;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

/** A deploy that waits for approval applies only the plan that was approved; a rehearsal plans and applies nothing. */
class DeployApprovalTest extends ScenarioFixture {
    @Test
    void anApproveStackWaitsForApprovalThenAnApprovedRunAppliesIt() throws IOException {
        gateThenAfter();

        RunOutcome waiting = s.host().deploy(s.request());
        assertThat(waiting).row("gate").hasState(RowState.AWAITING_APPROVAL);
        assertThat(waiting).row("after").hasState(RowState.SKIPPED);
        assertThat(s.world.callsFor("apply")).isEmpty();
        assertThat(waiting).endsWithChanges();

        RunOutcome approved = s.host().deploy(s.request().toBuilder().approval(Approval.GIVEN).build());
        assertThat(s.world.callsFor("apply")).containsExactly("gate", "after");
        assertThat(approved).row("gate").hasState(RowState.IN_SYNC);
        assertThat(approved).endsOk();
    }

    /**
     * The approval records the digest of the plan the approver saw; the approved run applies only that plan: one whose
     * changes (or commit) differ awaits a new approval, with the reason, and nothing is applied.
     */
    @Test
    void anApprovedRunAppliesOnlyThePlanTheApproverSaw() throws IOException {
        s.terraform("gate");
        s.config("""
                stacks:
                  - dir: gate
                    drift:
                      mode: approve
                """);
        s.pending("gate");
        RunOutcome waiting = s.host().deploy(s.request());
        assertThat(waiting).row("gate").hasState(RowState.AWAITING_APPROVAL);
        Row seen = row(waiting, "gate");
        PlanDigest.Approved approval = new PlanDigest.Approved(Map.of(StackId.of("gate"), PlanDigest.of(seen, "c0ffee")),
                "c0ffee", "build #7");

        // someone pushed another change after the approval: its plan is not the one approved
        s.world.stack("gate").pending = List.of(change(Action.DELETE, "aws_vpc.main", Cause.CODE));
        RunOutcome changed = s.host().deploy(s.request().toBuilder().approval(Approval.GIVEN).approvedPlans(approval).build());
        assertThat(s.world.callsFor("apply")).isEmpty();
        assertThat(changed).row("gate").hasState(RowState.AWAITING_APPROVAL,
                "its plan differs from the one approved in build #7 (other changes,"
                + " drift, values or commit): nothing was applied; approve this plan again");

        // the same changes from another commit are not what was approved either
        s.pending("gate");
        RunOutcome otherCommit = s.host().deploy(s.request().toBuilder().approval(Approval.GIVEN)
                .approvedPlans(new PlanDigest.Approved(approval.plans(), "beef", "build #7")).build());
        assertThat(s.world.callsFor("apply")).isEmpty();
        assertThat(otherCommit).row("gate").hasState(RowState.AWAITING_APPROVAL);

        RunOutcome same = s.host().deploy(s.request().toBuilder().approval(Approval.GIVEN).approvedPlans(approval).build());
        assertThat(s.world.callsFor("apply")).containsExactly("gate");
        assertThat(same).row("gate").hasState(RowState.IN_SYNC);
    }

    @Test
    void aRehearsalPlansInOrderAndAppliesNothing() throws IOException {
        s.terraform("a", "b");
        s.config("""
                stacks:
                  - dir: b
                    dependsOn: [a]
                """);
        s.pending("a", "b");

        RunOutcome outcome = s.host().deploy(s.request().toBuilder().mode(DeployMode.REHEARSAL).build());

        assertThat(s.world.callsFor("apply")).isEmpty();
        assertThat(s.world.calls).containsSubsequence("preview a", "preview b");
        assertThat(outcome).trail().extracting(TrailEntry::result).containsOnly(TrailResult.REHEARSAL);
        assertThat(outcome).row("a").hasState(RowState.PENDING);
        assertThat(outcome).endsWithChanges();
        // nothing was deployed, so the next real deploy is not skipped as unchanged
        s.host().deploy(s.request());
        assertThat(s.world.callsFor("apply")).containsExactly("a", "b");
    }

    @Test
    void aRehearsalPlansPastAnApproveStackAndSaysItWouldWait() throws IOException {
        gateThenAfter();

        RunOutcome outcome = s.host().deploy(s.request().toBuilder().mode(DeployMode.REHEARSAL).build());

        assertThat(s.world.calls).containsSubsequence("preview gate", "preview after");
        assertThat(s.world.callsFor("apply")).isEmpty();
        assertThat(outcome).row("gate").hasState(RowState.PENDING, "rehearsal: planned, nothing applied; would await approval");
        assertThat(outcome).row("after").hasState(RowState.PENDING);
        assertThat(outcome).trail().extracting(e -> e.stack().value() + " " + e.result().word() + " " + e.reason())
                .containsExactly("gate rehearsal would await approval", "after rehearsal ");
        assertThat(outcome).endsWithChanges();
    }

    /** {@code gate} in drift mode approve, and {@code after}, which depends on it; both with changes to deploy. */
    private void gateThenAfter() throws IOException {
        s.terraform("gate", "after");
        s.config("""
                stacks:
                  - dir: gate
                    drift:
                      mode: approve
                  - dir: after
                    dependsOn: [gate]
                """);
        s.pending("gate", "after");
    }
}
