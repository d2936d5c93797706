package io.stackdrift.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.ChangeList;
import io.stackdrift.model.PlanDigest;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.model.ValueKey;
import io.stackdrift.testing.Fixtures;

/**
 * An approval's pin ({@link PlanDigest}) of plans Terraform 1.11.4 wrote: a refresh-only plan (a drift check's) and a
 * normal plan (the approved deploy's) of the same state pin the same, a value changed with the same shape pins
 * otherwise, and without the key no value counts.
 */
class ApprovalPinTest {
    private static final ValueKey KEY = ValueKey.of("the job's key".getBytes(StandardCharsets.UTF_8));
    private static final String COMMIT = "c0ffee";

    @TempDir
    Path dir;

    private static Row row(final PlanSummary summary) {
        assertThat(summary.failed()).as(summary.failureReason()).isFalse();
        return Row.of(StackId.of("app"), Tool.TERRAFORM, "app", RowState.AWAITING_APPROVAL, "")
                .withChanges(summary.changes()).withDrift(summary.drift());
    }

    private static Row read(final TerraformPlanKind kind, final Path file, final ValueKey key) {
        return row(new TerraformPlanReader(kind).read(file, ChangeList.SpillTarget.temporary(), key));
    }

    @Test
    void aChecksRefreshOnlyPlanAndTheDeploysPlanOfTheSameOutputDriftPinTheSame() {
        Row check = read(TerraformPlanKind.REFRESH_ONLY, Fixtures.terraform("remote-state/app.refresh-only.plan.json"), KEY);
        Row deploy = read(TerraformPlanKind.PLAN, Fixtures.terraform("remote-state/app.plan.json"), KEY);

        // the check lists the outputs under drift, the deploy under changes: the pin does not tell them apart
        assertThat(check.drift().size()).isEqualTo(2);
        assertThat(deploy.changes().size()).isEqualTo(2);
        assertThat(PlanDigest.of(check, COMMIT)).isEqualTo(PlanDigest.of(deploy, COMMIT));
        assertThat(new PlanDigest.Approved(Map.of(StackId.of("app"), PlanDigest.of(check, COMMIT)), COMMIT, "build #1", KEY)
                .refusal(StackId.of("app"), deploy)).isEmpty();
        // another commit is another plan
        assertThat(PlanDigest.of(check, "d00d")).isNotEqualTo(PlanDigest.of(deploy, COMMIT));
    }

    @Test
    void aValueChangedWithTheSameShapeIsAnotherPinAndTheApprovedRunRefusesIt() throws IOException {
        Path plan = Fixtures.terraform("remote-state/app.plan.json");
        Path changed = Files.writeString(dir.resolve("changed.plan.json"),
                Files.readString(plan).replace("\"after\":\"10.1.0.0/16\"", "\"after\":\"10.7.0.0/16\""));
        assertThat(Files.readString(changed)).isNotEqualTo(Files.readString(plan));
        Row approved = read(TerraformPlanKind.PLAN, plan, KEY);
        Row fresh = read(TerraformPlanKind.PLAN, changed, KEY);

        // the same action, type, address and path: only the value differs
        assertThat(fresh.changes().first(10)).usingRecursiveFieldByFieldElementComparatorIgnoringFields("values")
                .isEqualTo(approved.changes().first(10));
        assertThat(PlanDigest.of(fresh, COMMIT)).isNotEqualTo(PlanDigest.of(approved, COMMIT));
        assertThat(new PlanDigest.Approved(Map.of(StackId.of("app"), PlanDigest.of(approved, COMMIT)), COMMIT, "build #4", KEY)
                .refusal(StackId.of("app"), fresh))
                .contains("its plan differs from the one approved in build #4 (other changes, drift, values or commit): nothing"
                        + " was applied; approve this plan again");
        // a sensitive value counts the same way, and nothing of either value is kept
        Path token = Files.writeString(dir.resolve("token.plan.json"),
                Files.readString(plan).replace("fake-network-token-0002", "fake-network-token-0003"));
        assertThat(PlanDigest.of(read(TerraformPlanKind.PLAN, token, KEY), COMMIT)).isNotEqualTo(PlanDigest.of(approved, COMMIT));
        assertThat(fresh.toString() + approved).doesNotContain("10.7.0.0", "10.1.0.0", "fake-network-token");
    }

    @Test
    void withoutAKeyNoValueIsDigestedAndAnotherKeyGivesAnotherDigest() {
        Path plan = Fixtures.terraform("remote-state/app.plan.json");
        Row none = read(TerraformPlanKind.PLAN, plan, ValueKey.NONE);
        Row keyed = read(TerraformPlanKind.PLAN, plan, KEY);
        Row other = read(TerraformPlanKind.PLAN, plan, ValueKey.of("another job".getBytes(StandardCharsets.UTF_8)));

        assertThat(none.changes().first(10)).allSatisfy(change -> assertThat(change.values()).isEmpty());
        assertThat(keyed.changes().first(10)).allSatisfy(change -> assertThat(change.values()).hasSize(64));
        assertThat(PlanDigest.of(keyed, COMMIT)).isNotEqualTo(PlanDigest.of(other, COMMIT));
    }
}
