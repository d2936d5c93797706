package io.stackdrift.testing;

import static io.stackdrift.testing.StackDriftAssertions.assertThat;
import static io.stackdrift.testing.StackDriftAssertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

import io.stackdrift.engine.RunOutcome;
import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Counts;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.Problem;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

/** Each domain assertion passes on what the value holds and fails, saying what it found, on anything else. */
class StackDriftAssertionsTest {
    private static final Change DRIFT = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags.Owner"), Cause.DRIFT);
    private static final Change CODE = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("cidr_block"), Cause.CODE);

    private final Row failed = Row.of(StackId.of("net"), Tool.TERRAFORM, "net", RowState.FAILED, "plan failed: bad ref");
    private final Row drifted = Row.of(StackId.of("dns"), Tool.TERRAFORM, "dns", RowState.DRIFTED, "drifted")
            .withDrift(List.of(DRIFT)).withChanges(List.of(CODE)).withDependsOn(List.of(StackId.of("net")))
            .withDriftAge(new DriftAge(1_000, 2));
    private final TrailEntry repair = new TrailEntry(StackId.of("dns"), "7", 1_000, 2_000, TrailResult.DEPLOYED, true,
            List.of("aws_vpc.main.tags.Owner"), "", 500);
    private final TrailEntry broken = new TrailEntry(StackId.of("net"), "7", 1_000, 3_000, TrailResult.FAILED, false, List.of(),
            "quota exceeded", 0);
    private final RunRecord run = new RunRecord("7", RunKind.CHECK, "scheduled", 1_000, 3_000, List.of(drifted, failed),
            List.of(repair, broken));
    private final RunOutcome outcome = new RunOutcome(Optional.of(run), List.of(), List.of(), List.of("net: a note about x"));
    private final RunOutcome invalid = RunOutcome.invalidConfig(List.of(new Problem("stacks.yaml", 1, 1, "bad key", "")), List.of());

    @Test
    void whatTheRowHoldsPasses() {
        assertThat(failed).hasState(RowState.FAILED, "plan failed: bad ref").hasReasonContaining("bad ref")
                .hasReasonStartingWith("plan").hasReasonEndingWith("ref").hasDriftCount(0);
        assertThat(drifted).hasDrift("aws_vpc.main [tags.Owner]").hasChanges("aws_vpc.main [cidr_block]").dependsOn("net")
                .hasDriftAge(new DriftAge(1_000, 2));
    }

    @Test
    void anotherStateFailsNamingTheStackItsStateAndReason() {
        fails(() -> assertThat(failed).hasState(RowState.IN_SYNC),
                "stack net to be in sync but it was failed (reason: plan failed: bad ref)");
    }

    @Test
    void anotherReasonFailsShowingTheReason() {
        fails(() -> assertThat(failed).hasReason("plan failed"), "<plan failed> but it was <plan failed: bad ref>");
        fails(() -> assertThat(failed).hasReasonContaining("timeout"), "to contain <timeout>");
        fails(() -> assertThat(failed).hasReasonStartingWith("bad"), "to start with <bad>");
        fails(() -> assertThat(failed).hasReasonEndingWith("plan"), "to end with <plan>");
    }

    @Test
    void otherChangesDriftDependenciesOrAgeFail() {
        fails(() -> assertThat(failed).hasDriftCount(1), "show 1 drifted resource(s) but it shows 0");
        fails(() -> assertThat(drifted).hasDrift("aws_vpc.main [tags]"), "drift of stack dns to be [aws_vpc.main [tags]]");
        fails(() -> assertThat(drifted).hasChanges(), "changes of stack dns to be [] but they are [aws_vpc.main [cidr_block]]");
        fails(() -> assertThat(drifted).dependsOn(), "stack dns to depend on [] but it depends on [net]");
        fails(() -> assertThat(drifted).hasDriftAge(DriftAge.NONE), "stack dns to have drift age");
    }

    @Test
    void countsPassOnTheirValueAndFailShowingEveryCount() {
        Counts counts = run.counts();
        assertThat(counts).has(Counts.Field.TOTAL, 2).has(Counts.Field.FAILED, 1).hasNo(Counts.Field.IN_SYNC);
        fails(() -> assertThat(counts).has(Counts.Field.DRIFTED, 2), "Expected 2 drifted but the counts are Counts[total=2");
        fails(() -> assertThat(counts).hasNo(Counts.Field.FAILED), "Expected 0 failed");
    }

    @Test
    void aRecordsRowsKindAndTrail() {
        assertThat(run).hasKind(RunKind.CHECK).hasRowsFor("dns", "net").hasTrail("dns deployed", "net failed")
                .hasTrailInAnyOrder("net failed", "dns deployed");
        assertThat(run).row("net").hasState(RowState.FAILED);
        assertThat(run).counts().has(Counts.Field.DRIFTED, 1);
        assertThat(run).trail().hasSize(2);
        fails(() -> assertThat(run).row("web"), "a row for web but its rows are [dns, net]");
        fails(() -> assertThat(run).hasRowsFor("dns"), "rows for [dns] but it has rows for [dns, net]");
        fails(() -> assertThat(run).hasKind(RunKind.DEPLOY), "to be a DEPLOY but it is a CHECK");
        fails(() -> assertThat(run).hasTrail("net failed", "dns deployed"), "trail to be [net failed, dns deployed]");
        fails(() -> assertThat(run).hasTrailInAnyOrder("dns deployed"), "in any order but it is [dns deployed, net failed]");
        fails(() -> assertThat(run).onlyTrailEntry(), "one entry but it is [dns deployed, net failed]");
    }

    @Test
    void aTrailEntrysResultRepairTimesAndReason() {
        assertThat(repair).hasResult(TrailResult.DEPLOYED).putBack("aws_vpc.main.tags.Owner").finishedAt(2_000).hasDriftedSince(500);
        assertThat(broken).hasResult(TrailResult.FAILED).hasReasonContaining("quota");
        fails(() -> assertThat(broken).hasResult(TrailResult.DEPLOYED), "net in run 7 to be deployed but it was failed (reason: quota");
        fails(() -> assertThat(broken).putBack(), "to put back [] but it repaired drift: false");
        fails(() -> assertThat(repair).putBack("aws_vpc.main.tags"), "put back [aws_vpc.main.tags.Owner]");
        fails(() -> assertThat(repair).finishedAt(1_000), "to finish at 1000 but it finished at 2000");
        fails(() -> assertThat(repair).hasDriftedSince(0), "seen since 0 but it says 500");
        fails(() -> assertThat(broken).hasReasonContaining("timeout"), "<timeout> but it was <quota exceeded>");
    }

    @Test
    void anOutcomesEndNotesAndRecord() {
        assertThat(outcome).endsWithError().hasNoteContaining("net", "note").hasTrail("dns deployed", "net failed");
        assertThat(outcome).hasTrailInAnyOrder("net failed", "dns deployed").row("dns").hasState(RowState.DRIFTED);
        assertThat(outcome).counts().has(Counts.Field.TOTAL, 2);
        assertThat(outcome).record().hasKind(RunKind.CHECK);
        assertThat(outcome).trail().hasSize(2);
        assertThat(invalid).isConfigInvalid().endsWithError();
        fails(() -> assertThat(outcome).endsOk(), "to end with nothing to report (exit code 0) but its exit code is 1");
        fails(() -> assertThat(outcome).endsWithChanges(), "to end with changes (exit code 2) but its exit code is 1");
        fails(() -> assertThat(invalid).endsOk(), "counts: no record, problems: [");
        fails(() -> assertThat(outcome).isConfigInvalid(), "the run has a record: true");
        fails(() -> assertThat(outcome).hasNoteContaining("net", "cycle"), "a note containing [net, cycle]");
        fails(() -> assertThat(invalid).record(), "a record but it has none; problems: [");
        fails(() -> assertThat(outcome).onlyTrailEntry(), "one entry");
    }

    private static void fails(final ThrowingCallable assertion, final String message) {
        assertThatThrownBy(assertion).isInstanceOf(AssertionError.class).hasMessageContaining(message);
    }
}
