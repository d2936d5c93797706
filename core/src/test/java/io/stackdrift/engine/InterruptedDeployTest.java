package io.stackdrift.engine;

import static io.stackdrift.engine.Scenario.NOW;
import static io.stackdrift.testing.StackDriftAssertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.DeployKind;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

/** A deploy stopped by an interrupt or a kill is recorded as interrupted, by this run or by the next. */
class InterruptedDeployTest extends ScenarioFixture {
    @Test
    void interruptedTrailEntriesHaveAFinishTime() throws IOException {
        s.terraform("a", "b");
        s.config("stacks:\n  - dir: a\n  - dir: b\n");
        s.pending("a");
        s.world.stack("a").interruptApply = true;
        HistoryStore history = s.history();
        long killedAt = NOW.minus(Duration.ofHours(3)).toEpochMilli();
        history.markDeployStarted(StackId.of("b"), "41", killedAt, DeployKind.DEPLOY);

        // the marker was written by this process: say its run is gone, as for a killed CLI
        RunOutcome outcome = s.host(marker -> false)
                .deploy(s.request().toBuilder().stacks(List.of("a")).build());

        assertThat(outcome).trail().singleElement().satisfies(entry -> {
            assertThat(entry.result()).isEqualTo(TrailResult.INTERRUPTED);
            assertThat(entry.finishedAt()).isEqualTo(NOW.toEpochMilli());
        });
        assertThat(history.trail()).filteredOn(e -> e.stack().equals(StackId.of("b"))).singleElement().satisfies(entry -> {
            assertThat(entry.result()).isEqualTo(TrailResult.INTERRUPTED);
            assertThat(entry.finishedAt()).isEqualTo(killedAt);
        });
    }

    @Test
    void aDeployInterruptedByAKillIsSeenAsInterruptedByTheNextRun() throws IOException {
        s.terraform("a");
        s.config("stacks:\n  - dir: a\n");
        HistoryStore history = s.history();
        // a run that died mid-deploy leaves its marker behind
        history.markDeployStarted(StackId.of("a"), "41", NOW.toEpochMilli(), DeployKind.DEPLOY);

        RunOutcome next = s.host(marker -> false)
                .preview(s.request());

        assertThat(history.trail()).first().satisfies(entry -> {
            assertThat(entry.stack()).isEqualTo(StackId.of("a"));
            assertThat(entry.result()).isEqualTo(TrailResult.INTERRUPTED);
        });
        assertThat(history.deploysInProgress()).isEmpty();
        assertThat(next.notes()).anySatisfy(note -> assertThat(note).startsWith("a: an earlier deploy was interrupted"));
    }

    @Test
    void anApplyInterruptedInThisRunIsRecordedAsInterruptedAndTheRecordIsStillSaved() throws IOException {
        s.terraform("a");
        s.config("stacks:\n  - dir: a\n");
        s.pending("a");
        s.world.stack("a").interruptApply = true;

        RunOutcome outcome = s.host().deploy(s.request());

        assertThat(outcome).trail().extracting(TrailEntry::result).containsExactly(TrailResult.INTERRUPTED);
        assertThat(outcome).row("a").hasState(RowState.FAILED);
        HistoryStore history = s.history();
        assertThat(history.summaries()).hasSize(1);
        assertThat(history.deploysInProgress()).isEmpty();
    }

    @Test
    void interruptingTheRunStopsARunningApplyRecordsItAndSavesTheRun() throws Exception {
        s.terraform("slow", "after");
        s.config("stacks:\n  - dir: after\n    dependsOn: [slow]\n");
        s.pending("slow", "after");
        s.world.stack("slow").sleepApplySeconds = 30;
        Thread caller = Thread.currentThread();
        Thread interrupter = new Thread(() -> {
            while (!s.world.calls.contains("apply slow")) {
                Thread.onSpinWait();
            }
            caller.interrupt();
        });
        interrupter.start();

        RunOutcome outcome = s.host().deploy(s.request());

        assertThat(Thread.interrupted()).as("the interrupt is kept for the caller").isTrue();
        interrupter.join();
        assertThat(outcome).hasTrail("slow interrupted");
        assertThat(outcome).row("after").hasState(RowState.SKIPPED);
        // one s.progress line for the interrupted stack, with the trail's word: no "failed" line after it
        assertThat(s.progress).filteredOn(line -> line.startsWith("slow:") && (line.contains("interrupted") || line.contains("failed")))
                .singleElement()
                .satisfies(line -> assertThat(line).startsWith("slow: interrupted — "));
        assertThat(s.world.callsFor("preview")).doesNotContain("after");
        HistoryStore history = s.history();
        assertThat(history.summaries()).hasSize(1);
        assertThat(history.deploysInProgress()).isEmpty();
    }
}
