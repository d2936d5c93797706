package io.stackdrift.engine;

import static io.stackdrift.engine.Scenario.NOW;
import static io.stackdrift.engine.Scenario.record;
import static io.stackdrift.engine.ScriptedAdapter.change;
import static io.stackdrift.testing.StackDriftAssertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.DriftNews;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.StartedBy;
import io.stackdrift.model.Timing;
import io.stackdrift.tool.StackOutput;

/** What a drift check checks and records: the drift modes, its schedule, a push, drift age and the outputs file. */
class DriftCheckTest extends ScenarioFixture {
    @Test
    void driftAgeCountsTheUnbrokenRunOfDriftedChecksAndTheRepairCarriesItsTimeToRepair() throws IOException {
        s.terraform("net");
        s.config("drift:\n  every: 1h\nstacks:\n  - dir: net\n");
        s.drifted("net");

        RunOutcome first = s.host().check(s.request());
        s.later(Duration.ofHours(7));
        RunOutcome second = s.host().check(s.request());

        assertThat(first).row("net").hasDriftAge(new DriftAge(NOW.toEpochMilli(), 1));
        assertThat(second).row("net").hasDriftAge(new DriftAge(NOW.toEpochMilli(), 2));
        assertThat(DriftNews.of(first.run().orElseThrow().rows()).newlyDrifted()).containsExactly(StackId.of("net"));
        assertThat(DriftNews.of(second.run().orElseThrow().rows()).stillDrifted()).containsExactly(StackId.of("net"));
        assertThat(s.history().stackStatuses().get(StackId.of("net")).driftAge().checks()).isEqualTo(2);

        // the stack switches to mode correct: the third check puts the drift back, 14 hours after it was found
        s.config("drift:\n  every: 1h\nstacks:\n  - dir: net\n    drift:\n      mode: correct\n");
        s.later(Duration.ofHours(14));
        RunOutcome third = s.host().check(s.request());

        assertThat(third).row("net").hasState(RowState.REPAIRED);
        // the repaired row keeps when the drift it put back was first seen (for its page); the status ends the drift
        assertThat(third).row("net").hasDriftAge(new DriftAge(NOW.toEpochMilli(), 3));
        assertThat(DriftNews.of(third.run().orElseThrow().rows()).repaired()).containsExactly(StackId.of("net"));
        assertThat(record(third).trail().get(0).timeToRepair()).contains(Duration.ofHours(14));
        assertThat(s.history().stackStatuses().get(StackId.of("net")).driftAge().isPresent()).isFalse();
    }

    @Test
    void modeReportRecordsDriftAndModeApproveWaits() throws IOException {
        s.terraform("seen", "gated");
        s.config("""
                stacks:
                  - dir: gated
                    drift:
                      mode: approve
                """);
        s.drifted("seen");
        s.world.stack("gated").drift = List.of(change(Action.DELETE, "aws_vpc.main", Cause.DRIFT));

        RunOutcome outcome = s.host().check(s.request());

        assertThat(outcome).row("seen").hasState(RowState.DRIFTED);
        assertThat(outcome).row("gated").hasState(RowState.AWAITING_APPROVAL);
        assertThat(s.world.callsFor("apply")).isEmpty();
        assertThat(outcome).endsWithChanges();
    }

    @Test
    void aSecondCheckSkipsStacksThatAreNotDueYet() throws IOException {
        s.terraform("fast", "slow");
        s.config("""
                drift:
                  every: 6h
                stacks:
                  - dir: fast
                    drift:
                      every: 15m
                """);
        s.host().check(s.request());
        s.later(Duration.ofMinutes(20));
        s.world.calls.clear();

        RunOutcome second = s.host().check(s.request());

        assertThat(s.world.callsFor("check")).containsExactly("fast");
        assertThat(second).row("slow").hasState(RowState.SKIPPED).hasReasonStartingWith("not due until");
        assertThat(second).endsOk();
    }

    @Test
    void aCheckAskedForNowChecksTheSelectedStacksWhateverTheirSchedule() throws IOException {
        s.terraform("fast", "slow");
        s.config("drift:\n  every: 6h\n");
        s.host().check(s.request());
        s.later(Duration.ofMinutes(20));
        s.world.calls.clear();

        RunOutcome now = s.host().check(s.request().toBuilder().stacks(List.of("slow")).timing(Timing.NOW).build());

        assertThat(s.world.callsFor("check")).containsExactly("slow");
        assertThat(now).row("slow").hasState(RowState.IN_SYNC);
        assertThat(now.run().orElseThrow().rows()).extracting(r -> r.id().value()).containsExactly("slow");
    }

    @Test
    void aCleanCheckRewritesAMissingOutputsFileFromTheState() throws IOException {
        s.terraform("net");
        s.config("stacks:\n  - dir: net\n    outputs: out/net.json\n");
        s.world.stack("net").outputs = List.of(new StackOutput("vpc_id", TextNode.valueOf("vpc-123"), false));

        s.host().check(s.request());

        assertThat(new ObjectMapper().readTree(s.repo.resolve("out/net.json").toFile()).fieldNames()).toIterable()
                .containsExactly("vpc_id");
        assertThat(s.world.callsFor("apply")).isEmpty();
    }

    @Test
    void aPushChecksOnlyStacksThatDriftedAndPreviewsStacksWhoseFilesChanged() throws IOException {
        s.terraform("drifty", "quiet", "edited");
        s.config("drift:\n  mode: report\n");
        s.world.stack("drifty").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags"));
        s.host().check(s.request());
        s.world.calls.clear();

        RunOutcome push = s.host().check(s.request().toBuilder().startedBy(StartedBy.PUSH).cause("push")
                .changedFiles(Set.of("edited/main.tf")).build());

        assertThat(s.world.callsFor("check")).as("s.progress: %s", s.progress).containsExactly("drifty");
        assertThat(s.world.callsFor("preview")).containsExactly("edited");
        assertThat(push).row("quiet").hasState(RowState.SKIPPED);
    }

    @Test
    void aPushPreviewGoesThroughTheDriftModes() throws IOException {
        s.terraform("gated", "fixed", "mixed");
        s.config("""
                stacks:
                  - dir: gated
                    drift:
                      mode: approve
                  - dir: fixed
                    drift:
                      mode: correct
                  - dir: mixed
                    drift:
                      mode: correct
                """);
        s.host().check(s.request());
        s.world.calls.clear();
        s.drifted("gated");
        s.drifted("fixed");
        s.drifted("mixed");
        s.pending("mixed");

        RunOutcome push = s.host().check(s.request().toBuilder().startedBy(StartedBy.PUSH).cause("push")
                .changedFiles(Set.of("gated/main.tf", "fixed/main.tf", "mixed/main.tf")).build());

        assertThat(s.world.callsFor("check")).isEmpty();
        assertThat(push).row("gated").hasState(RowState.AWAITING_APPROVAL);
        assertThat(push).row("fixed").hasReasonContaining("put back by a deploy in this run");
        assertThat(push).row("mixed").hasState(RowState.PENDING_DRIFTED).hasReasonStartingWith("mode correct: not corrected");
        assertThat(s.world.callsFor("apply")).containsExactly("fixed");
        assertThat(push).trail().extracting(e -> e.stack().value()).containsExactly("fixed");
    }

    @Test
    void aPushNeverPreviewsAStackWhoseDriftIsOff() throws IOException {
        s.terraform("off", "paused", "watched");
        s.config("""
                stacks:
                  - dir: off
                    drift:
                      mode: off
                  - dir: paused
                    drift:
                      enabled: false
                """);
        for (String id : List.of("off", "paused", "watched")) {
            s.world.stack(id).drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        }

        RunOutcome push = s.host().check(s.request().toBuilder().startedBy(StartedBy.PUSH).cause("push")
                .changedFiles(Set.of("off/main.tf", "paused/main.tf", "watched/main.tf")).build());

        assertThat(s.world.callsFor("preview")).containsExactly("watched");
        assertThat(push).row("off").hasState(RowState.SKIPPED, "drift mode off");
        assertThat(push).row("paused").hasState(RowState.SKIPPED, "drift checks disabled");
        assertThat(push).row("watched").hasState(RowState.DRIFTED);
    }
}
