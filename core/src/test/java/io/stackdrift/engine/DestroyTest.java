package io.stackdrift.engine;

import static io.stackdrift.engine.Scenario.row;
import static io.stackdrift.testing.StackDriftAssertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.TextNode;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Approval;
import io.stackdrift.model.Counts;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.StackStatus;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;
import io.stackdrift.tool.StackOutput;

/** A destroy goes in reverse dependency order, records destroyed stacks and forgets their last deploy. */
class DestroyTest extends ScenarioFixture {
    private RunRequest destroy() {
        return s.request().toBuilder().kind(DeployKind.DESTROY).build();
    }

    @Test
    void aDestroyGoesInReverseDependencyOrderWithoutDriftChecksAndRecordsDestroyed() throws IOException {
        s.terraform("net", "dns", "app", "solo");
        s.config("""
                parallelism: 4
                stacks:
                  - dir: dns
                    dependsOn: [net]
                  - dir: app
                    dependsOn: [dns]
                """);

        RunOutcome outcome = s.host().deploy(destroy());

        List<String> calls = List.copyOf(s.world.calls);
        assertThat(calls.indexOf("destroy-plan dns")).isGreaterThan(calls.indexOf("destroy app"));
        assertThat(calls.indexOf("destroy-plan net")).isGreaterThan(calls.indexOf("destroy dns"));
        assertThat(s.world.callsFor("destroy")).containsExactlyInAnyOrder("app", "dns", "net", "solo");
        assertThat(s.world.callsFor("check")).isEmpty();
        assertThat(s.world.callsFor("preview")).isEmpty();
        assertThat(s.world.callsFor("apply")).isEmpty();
        assertThat(outcome).hasTrailInAnyOrder("app destroyed", "dns destroyed", "net destroyed", "solo destroyed");
        // destroyed, never in sync: a destroy must not read as a healthy run in any output
        assertThat(outcome).row("dns").hasState(RowState.DESTROYED);
        assertThat(outcome).counts().has(Counts.Field.DESTROYED, 4);
        assertThat(outcome).counts().hasNo(Counts.Field.IN_SYNC);
        assertThat(outcome).record().hasKind(RunKind.DEPLOY);
        assertThat(outcome).endsOk();
        assertThat(s.progress).contains("destroying net (terraform)…", "net: destroyed");
        HistoryStore history = s.history();
        assertThat(history.deploysInProgress()).isEmpty();
    }

    @Test
    void aFailedDestroySkipsTheStacksItDependsOnAndLeavesOthersGoing() throws IOException {
        s.terraform("net", "dns", "app", "solo");
        s.config("""
                stacks:
                  - dir: dns
                    dependsOn: [net]
                  - dir: app
                    dependsOn: [dns]
                """);
        s.world.stack("dns").destroyFailure = "tofu apply failed: Error: deleting zone: in use";

        RunOutcome outcome = s.host().deploy(destroy());

        assertThat(outcome).row("app").hasState(RowState.DESTROYED);
        assertThat(outcome).row("dns").hasState(RowState.FAILED, "destroy: tofu apply failed: Error: deleting zone: in use");
        assertThat(outcome).row("net").hasState(RowState.SKIPPED, "dependent dns failed");
        assertThat(s.world.callsFor("destroy-plan")).doesNotContain("net");
        assertThat(outcome).row("solo").hasState(RowState.DESTROYED);
        assertThat(outcome).hasTrailInAnyOrder("app destroyed", "dns failed", "solo destroyed");
        assertThat(outcome).endsWithError();
    }

    @Test
    void aDestroyRehearsalPlansInReverseOrderAndDestroysNothing() throws IOException {
        s.terraform("net", "dns");
        s.config("stacks:\n  - dir: dns\n    dependsOn: [net]\n");
        s.world.stack("net").exists = false;

        RunOutcome outcome = s.host().deploy(s.request().toBuilder().mode(DeployMode.REHEARSAL).kind(DeployKind.DESTROY).build());

        assertThat(s.world.calls).containsExactly("destroy-plan dns", "destroy-plan net");
        assertThat(outcome).trail().extracting(e -> e.stack().value() + " " + e.result().word() + " " + e.reason())
                .containsExactly("dns rehearsal destroy: planned, nothing destroyed", "net rehearsal destroy: nothing to destroy");
        assertThat(outcome).row("dns").hasState(RowState.PENDING);
        assertThat(row(outcome, "dns").changes()).extracting(c -> c.action()).containsExactly(Action.DELETE);
        assertThat(outcome).row("net").hasReason("rehearsal: nothing to destroy");
        assertThat(outcome).endsWithChanges();
        assertThat(s.history().deploysInProgress()).isEmpty();
    }

    @Test
    void anApproveStackIsDestroyedOnlyWithApprovalAndWhatItDependsOnWaits() throws IOException {
        s.terraform("net", "gate");
        s.config("""
                stacks:
                  - dir: gate
                    dependsOn: [net]
                    drift:
                      mode: approve
                """);

        RunOutcome waiting = s.host().deploy(destroy());
        assertThat(waiting).row("gate").hasState(RowState.AWAITING_APPROVAL,
                "mode approve: destroy with approval to delete these resources");
        assertThat(waiting).row("net").hasReason("dependent gate awaits approval");
        assertThat(s.world.callsFor("destroy")).isEmpty();

        RunOutcome approved = s.host().deploy(s.request().toBuilder().approval(Approval.GIVEN).kind(DeployKind.DESTROY).build());
        assertThat(s.world.callsFor("destroy")).containsExactly("gate", "net");
        assertThat(approved).endsOk();
    }

    @Test
    void aDestroyForgetsTheLastDeploySoTheNextDeployCreatesTheStackAgain() throws IOException {
        s.terraform("a", "b");
        s.config("reapply: 0\nstacks:\n  - dir: b\n    dependsOn: [a]\n");
        s.pending("a", "b");
        s.host().deploy(s.request());
        HistoryStore history = s.history();
        assertThat(history.stackStatuses().get(StackId.of("a")).everDeployed()).isTrue();

        s.host().deploy(destroy());
        assertThat(history.stackStatuses().get(StackId.of("a")).everDeployed()).isFalse();
        s.world.calls.clear();
        RunOutcome again = s.host().deploy(s.request());

        assertThat(s.world.callsFor("apply")).containsExactly("a", "b");
        assertThat(again).row("a").hasReason("deployed");
        assertThat(s.progress).contains("a: deploying (never deployed)");
    }

    @Test
    void nothingToDestroyIsRecordedAndForgetsTheDeployToo() throws IOException {
        s.terraform("a");
        s.config("reapply: 0\nstacks:\n  - dir: a\n    outputs: out/a.json\n");
        s.pending("a");
        s.world.stack("a").outputs = List.of(new StackOutput("id", TextNode.valueOf("a-1"), false));
        s.host().deploy(s.request());
        assertThat(s.repo.resolve("out/a.json")).exists();
        s.world.stack("a").exists = false;

        RunOutcome outcome = s.host().deploy(destroy());

        assertThat(s.world.callsFor("destroy")).isEmpty();
        assertThat(outcome).trail().extracting(TrailEntry::result).containsExactly(TrailResult.NOTHING_TO_DESTROY);
        assertThat(outcome).row("a").hasReason("nothing to destroy");
        assertThat(s.repo.resolve("out/a.json")).doesNotExist();
        assertThat(s.history().stackStatuses().get(StackId.of("a")).everDeployed()).isFalse();
    }

    @Test
    void aDestroyedStacksOutputsFileIsRemoved() throws IOException {
        s.terraform("net");
        s.config("stacks:\n  - dir: net\n    outputs: out/net.json\n");
        s.world.stack("net").outputs = List.of(new StackOutput("vpc_id", TextNode.valueOf("vpc-123"), false));
        s.pending("net");
        s.host().deploy(s.request());
        assertThat(s.repo.resolve("out/net.json")).exists();

        RunOutcome outcome = s.host().deploy(destroy());

        assertThat(s.repo.resolve("out/net.json")).doesNotExist();
        assertThat(outcome).row("net").hasState(RowState.DESTROYED);
        assertThat(s.progress).contains("net: outputs file out/net.json removed");
    }

    @Test
    void aFailedOrInterruptedDestroyForgetsTheDeployAndAFailedDestroyPreviewDoesNot() throws IOException {
        s.terraform("a", "b", "c");
        s.config("reapply: 0\nstacks:\n  - dir: a\n  - dir: b\n  - dir: c\n");
        s.pending("a", "b", "c");
        s.host().deploy(s.request());
        s.world.stack("a").destroyFailure = "tofu apply failed: Error: x";
        s.world.stack("b").previewFailure = "tofu plan failed: Error: y";
        s.world.stack("c").interruptApply = true;

        RunOutcome outcome = s.host().deploy(destroy());

        Map<StackId, StackStatus> statuses = s.history().stackStatuses();
        assertThat(statuses.get(StackId.of("a")).everDeployed()).isFalse();
        assertThat(statuses.get(StackId.of("b")).everDeployed()).isTrue();
        assertThat(outcome).row("b").hasReason("destroy: tofu plan failed: Error: y");
        assertThat(outcome).trail().filteredOn(e -> e.stack().value().equals("c")).singleElement().satisfies(e -> {
            assertThat(e.result()).isEqualTo(TrailResult.INTERRUPTED);
            assertThat(e.reason()).contains("interrupted during this destroy");
        });
        assertThat(statuses.get(StackId.of("c")).everDeployed()).isFalse();
        assertThat(s.history().deploysInProgress()).isEmpty();
    }
}
