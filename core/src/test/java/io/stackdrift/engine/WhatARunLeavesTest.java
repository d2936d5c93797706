package io.stackdrift.engine;

import static io.stackdrift.engine.Scenario.NOW;
import static io.stackdrift.engine.Scenario.record;
import static io.stackdrift.engine.Scenario.row;
import static io.stackdrift.engine.ScriptedAdapter.change;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.List;

import com.fasterxml.jackson.databind.node.TextNode;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Approval;
import io.stackdrift.model.Cause;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.DriftNews;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Timing;
import io.stackdrift.record.RunSummary;
import io.stackdrift.record.StackStatus;
import io.stackdrift.record.TrailResult;
import io.stackdrift.render.JobBadge;
import io.stackdrift.tool.StackOutput;

/** What one run leaves for the next (docs/records.md): interrupted deploys redone, known drift kept visible, approvals kept. */
class WhatARunLeavesTest extends ScenarioFixture {
    private static final StackId NET = StackId.of("net");

    // ---------------------------------------------------------------------------------------------
    // 3: an interrupted or half-failed deploy is redone

    @Test
    void aDeployInterruptedDuringItsApplyIsDeployedAgainByTheNextDeploy() throws IOException {
        s.terraform("net");
        s.config("stacks:\n  - dir: net\n");
        s.world.stack("net").pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "cidr_block"));
        assertThat(trailOf(s.host().deploy(s.request()), "net")).isEqualTo(TrailResult.DEPLOYED);
        // the next deploy of the same code is interrupted in its apply (what a SIGTERM does)
        s.world.stack("net").pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "cidr_block"));
        s.world.stack("net").interruptApply = true;
        s.config("stacks:\n  - dir: net\n    reapply: 1s\n");
        assertThat(trailOf(s.host().deploy(s.request()), "net")).isEqualTo(TrailResult.INTERRUPTED);
        Thread.interrupted();
        s.world.stack("net").interruptApply = false;
        s.config("stacks:\n  - dir: net\n");

        RunOutcome again = s.host().deploy(s.request());

        assertThat(row(again, "net").reason()).isEqualTo("deployed");
        assertThat(trailOf(again, "net")).isEqualTo(TrailResult.DEPLOYED);
        assertThat(s.history().stackStatuses().get(NET).deployOwed()).isFalse();
    }

    @Test
    void aRunKilledRightAfterAnUpstreamApplyLeavesTheDependentToBeDeployedByTheNextRun() throws IOException {
        deployedThenUpChanged();
        s.world.stack("down").interruptApply = true;
        // kill -9 before the save: the run's record is never written, only its deploy markers are on disk
        s.engine(marker -> true).deploy(s.request());
        Thread.interrupted();
        assertThat(s.world.callsFor("apply")).containsExactly("up", "down");
        s.world.stack("down").interruptApply = false;
        s.world.calls.clear();

        RunOutcome next = s.host(marker -> false).deploy(s.request());

        assertThat(row(next, "up").reason()).isEqualTo("nothing to deploy");
        assertThat(s.world.callsFor("apply")).containsExactly("down");
        assertThat(trailOf(next, "down")).isEqualTo(TrailResult.DEPLOYED);
        assertThat(s.history().stackStatuses().values()).noneMatch(StackStatus::deployOwed);
    }

    @Test
    void aDependentThatDidNotDeployAfterItsDependencyAppliedChangesIsDeployedByTheNextDeploy() throws IOException {
        deployedThenUpChanged();
        // the run ends before the dependent (here: it was not selected; a stop before it started leaves the same)
        s.host().deploy(s.request().toBuilder().stacks(List.of("up")).build());
        assertThat(s.history().stackStatuses().get(StackId.of("down")).deployOwed()).isTrue();
        s.world.calls.clear();

        RunOutcome next = s.host().deploy(s.request());

        assertThat(row(next, "up").state()).isEqualTo(RowState.SKIPPED);
        assertThat(s.world.callsFor("apply")).containsExactly("down");
        assertThat(s.history().stackStatuses().values()).noneMatch(StackStatus::deployOwed);
    }

    @Test
    void aDeployWhoseOutputsCouldNotBeReadIsNotRecordedAsDeployedAndTheNextDeployWritesTheFile() throws IOException {
        s.terraform("net");
        s.config("stacks:\n  - dir: net\n    outputs: out/net.json\n");
        s.world.stack("net").pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "cidr_block"));
        s.world.stack("net").outputsFailure = "terraform output failed with exit code 1";
        RunOutcome half = s.host().deploy(s.request());
        assertThat(row(half, "net").state()).isEqualTo(RowState.FAILED);
        assertThat(s.history().stackStatuses().get(NET).everDeployed()).isFalse();
        s.world.stack("net").outputsFailure = "";
        s.world.stack("net").outputs = List.of(new StackOutput("vpc_id", TextNode.valueOf("v"),
                false));

        RunOutcome next = s.host().deploy(s.request());

        assertThat(row(next, "net").state()).isEqualTo(RowState.IN_SYNC);
        assertThat(s.repo.resolve("out/net.json")).isRegularFile();
        assertThat(s.history().stackStatuses().get(NET).everDeployed()).isTrue();
    }

    // ---------------------------------------------------------------------------------------------
    // 4: a repair held for approval needs approval in a deploy too

    @Test
    void aRepairHeldForApprovalIsNotAppliedByAPlainDeployButIsWithApproval() throws IOException {
        s.terraform("net");
        repairHeldForApproval("net");

        RunOutcome deploy = s.host().deploy(s.request());

        assertHeldUntilApproved("net", deploy);
    }

    @Test
    void aPulumiRepairHeldForApprovalIsNotAppliedByAPlainDeployNorByADeployNowButIsWithApproval() throws IOException {
        s.pulumi("net");
        // Pulumi's preview names no drift: only the check knows that the replace puts drift back
        repairHeldForApproval("net:prod");

        RunOutcome deploy = s.host().deploy(s.request());
        RunOutcome now = s.host().deploy(s.request().withTiming(Timing.NOW));

        assertHeldUntilApproved("net:prod", deploy, now);
    }

    /** Stack {@code id} in mode correct, whose check finds that putting its drift back replaces a resource. */
    private void repairHeldForApproval(final String id) throws IOException {
        s.config(NET_IN_MODE_CORRECT);
        s.world.stack(id).drift = List.of(change(Action.UPDATE, "aws_instance.web", Cause.DRIFT, "ami"));
        s.world.stack(id).pending = List.of(change(Action.REPLACE, "aws_instance.web", Cause.CODE, "ami"));
        assertThat(row(s.host().check(s.request()), id).state()).isEqualTo(RowState.AWAITING_APPROVAL);
    }

    /** Each of the {@code held} deploys applied nothing and awaits approval; a deploy with approval then applies it. */
    private void assertHeldUntilApproved(final String id, final RunOutcome... held) {
        assertThat(s.world.callsFor("apply")).isEmpty();
        for (RunOutcome outcome : held) {
            assertThat(row(outcome, id).state()).isEqualTo(RowState.AWAITING_APPROVAL);
            assertThat(row(outcome, id).reason()).isEqualTo("putting its drift back would replace aws_instance.web; "
                    + "deploy with approval, or set drift.allowReplace: true");
            assertThat(outcome.exitCode()).isEqualTo(RunOutcome.CHANGES);
        }

        RunOutcome approved = s.host().deploy(s.request().toBuilder().approval(Approval.GIVEN).build());

        assertThat(s.world.callsFor("apply")).containsExactly(id);
        assertThat(row(approved, id).state()).isEqualTo(RowState.IN_SYNC);
    }

    // ---------------------------------------------------------------------------------------------
    // 5, 6: known drift stays visible

    @Test
    void aStackNotDueKeepsItsKnownDriftInTheRowTheCountsTheExitCodeAndTheNews() throws IOException {
        s.terraform("net");
        s.config("stacks:\n  - dir: net\n    drift:\n      every: 1h\n");
        s.world.stack("net").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        assertThat(s.host().check(s.request()).exitCode()).isEqualTo(RunOutcome.CHANGES);

        RunOutcome notDue = s.host().check(s.request());

        Row net = row(notDue, "net");
        assertThat(net.state()).isEqualTo(RowState.SKIPPED);
        assertThat(net.known().state()).isEqualTo(RowState.DRIFTED);
        assertThat(net.driftAge()).isEqualTo(DriftAge.startingAt(NOW.toEpochMilli()));
        assertThat(net.reason()).startsWith("not due until ").endsWith("; last known: drifted since 2026-11-29T12:00:00Z "
                + "(1 check), last checked 2026-11-29T12:00:00Z");
        assertThat(record(notDue).counts().drifted()).isEqualTo(1);
        assertThat(notDue.exitCode()).isEqualTo(RunOutcome.CHANGES);
        assertThat(DriftNews.of(record(notDue).rows()).stillDrifted()).containsExactly(NET);
        assertThat(DriftNews.of(record(notDue).rows()).newlyDrifted()).isEmpty();
        assertThat(JobBadge.message(record(notDue).counts())).isEqualTo("1 stack");
        // the skip changed nothing the history knows
        assertThat(s.history().stackStatuses().get(NET).driftAge()).isEqualTo(DriftAge.startingAt(NOW.toEpochMilli()));
    }

    @Test
    void aStackAwaitingApprovalFromAnEarlierRunStaysAwaitingInTheCountsAndTheBadge() throws IOException {
        s.terraform("net");
        s.config("stacks:\n  - dir: net\n    drift:\n      mode: approve\n");
        s.world.stack("net").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        assertThat(row(s.host().check(s.request()), "net").state()).isEqualTo(RowState.AWAITING_APPROVAL);

        RunOutcome later = s.host().check(s.request());

        Row net = row(later, "net");
        assertThat(net.state()).isEqualTo(RowState.SKIPPED);
        assertThat(net.known().state()).isEqualTo(RowState.AWAITING_APPROVAL);
        assertThat(net.reason()).isEqualTo("a plan of it awaits approval; last known: awaiting approval since "
                + "2026-11-29T12:00:00Z, drifted since 2026-11-29T12:00:00Z (1 check), last checked 2026-11-29T12:00:00Z");
        assertThat(record(later).counts().awaitingApproval()).isEqualTo(1);
        assertThat(later.exitCode()).isEqualTo(RunOutcome.CHANGES);
        assertThat(JobBadge.message(record(later).counts())).isNotEqualTo("in sync");
    }

    @Test
    void aStackNotDueKeepsItsKnownFailureAndNotDeployedInTheCountsTheExitCodeAndTheBadge() throws IOException {
        s.terraform("net", "app");
        s.config("stacks:\n  - dir: net\n    drift:\n      every: 1h\n  - dir: app\n    drift:\n      every: 1h\n");
        s.world.stack("net").previewFailure = "terraform plan failed with exit code 1";
        s.world.stack("app").stateEmpty = true;
        RunOutcome first = s.host().check(s.request());
        assertThat(record(first).counts().failed()).isEqualTo(1);
        assertThat(record(first).counts().notDeployed()).isEqualTo(1);

        RunOutcome notDue = s.host().check(s.request());

        assertThat(row(notDue, "net").state()).isEqualTo(RowState.SKIPPED);
        assertThat(row(notDue, "app").state()).isEqualTo(RowState.SKIPPED);
        assertThat(row(notDue, "net").known().state()).isEqualTo(RowState.FAILED);
        assertThat(row(notDue, "app").known().state()).isEqualTo(RowState.NOT_DEPLOYED);
        assertThat(record(notDue).counts().failed()).isEqualTo(1);
        assertThat(record(notDue).counts().notDeployed()).isEqualTo(1);
        assertThat(record(notDue).counts().skipped()).isEqualTo(2);
        assertThat(notDue.exitCode()).isEqualTo(RunOutcome.ERROR);
        assertThat(JobBadge.message(record(notDue).counts())).isEqualTo("1 failed");
        assertThat(RunSummary.of(1, record(notDue)).failed()).containsExactly(NET);
    }

    @Test
    void aRunWithAStackNotDeployedNeverGetsAGreenInSyncBadgeSkippedOrNot() throws IOException {
        s.terraform("app");
        s.config("stacks:\n  - dir: app\n    drift:\n      every: 1h\n");
        s.world.stack("app").stateEmpty = true;
        RunOutcome first = s.host().check(s.request());

        RunOutcome notDue = s.host().check(s.request());

        for (RunOutcome run : List.of(first, notDue)) {
            assertThat(record(run).counts().notDeployed()).isEqualTo(1);
            assertThat(run.exitCode()).isEqualTo(RunOutcome.CHANGES);
            assertThat(JobBadge.message(record(run).counts())).isEqualTo("1 not deployed");
            assertThat(JobBadge.svg(record(run).counts())).as("green is in sync").doesNotContain("#2c974b");
        }
    }

    @Test
    void aFailedRepairIsDriftedWithItsAgeAndNewlyDrifted() throws IOException {
        s.terraform("net");
        s.config(NET_IN_MODE_CORRECT);
        s.world.stack("net").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        s.world.stack("net").applyFailure = "terraform apply failed: Error acquiring the state lock";

        RunOutcome check = s.host().check(s.request());

        Row net = row(check, "net");
        assertThat(net.state()).isEqualTo(RowState.FAILED);
        assertThat(net.driftAge()).isEqualTo(DriftAge.startingAt(NOW.toEpochMilli()));
        assertThat(DriftNews.of(record(check).rows()).newlyDrifted()).containsExactly(NET);
        assertThat(s.history().stackStatuses().get(NET).driftAge().isPresent()).isTrue();
    }

    // ---------------------------------------------------------------------------------------------
    // 9: a clock ahead never postpones a check

    @Test
    void aCheckRecordedByAClockAheadDoesNotMakeTheStackNotDueAndTheRunSaysWhy() throws IOException {
        s.terraform("net");
        s.config("stacks:\n  - dir: net\n    drift:\n      every: 1h\n");
        s.later(Duration.ofDays(400));
        s.host().check(s.request());
        s.later(Duration.ZERO);
        s.world.calls.clear();

        RunOutcome now = s.host().check(s.request());

        assertThat(s.world.callsFor("check")).containsExactly("net");
        assertThat(now.notes()).contains("warning: net: its last check is recorded at 2028-01-03T12:00:00Z, later than now "
                + "(2026-11-29T12:00:00Z): a clock was ahead, so it is checked now");
        assertThat(s.history().stackStatuses().get(NET).lastCheckedAt()).isEqualTo(NOW.toEpochMilli());
    }

    // ---------------------------------------------------------------------------------------------
    // 7: a stack that left the configuration is forgotten

    @Test
    void aStackRenamedInTheConfigurationIsForgottenByTheIndexAndItsRunsStay() throws IOException {
        s.terraform("net", "old");
        s.config("stacks:\n  - dir: net\n  - dir: old\n");
        s.world.stack("old").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        s.host().check(s.request());
        assertThat(s.history().latestDrift(StackId.of("old"))).isPresent();
        Files.move(s.repo.resolve("old"), s.repo.resolve("new"));
        s.config("stacks:\n  - dir: net\n  - dir: new\n");

        s.host().check(s.request());

        assertThat(s.history().stackStatuses()).containsOnlyKeys(NET, StackId.of("new"));
        assertThat(s.history().latestDrift(StackId.of("old"))).isEmpty();
        assertThat(s.history().summaries()).hasSize(2);
        assertThat(s.history().details(s.history().summaries().get(1).sequence()).orElseThrow().rows())
                .extracting(r -> r.id().value()).contains("old");
    }

    // ---------------------------------------------------------------------------------------------
    // 13: every reason says what and where

    @Test
    void anIoFailureInsideARunSaysWhichFileAndWhyNotItsExceptionClass() throws IOException {
        s.terraform("net");
        s.config("stacks:\n  - dir: net\n");
        s.world.stack("net").planThrows = new UncheckedIOException(new NoSuchFileException("/work/net/plan.json"));

        RunOutcome check = s.host().check(s.request());

        assertThat(row(check, "net").reason()).isEqualTo("a file could not be read or written: /work/net/plan.json does not exist");
    }

    private static TrailResult trailOf(final RunOutcome outcome, final String stack) {
        return record(outcome).trail().stream().filter(e -> e.stack().value().equals(stack)).reduce((a, b) -> b).orElseThrow().result();
    }

    /** {@code down} depends on {@code up}; both deployed, then a code change upstream whose outputs the dependent reads. */
    private void deployedThenUpChanged() throws IOException {
        s.terraform("up", "down");
        s.config("stacks:\n  - dir: down\n    dependsOn: [up]\n");
        assertThat(s.host().deploy(s.request()).exitCode()).isEqualTo(RunOutcome.OK);
        Files.writeString(s.repo.resolve("up/main.tf"),
                "terraform {\n}\n\nresource \"aws_vpc\" \"main\" { cidr_block = \"10.1.0.0/16\" }\n");
        s.world.stack("up").pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "cidr_block"));
        s.world.stack("down").pending = List.of(change(Action.UPDATE, "aws_subnet.a", Cause.CODE, "cidr_block"));
    }
}
