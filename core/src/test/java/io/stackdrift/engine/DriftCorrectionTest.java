package io.stackdrift.engine;

import static io.stackdrift.engine.Scenario.NOW;
import static io.stackdrift.engine.Scenario.record;
import static io.stackdrift.engine.ScriptedAdapter.change;
import static io.stackdrift.testing.StackDriftAssertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Counts;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

/** A drift check in mode correct repairs drift through a fresh preview and a deploy, within its guard rails. */
class DriftCorrectionTest extends ScenarioFixture {
    @Test
    void modeCorrectRepairsDriftThroughAFreshPreviewAndTheTrailNamesThePaths() throws IOException {
        s.terraform("net", "dns");
        s.config(NET_IN_MODE_CORRECT);
        s.drifted("net");

        RunOutcome outcome = s.host().check(s.request());

        assertThat(s.world.calls).containsSubsequence("check net", "preview net", "apply net");
        assertThat(outcome).row("net").hasState(RowState.REPAIRED).hasReasonContaining("put back by a deploy in this run")
                .hasDriftCount(1);
        assertThat(outcome).counts().has(Counts.Field.REPAIRED, 1).hasNo(Counts.Field.DRIFTED);
        assertThat(outcome).endsOk();
        // the drift was found by this very check
        assertThat(outcome).onlyTrailEntry().putBack("aws_vpc.main.tags.Owner").hasDriftedSince(NOW.toEpochMilli());
        assertThat(s.world.callsFor("apply")).containsExactly("net");
        assertThat(s.progress).contains("checking net (terraform)…", "net: drifted — 1 change");
    }

    @Test
    void aStackIsCheckedAfterTheRepairOfADependencyInModeCorrect() throws IOException {
        s.terraform("net", "dns", "logs");
        s.config("""
                parallelism: 4
                stacks:
                  - dir: net
                    drift:
                      mode: correct
                  - dir: dns
                    dependsOn: [net]
                  - dir: logs
                """);
        s.drifted("net");
        s.world.stack("net").sleepApplySeconds = 3;
        s.world.stack("net").recordApplyEnd = true;

        RunOutcome outcome = s.host().check(s.request());

        // what dns reads may change with the repair: checked after it, as a deploy's dependent is
        assertThat(List.copyOf(s.world.calls)).containsSubsequence("applied net", "check dns");
        // a stack depending on no repair is not held back: checked while the repair runs, not after it (the order
        // of the starts is a race between threads; the repair's 3 s are not)
        assertThat(List.copyOf(s.world.calls)).containsSubsequence("check logs", "applied net");
        assertThat(outcome).row("net").hasState(RowState.REPAIRED);
        assertThat(outcome).row("dns").hasState(RowState.IN_SYNC);
    }

    @Test
    void aFailedRepairSkipsTheChecksOfTheStacksThatDependOnIt() throws IOException {
        s.terraform("net", "dns");
        s.config("""
                stacks:
                  - dir: net
                    drift:
                      mode: correct
                  - dir: dns
                    dependsOn: [net]
                """);
        s.drifted("net");
        s.world.stack("net").applyFailure = "quota exceeded";

        RunOutcome outcome = s.host().check(s.request());

        assertThat(outcome).row("net").hasState(RowState.FAILED);
        assertThat(outcome).row("dns").hasState(RowState.SKIPPED, "dependency net failed");
        assertThat(s.world.callsFor("check")).containsExactly("net");
    }

    @Test
    void aDependencyInModeReportOrdersNoCheck() throws IOException {
        s.terraform("net", "dns");
        s.config("""
                parallelism: 2
                stacks:
                  - dir: net
                  - dir: dns
                    dependsOn: [net]
                """);
        s.world.stack("net").previewFailure = "no network";

        RunOutcome outcome = s.host().check(s.request());

        // a check that cannot repair changes nothing a dependent reads: its failure skips nothing
        assertThat(outcome).row("net").hasState(RowState.FAILED);
        assertThat(outcome).row("dns").hasState(RowState.IN_SYNC);
    }

    @Test
    void modeCorrectAppliesNothingWhenTheFreshPreviewAlsoCarriesCodeChanges() throws IOException {
        driftedNetInModeCorrect();
        // Terraform's preview lists the revert of the drift as a change, beside a code change nobody reviewed
        s.world.stack("net").pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "cidr_block", "tags.Owner"));

        RunOutcome outcome = s.host().check(s.request());

        assertThat(s.world.calls).containsSubsequence("check net", "preview net");
        assertThat(s.world.callsFor("apply")).isEmpty();
        assertThat(outcome).row("net").hasState(RowState.PENDING_DRIFTED, "mode correct: not corrected — the stack also has code"
                + " changes not deployed; deploy them to put the drift back")
                .hasChanges("aws_vpc.main [cidr_block, tags.Owner]").hasDrift("aws_vpc.main [tags.Owner]");
        assertThat(outcome).trail().isEmpty();
        assertThat(outcome).endsWithChanges();
    }

    @Test
    void modeCorrectAppliesAPreviewWhoseOnlyChangesPutTheDriftBack() throws IOException {
        s.terraform("net");
        s.config(NET_IN_MODE_CORRECT);
        s.world.stack("net").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags"));
        s.world.stack("net").pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "tags.Owner", "tags[\"Team\"]"));

        RunOutcome outcome = s.host().check(s.request());

        assertThat(s.world.callsFor("apply")).containsExactly("net");
        assertThat(outcome).row("net").hasReasonContaining("put back by a deploy in this run");
        assertThat(outcome).trail().extracting(TrailEntry::result).containsExactly(TrailResult.DEPLOYED);
    }

    @Test
    void aRepairOfOutputsThatFollowAnotherStackSaysItTookTheNewValueOfThatStacksOutputs() throws IOException {
        s.terraform("net", "dns");
        s.config("stacks:\n  - dir: net\n  - dir: dns\n    dependsOn: [net]\n    drift:\n      mode: correct\n");
        // dns's output reads net's state (terraform_remote_state): net's new output makes dns's output drift
        s.world.stack("dns").drift = List.of(Change.ofOutput(Action.UPDATE, "net_cidr", Cause.DRIFT));
        s.world.stack("dns").pending = List.of(Change.ofOutput(Action.UPDATE, "net_cidr", Cause.CODE));

        RunOutcome outcome = s.host().check(s.request());

        assertThat(s.world.callsFor("apply")).containsExactly("dns");
        assertThat(outcome).row("dns").hasState(RowState.REPAIRED, "mode correct: a deploy in this run took the new value of net's"
                + " outputs");
        TrailEntry entry = record(outcome).trail().get(0);
        assertThat(entry.repairWords()).isEqualTo("took the new value of net's outputs");
        assertThat(entry.upstream()).containsExactly(StackId.of("net"));
        assertThat(s.progress).contains("dns: mode correct: deploying to take the new value of net's outputs",
                "dns: took the new value of net's outputs: output.net_cidr");
        assertThat(String.join("\n", s.progress)).doesNotContain("dns: put back");
    }

    @Test
    void aCorrectionKeepsTheAutoDependenciesOfItsPreview() throws IOException {
        s.pulumiProject("app", "shop", "prod");
        s.pulumiProject("platform", "platform", "prod");
        s.config("""
                stacks:
                  - dir: app
                    name: prod
                    dependsOn: auto
                    drift:
                      mode: correct
                """);
        s.world.stack("shop:prod").dependsOn = List.of(StackId.of("platform:prod"));
        s.world.stack("shop:prod").drift = List.of(change(Action.UPDATE, "aws:s3.bucket", Cause.DRIFT, "tags.Owner"));

        RunOutcome check = s.host().check(s.request());

        assertThat(s.world.callsFor("apply")).containsExactly("shop:prod");
        assertThat(check).row("shop:prod").dependsOn("platform:prod");
        assertThat(s.history().stackStatuses().get(StackId.of("shop:prod")).dependsOn())
                .containsExactly(StackId.of("platform:prod"));
    }

    @Test
    void aFailedRepairInModeCorrectFailsTheRowAndKeepsTheDriftListed() throws IOException {
        driftedNetInModeCorrect();
        s.world.stack("net").applyFailure = "Error: UnauthorizedOperation";

        RunOutcome outcome = s.host().check(s.request());

        assertThat(outcome).row("net").hasState(RowState.FAILED).hasReasonEndingWith("ended failed: Error: UnauthorizedOperation");
        assertThat(outcome).row("net").hasDriftCount(1);
        assertThat(outcome).trail().extracting(TrailEntry::result).containsExactly(TrailResult.FAILED);
        assertThat(outcome).endsWithError();
    }

    @Test
    void modeCorrectReportsDriftOnAPolicyOnceStackAndSaysWhy() throws IOException {
        s.terraform("base");
        s.config("stacks:\n  - dir: base\n    policy: once\n    drift:\n      mode: correct\n");
        s.host().deploy(s.request());
        s.world.calls.clear();
        s.drifted("base");
        s.later(Duration.ofDays(2));

        RunOutcome check = s.host().check(s.request());

        assertThat(s.world.callsFor("apply")).isEmpty();
        assertThat(s.world.callsFor("preview")).isEmpty();
        assertThat(check).row("base").hasState(RowState.DRIFTED)
                .hasReasonStartingWith("policy once: never deployed again by anything automatic");
        assertThat(check).trail().isEmpty();
        assertThat(check).endsWithChanges();
    }

    @Test
    void aRepairIsADeployInEveryRecordSoTheNextDeployFindsTheStackUnchanged() throws IOException {
        s.terraform("net");
        s.config("stacks:\n  - dir: net\n    reapply: 0\n    drift:\n      mode: correct\n");
        s.drifted("net");

        s.host().check(s.request());

        var status = s.history().stackStatuses().get(StackId.of("net"));
        assertThat(status.lastDeployDigest()).isNotEmpty();
        assertThat(status.lastDeployedAt()).isEqualTo(NOW.toEpochMilli());
        s.world.calls.clear();
        RunOutcome deploy = s.host().deploy(s.request());
        assertThat(deploy).row("net").hasState(RowState.SKIPPED).hasReasonStartingWith("unchanged since its last deploy at ");
        assertThat(s.world.callsFor("preview")).isEmpty();
    }

    @Test
    void aRepairThatWouldReplaceOrDeleteWaitsForApprovalUnlessTheStackAllowsIt() throws IOException {
        s.terraform("careful", "bold");
        s.config("""
                drift:
                  mode: correct
                stacks:
                  - dir: bold
                    drift:
                      allowReplace: true
                """);
        for (String id : List.of("careful", "bold")) {
            s.world.stack(id).drift = List.of(change(Action.UPDATE, "aws_instance.web", Cause.DRIFT, "ami"));
            // putting the changed attribute back forces a new resource
            s.world.stack(id).pending = List.of(change(Action.REPLACE, "aws_instance.web", Cause.CODE, "ami"));
        }

        RunOutcome check = s.host().check(s.request());

        assertThat(s.world.callsFor("apply")).containsExactly("bold");
        assertThat(check).row("careful").hasState(RowState.AWAITING_APPROVAL, "mode correct: the repair would replace"
                + " aws_instance.web; deploy with approval, or set drift.allowReplace: true").hasDriftCount(1);
        assertThat(check).row("bold").hasReasonContaining("put back by a deploy in this run");
        assertThat(check).trail().extracting(e -> e.stack().value()).containsExactly("bold");
        assertThat(check).endsWithChanges();
    }

    @Test
    void aRepairOfMoreResourcesThanMaxChangesWaitsForApproval() throws IOException {
        s.terraform("wide", "narrow");
        s.config("drift:\n  mode: correct\n  maxChanges: 1\n");
        s.world.stack("wide").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"),
                change(Action.UPDATE, "aws_subnet.a", Cause.DRIFT, "tags.Owner"));
        s.drifted("narrow");

        RunOutcome check = s.host().check(s.request());

        assertThat(s.world.callsFor("apply")).containsExactly("narrow");
        assertThat(check).row("wide").hasState(RowState.AWAITING_APPROVAL);
        assertThat(check).row("wide")
                .hasReason("mode correct: the repair would change 2 resources, more than drift.maxChanges 1; deploy with approval");
    }

    /** One Terraform stack, {@code net}, in drift mode correct, whose check finds drift. */
    private void driftedNetInModeCorrect() throws IOException {
        s.terraform("net");
        s.config(NET_IN_MODE_CORRECT);
        s.drifted("net");
    }
}
