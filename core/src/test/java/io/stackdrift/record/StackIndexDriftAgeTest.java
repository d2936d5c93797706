package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.DriftRepair;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/** The drift age in the stack index: which rows start, lengthen, keep or end a stack's run of drifted checks. */
class StackIndexDriftAgeTest {
    private static final StackId NET = StackId.of("net");
    private static final Change DRIFT = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags.Owner"), Cause.DRIFT);

    private Map<StackId, StackStatus> index = new TreeMap<>();
    private long sequence;

    private DriftAge after(final RowState state, final long startedAt, final List<Change> drift) {
        Row row = Row.of(NET, Tool.TOFU, "net", state, "").withDrift(drift);
        RunRecord run = new RunRecord("r" + ++sequence, RunKind.CHECK, "", startedAt, startedAt + 1, List.of(row), List.of());
        index = StackIndex.next(index, sequence, run, Map.of(), Set.of());
        return index.get(NET).driftAge();
    }

    @Test
    void driftedChecksLengthenTheRunFailedAndSkippedKeepItInSyncEndsIt() {
        assertThat(after(RowState.DRIFTED, 1_000, List.of(DRIFT))).isEqualTo(new DriftAge(1_000, 1));
        assertThat(after(RowState.FAILED, 2_000, List.of())).isEqualTo(new DriftAge(1_000, 1));
        assertThat(after(RowState.PENDING_DRIFTED, 3_000, List.of(DRIFT))).isEqualTo(new DriftAge(1_000, 2));
        assertThat(after(RowState.SKIPPED, 4_000, List.of())).isEqualTo(new DriftAge(1_000, 2));
        assertThat(after(RowState.AWAITING_APPROVAL, 5_000, List.of(DRIFT))).isEqualTo(new DriftAge(1_000, 3));
        assertThat(after(RowState.IN_SYNC, 6_000, List.of())).isEqualTo(DriftAge.NONE);
        assertThat(after(RowState.DRIFTED, 7_000, List.of(DRIFT))).isEqualTo(new DriftAge(7_000, 1));
    }

    @Test
    void aRepairEndsTheRunAndItsTrailEntryStartsWhereTheRunStarted() {
        after(RowState.DRIFTED, 1_000, List.of(DRIFT));
        StackStatus before = index.get(NET);

        assertThat(StackIndex.driftStart(before, 9_000)).isEqualTo(1_000);
        assertThat(StackIndex.driftStart(null, 9_000)).as("found by the repairing run itself").isEqualTo(9_000);
        assertThat(after(RowState.REPAIRED, 9_000, List.of(DRIFT))).isEqualTo(DriftAge.NONE);
    }

    @Test
    void aRowIsStampedWhenItShowsDriftAndARepairedRowWithTheDriftItPutBack() {
        after(RowState.DRIFTED, 1_000, List.of(DRIFT));
        Row drifted = Row.of(NET, Tool.TOFU, "net", RowState.DRIFTED, "").withDrift(List.of(DRIFT));
        Row repaired = drifted.withState(RowState.REPAIRED, "mode correct: put back by a deploy in this run");
        Row inSync = Row.of(NET, Tool.TOFU, "net", RowState.IN_SYNC, "");

        assertThat(StackIndex.withDriftAge(index.get(NET), drifted, 5_000).driftAge()).isEqualTo(new DriftAge(1_000, 2));
        // the repaired page says when the drift it put back was first seen: the check of this run counts
        assertThat(StackIndex.withDriftAge(index.get(NET), repaired, 5_000).driftAge()).isEqualTo(new DriftAge(1_000, 2));
        assertThat(StackIndex.withDriftAge(null, repaired, 5_000).driftAge()).as("found by the repairing run").isEqualTo(
                new DriftAge(5_000, 1));
        assertThat(StackIndex.withDriftAge(index.get(NET), inSync.withDriftAge(new DriftAge(1_000, 2)), 5_000).driftAge())
                .isEqualTo(DriftAge.NONE);
    }

    @Test
    void theDriftAgeAndTheTimeToRepairSurviveTheRecordsAndAreWrittenOnlyWhenSet() throws IOException {
        Row drifted = Row.of(NET, Tool.TOFU, "net", RowState.DRIFTED, "").withDrift(List.of(DRIFT)).withDriftAge(new DriftAge(1_000, 3));
        Row clean = Row.of(StackId.of("dns"), Tool.TERRAFORM, "dns", RowState.IN_SYNC, "");
        TrailEntry repair = new TrailEntry(StackId.of("app"), "7", 8_000, 9_000, TrailResult.DEPLOYED, true,
                List.of("aws_vpc.main.tags.Owner"), "", 1_000);
        RunRecord run = new RunRecord("7", RunKind.CHECK, "", 8_000, 9_500, List.of(clean, drifted), List.of(repair));

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RecordJson.writeRun(out, 7, run);
        RunRecord read = RecordJson.readRun(new ByteArrayInputStream(out.toByteArray()));

        assertThat(read).isEqualTo(run);
        assertThat(read.trail().get(0).timeToRepair()).contains(Duration.ofMillis(8_000));
        String json = out.toString(StandardCharsets.UTF_8);
        assertThat(json.split("\"driftedSince\"", -1)).as("the drifted row and the repair only").hasSize(3);
    }

    @Test
    void aRepairThatTookTheNewValueOfAnotherStacksOutputsSurvivesTheRecordsAndOldEntriesStayPutBack() throws IOException {
        TrailEntry took = new TrailEntry(StackId.of("app"), "7", 8_000, 9_000, TrailResult.DEPLOYED, true, List.of("output.cidr"), "",
                1_000, DriftRepair.NEW_UPSTREAM_VALUE, List.of(NET));
        TrailEntry putBack = new TrailEntry(NET, "7", 8_000, 9_000, TrailResult.DEPLOYED, true, List.of("aws_vpc.main.tags.Owner"), "",
                1_000);
        RunRecord run = new RunRecord("7", RunKind.DEPLOY, "", 8_000, 9_500, List.of(), List.of(took, putBack));

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RecordJson.writeRun(out, 7, run);
        RunRecord read = RecordJson.readRun(new ByteArrayInputStream(out.toByteArray()));

        assertThat(read).isEqualTo(run);
        assertThat(read.trail().get(0).repairWords()).isEqualTo("took the new value of net's outputs");
        assertThat(read.trail().get(1).repairWords()).isEqualTo("put back what changed outside the code");
        assertThat(out.toString(StandardCharsets.UTF_8).split("\"upstream\"", -1)).as("written only for the new value").hasSize(2);
    }
}
