package io.stackdrift.engine;

import static io.stackdrift.engine.Scenario.record;
import static io.stackdrift.engine.Scenario.row;
import static io.stackdrift.engine.ScriptedAdapter.change;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import com.fasterxml.jackson.databind.node.TextNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
class WhatARunLeavesTest {
    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
    private static final StackId NET = StackId.of("net");

    @TempDir
    Path repo;
    @TempDir
    Path scratch;

    private Scenario scenario;

    @BeforeEach
    void scenario() {
        scenario = new Scenario(repo, scratch, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    // ---------------------------------------------------------------------------------------------
    // 3: an interrupted or half-failed deploy is redone

    @Test
    void aDeployInterruptedDuringItsApplyIsDeployedAgainByTheNextDeploy() throws IOException {
        scenario.terraform("net");
        scenario.config("stacks:\n  - dir: net\n");
        scenario.world.stack("net").pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "cidr_block"));
        assertThat(trailOf(scenario.host().deploy(scenario.request()), "net")).isEqualTo(TrailResult.DEPLOYED);
        // the next deploy of the same code is interrupted in its apply (what a SIGTERM does)
        scenario.world.stack("net").pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "cidr_block"));
        scenario.world.stack("net").interruptApply = true;
        scenario.config("stacks:\n  - dir: net\n    reapply: 1s\n");
        assertThat(trailOf(scenario.host().deploy(scenario.request()), "net")).isEqualTo(TrailResult.INTERRUPTED);
        Thread.interrupted();
        scenario.world.stack("net").interruptApply = false;
        scenario.config("stacks:\n  - dir: net\n");

        RunOutcome again = scenario.host().deploy(scenario.request());

        assertThat(row(again, "net").reason()).isEqualTo("deployed");
        assertThat(trailOf(again, "net")).isEqualTo(TrailResult.DEPLOYED);
        assertThat(scenario.history().stackStatuses().get(NET).deployOwed()).isFalse();
    }

    @Test
    void aRunKilledRightAfterAnUpstreamApplyLeavesTheDependentToBeDeployedByTheNextRun() throws IOException {
        scenario.terraform("up", "down");
        scenario.config("stacks:\n  - dir: down\n    dependsOn: [up]\n");
        assertThat(scenario.host().deploy(scenario.request()).exitCode()).isEqualTo(RunOutcome.OK);
        // a code change upstream; the dependent reads what it outputs
        Files.writeString(repo.resolve("up/main.tf"), "terraform {\n}\n\nresource \"aws_vpc\" \"main\" { cidr_block = \"10.1.0.0/16\" }\n");
        scenario.world.stack("up").pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "cidr_block"));
        scenario.world.stack("down").pending = List.of(change(Action.UPDATE, "aws_subnet.a", Cause.CODE, "cidr_block"));
        scenario.world.stack("down").interruptApply = true;
        // kill -9 before the save: the run's record is never written, only its deploy markers are on disk
        scenario.engine(marker -> true).deploy(scenario.request());
        Thread.interrupted();
        assertThat(scenario.world.callsFor("apply")).containsExactly("up", "down");
        scenario.world.stack("down").interruptApply = false;
        scenario.world.calls.clear();

        RunOutcome next = scenario.host(marker -> false).deploy(scenario.request());

        assertThat(row(next, "up").reason()).isEqualTo("nothing to deploy");
        assertThat(scenario.world.callsFor("apply")).containsExactly("down");
        assertThat(trailOf(next, "down")).isEqualTo(TrailResult.DEPLOYED);
        assertThat(scenario.history().stackStatuses().values()).noneMatch(StackStatus::deployOwed);
    }

    @Test
    void aDependentThatDidNotDeployAfterItsDependencyAppliedChangesIsDeployedByTheNextDeploy() throws IOException {
        scenario.terraform("up", "down");
        scenario.config("stacks:\n  - dir: down\n    dependsOn: [up]\n");
        assertThat(scenario.host().deploy(scenario.request()).exitCode()).isEqualTo(RunOutcome.OK);
        Files.writeString(repo.resolve("up/main.tf"), "terraform {\n}\n\nresource \"aws_vpc\" \"main\" { cidr_block = \"10.1.0.0/16\" }\n");
        scenario.world.stack("up").pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "cidr_block"));
        scenario.world.stack("down").pending = List.of(change(Action.UPDATE, "aws_subnet.a", Cause.CODE, "cidr_block"));
        // the run ends before the dependent (here: it was not selected; a stop before it started leaves the same)
        scenario.host().deploy(scenario.request().toBuilder().stacks(List.of("up")).build());
        assertThat(scenario.history().stackStatuses().get(StackId.of("down")).deployOwed()).isTrue();
        scenario.world.calls.clear();

        RunOutcome next = scenario.host().deploy(scenario.request());

        assertThat(row(next, "up").state()).isEqualTo(RowState.SKIPPED);
        assertThat(scenario.world.callsFor("apply")).containsExactly("down");
        assertThat(scenario.history().stackStatuses().values()).noneMatch(StackStatus::deployOwed);
    }

    @Test
    void aDeployWhoseOutputsCouldNotBeReadIsNotRecordedAsDeployedAndTheNextDeployWritesTheFile() throws IOException {
        scenario.terraform("net");
        scenario.config("stacks:\n  - dir: net\n    outputs: out/net.json\n");
        scenario.world.stack("net").pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "cidr_block"));
        scenario.world.stack("net").outputsFailure = "terraform output failed with exit code 1";
        RunOutcome half = scenario.host().deploy(scenario.request());
        assertThat(row(half, "net").state()).isEqualTo(RowState.FAILED);
        assertThat(scenario.history().stackStatuses().get(NET).everDeployed()).isFalse();
        scenario.world.stack("net").outputsFailure = "";
        scenario.world.stack("net").outputs = List.of(new StackOutput("vpc_id", TextNode.valueOf("v"),
                false));

        RunOutcome next = scenario.host().deploy(scenario.request());

        assertThat(row(next, "net").state()).isEqualTo(RowState.IN_SYNC);
        assertThat(repo.resolve("out/net.json")).isRegularFile();
        assertThat(scenario.history().stackStatuses().get(NET).everDeployed()).isTrue();
    }

    // ---------------------------------------------------------------------------------------------
    // 4: a repair held for approval needs approval in a deploy too

    @Test
    void aRepairHeldForApprovalIsNotAppliedByAPlainDeployButIsWithApproval() throws IOException {
        scenario.terraform("net");
        scenario.config("stacks:\n  - dir: net\n    drift:\n      mode: correct\n");
        scenario.world.stack("net").drift = List.of(change(Action.UPDATE, "aws_instance.web", Cause.DRIFT, "ami"));
        scenario.world.stack("net").pending = List.of(change(Action.REPLACE, "aws_instance.web", Cause.CODE, "ami"));
        assertThat(row(scenario.host().check(scenario.request()), "net").state()).isEqualTo(RowState.AWAITING_APPROVAL);

        RunOutcome deploy = scenario.host().deploy(scenario.request());

        assertThat(scenario.world.callsFor("apply")).isEmpty();
        assertThat(row(deploy, "net").state()).isEqualTo(RowState.AWAITING_APPROVAL);
        assertThat(row(deploy, "net").reason()).isEqualTo("putting its drift back would replace aws_instance.web; "
                + "deploy with approval, or set drift.allowReplace: true");
        assertThat(deploy.exitCode()).isEqualTo(RunOutcome.CHANGES);

        RunOutcome approved = scenario.host().deploy(scenario.request().toBuilder().approval(Approval.GIVEN).build());

        assertThat(scenario.world.callsFor("apply")).containsExactly("net");
        assertThat(row(approved, "net").state()).isEqualTo(RowState.IN_SYNC);
    }

    @Test
    void aPulumiRepairHeldForApprovalIsNotAppliedByAPlainDeployNorByADeployNowButIsWithApproval() throws IOException {
        scenario.pulumi("net");
        scenario.config("stacks:\n  - dir: net\n    drift:\n      mode: correct\n");
        // Pulumi's preview names no drift: only the check knows that the replace puts drift back
        scenario.world.stack("net:prod").drift = List.of(change(Action.UPDATE, "aws_instance.web", Cause.DRIFT, "ami"));
        scenario.world.stack("net:prod").pending = List.of(change(Action.REPLACE, "aws_instance.web", Cause.CODE, "ami"));
        assertThat(row(scenario.host().check(scenario.request()), "net:prod").state()).isEqualTo(RowState.AWAITING_APPROVAL);

        RunOutcome deploy = scenario.host().deploy(scenario.request());
        RunOutcome now = scenario.host().deploy(scenario.request().withTiming(Timing.NOW));

        assertThat(scenario.world.callsFor("apply")).isEmpty();
        for (RunOutcome held : List.of(deploy, now)) {
            assertThat(row(held, "net:prod").state()).isEqualTo(RowState.AWAITING_APPROVAL);
            assertThat(row(held, "net:prod").reason()).isEqualTo("putting its drift back would replace aws_instance.web; "
                    + "deploy with approval, or set drift.allowReplace: true");
            assertThat(held.exitCode()).isEqualTo(RunOutcome.CHANGES);
        }

        RunOutcome approved = scenario.host().deploy(scenario.request().toBuilder().approval(Approval.GIVEN).build());

        assertThat(scenario.world.callsFor("apply")).containsExactly("net:prod");
        assertThat(row(approved, "net:prod").state()).isEqualTo(RowState.IN_SYNC);
    }

    // ---------------------------------------------------------------------------------------------
    // 5, 6: known drift stays visible

    @Test
    void aStackNotDueKeepsItsKnownDriftInTheRowTheCountsTheExitCodeAndTheNews() throws IOException {
        scenario.terraform("net");
        scenario.config("stacks:\n  - dir: net\n    drift:\n      every: 1h\n");
        scenario.world.stack("net").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        assertThat(scenario.host().check(scenario.request()).exitCode()).isEqualTo(RunOutcome.CHANGES);

        RunOutcome notDue = scenario.host().check(scenario.request());

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
        assertThat(scenario.history().stackStatuses().get(NET).driftAge()).isEqualTo(DriftAge.startingAt(NOW.toEpochMilli()));
    }

    @Test
    void aStackAwaitingApprovalFromAnEarlierRunStaysAwaitingInTheCountsAndTheBadge() throws IOException {
        scenario.terraform("net");
        scenario.config("stacks:\n  - dir: net\n    drift:\n      mode: approve\n");
        scenario.world.stack("net").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        assertThat(row(scenario.host().check(scenario.request()), "net").state()).isEqualTo(RowState.AWAITING_APPROVAL);

        RunOutcome later = scenario.host().check(scenario.request());

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
        scenario.terraform("net", "app");
        scenario.config("stacks:\n  - dir: net\n    drift:\n      every: 1h\n  - dir: app\n    drift:\n      every: 1h\n");
        scenario.world.stack("net").previewFailure = "terraform plan failed with exit code 1";
        scenario.world.stack("app").stateEmpty = true;
        RunOutcome first = scenario.host().check(scenario.request());
        assertThat(record(first).counts().failed()).isEqualTo(1);
        assertThat(record(first).counts().notDeployed()).isEqualTo(1);

        RunOutcome notDue = scenario.host().check(scenario.request());

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
        scenario.terraform("app");
        scenario.config("stacks:\n  - dir: app\n    drift:\n      every: 1h\n");
        scenario.world.stack("app").stateEmpty = true;
        RunOutcome first = scenario.host().check(scenario.request());

        RunOutcome notDue = scenario.host().check(scenario.request());

        for (RunOutcome run : List.of(first, notDue)) {
            assertThat(record(run).counts().notDeployed()).isEqualTo(1);
            assertThat(run.exitCode()).isEqualTo(RunOutcome.CHANGES);
            assertThat(JobBadge.message(record(run).counts())).isEqualTo("1 not deployed");
            assertThat(JobBadge.svg(record(run).counts())).as("green is in sync").doesNotContain("#2c974b");
        }
    }

    @Test
    void aFailedRepairIsDriftedWithItsAgeAndNewlyDrifted() throws IOException {
        scenario.terraform("net");
        scenario.config("stacks:\n  - dir: net\n    drift:\n      mode: correct\n");
        scenario.world.stack("net").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        scenario.world.stack("net").applyFailure = "terraform apply failed: Error acquiring the state lock";

        RunOutcome check = scenario.host().check(scenario.request());

        Row net = row(check, "net");
        assertThat(net.state()).isEqualTo(RowState.FAILED);
        assertThat(net.driftAge()).isEqualTo(DriftAge.startingAt(NOW.toEpochMilli()));
        assertThat(DriftNews.of(record(check).rows()).newlyDrifted()).containsExactly(NET);
        assertThat(scenario.history().stackStatuses().get(NET).driftAge().isPresent()).isTrue();
    }

    // ---------------------------------------------------------------------------------------------
    // 9: a clock ahead never postpones a check

    @Test
    void aCheckRecordedByAClockAheadDoesNotMakeTheStackNotDueAndTheRunSaysWhy() throws IOException {
        scenario.terraform("net");
        scenario.config("stacks:\n  - dir: net\n    drift:\n      every: 1h\n");
        scenario.clock = Clock.fixed(NOW.plus(Duration.ofDays(400)), ZoneOffset.UTC);
        scenario.host().check(scenario.request());
        scenario.clock = Clock.fixed(NOW, ZoneOffset.UTC);
        scenario.world.calls.clear();

        RunOutcome now = scenario.host().check(scenario.request());

        assertThat(scenario.world.callsFor("check")).containsExactly("net");
        assertThat(now.notes()).contains("warning: net: its last check is recorded at 2028-01-03T12:00:00Z, later than now "
                + "(2026-11-29T12:00:00Z): a clock was ahead, so it is checked now");
        assertThat(scenario.history().stackStatuses().get(NET).lastCheckedAt()).isEqualTo(NOW.toEpochMilli());
    }

    // ---------------------------------------------------------------------------------------------
    // 7: a stack that left the configuration is forgotten

    @Test
    void aStackRenamedInTheConfigurationIsForgottenByTheIndexAndItsRunsStay() throws IOException {
        scenario.terraform("net", "old");
        scenario.config("stacks:\n  - dir: net\n  - dir: old\n");
        scenario.world.stack("old").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        scenario.host().check(scenario.request());
        assertThat(scenario.history().latestDrift(StackId.of("old"))).isPresent();
        Files.move(repo.resolve("old"), repo.resolve("new"));
        scenario.config("stacks:\n  - dir: net\n  - dir: new\n");

        scenario.host().check(scenario.request());

        assertThat(scenario.history().stackStatuses()).containsOnlyKeys(NET, StackId.of("new"));
        assertThat(scenario.history().latestDrift(StackId.of("old"))).isEmpty();
        assertThat(scenario.history().summaries()).hasSize(2);
        assertThat(scenario.history().details(scenario.history().summaries().get(1).sequence()).orElseThrow().rows())
                .extracting(r -> r.id().value()).contains("old");
    }

    // ---------------------------------------------------------------------------------------------
    // 13: every reason says what and where

    @Test
    void anIoFailureInsideARunSaysWhichFileAndWhyNotItsExceptionClass() throws IOException {
        scenario.terraform("net");
        scenario.config("stacks:\n  - dir: net\n");
        scenario.world.stack("net").planThrows = new UncheckedIOException(new NoSuchFileException("/work/net/plan.json"));

        RunOutcome check = scenario.host().check(scenario.request());

        assertThat(row(check, "net").reason()).isEqualTo("a file could not be read or written: /work/net/plan.json does not exist");
    }

    private static TrailResult trailOf(final RunOutcome outcome, final String stack) {
        return record(outcome).trail().stream().filter(e -> e.stack().value().equals(stack)).reduce((a, b) -> b).orElseThrow().result();
    }
}
