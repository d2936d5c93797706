package io.jenkins.plugins.stackdrift.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.jenkins.plugins.stackdrift.TestRecords;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.DeployKind;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.HistoryLayout;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

class JobHistoryTest {
    @TempDir
    Path dir;

    private static RunRecord run(final String id, final String... stacks) {
        return new RunRecord(id, RunKind.CHECK, "", 1L, 2L,
                Arrays.stream(stacks).map(s -> TestRecords.row(s, RowState.IN_SYNC)).toList(), List.of());
    }

    @Test
    void theSnapshotHoldsTheIndexTheMarkersAndTheDriftOfDriftedStacksButNoRunsDetails() throws Exception {
        JobHistory history = new JobHistory(dir);
        assertThat(history.snapshot(m -> true)).isEmpty();
        history.save(new RunRecord("1", RunKind.CHECK, "", 1L, 2L,
                List.of(TestRecords.row("a", RowState.IN_SYNC), TestRecords.row("b", RowState.DRIFTED)), List.of()), Map.of());
        history.save(run("2", "a"), Map.of());
        history.markDeploying(List.of("a"), "3", 5L, DeployKind.DEPLOY);

        List<String> files = history.snapshot(m -> true);

        // b drifted in run 1: its own drift file goes along (what a deploy puts back), never a details file
        String bDrift = dir.relativize(new HistoryLayout(dir).driftFile(StackId.of("b"))).toString().replace('\\', '/');
        assertThat(files).contains("stacks.json", bDrift)
                .noneMatch(f -> f.endsWith(".details.json") || f.endsWith(".summary.json"))
                .anyMatch(f -> f.startsWith("deploying/") && f.endsWith(".json"));
        assertThat(files).allSatisfy(f -> assertThat(dir.resolve(f)).isRegularFile());
    }

    @Test
    void markersOfBuildsThatEndedBecomeInterruptedBeforeTheSnapshot() throws Exception {
        JobHistory history = new JobHistory(dir);
        history.markDeploying(List.of("net"), "8", 5L, DeployKind.DEPLOY);
        List<String> files = history.snapshot(marker -> false);
        assertThat(files).noneMatch(f -> f.startsWith("deploying/"));
        assertThat(history.trail()).singleElement().satisfies(e -> {
            assertThat(e.result()).isEqualTo(TrailResult.INTERRUPTED);
            assertThat(e.stack()).isEqualTo(StackId.of("net"));
        });
    }

    @Test
    void aDestroyBuildThatEndedForgetsTheDeploysOfItsStacks() throws Exception {
        JobHistory history = new JobHistory(dir);
        TrailEntry deployed = new TrailEntry(StackId.of("net"), "7", 1L, 2L,
                TrailResult.DEPLOYED, false, List.of(), "", 0);
        history.save(new RunRecord("7", RunKind.DEPLOY, "", 1L, 3L, List.of(TestRecords.row("net", RowState.IN_SYNC)), List.of(deployed)),
                Map.of("net", "sha256:a"));
        history.markDeploying(List.of("net"), "8", 5L, DeployKind.DESTROY);

        history.snapshot(marker -> false);

        assertThat(history.trail()).first().satisfies(e -> assertThat(e.reason()).contains("before this destroy finished"));
        assertThat(new HistoryStore(dir).stackStatuses().get(StackId.of("net")).everDeployed()).isFalse();
    }

    @Test
    void twoBuildsSavedOneAfterTheOtherBothLand() {
        JobHistory history = new JobHistory(dir);
        history.save(run("1", "a"), Map.of());
        history.save(run("2", "b"), Map.of());
        HistoryStore store = new HistoryStore(dir);
        assertThat(store.stackStatuses()).containsOnlyKeys(StackId.of("a"), StackId.of("b"));
        assertThat(store.summaries()).hasSize(2);
    }

    @Test
    void oneBuildsMarkersBecomeInterruptedOthersStay() {
        JobHistory history = new JobHistory(dir);
        history.markDeploying(List.of("net"), "8", 5L, DeployKind.DEPLOY);
        history.markDeploying(List.of("dns"), "9", 6L, DeployKind.DEPLOY);

        history.recordInterrupted("8");

        assertThat(history.trail()).singleElement().satisfies(e -> assertThat(e.stack()).isEqualTo(StackId.of("net")));
        assertThat(new HistoryStore(dir).deploysInProgress()).singleElement()
                .satisfies(m -> assertThat(m.runId()).isEqualTo("9"));
    }

    @Test
    void anInterruptedThreadCanStillSaveTheRunAndStaysInterrupted() {
        JobHistory history = new JobHistory(dir);
        Thread.currentThread().interrupt();
        try {
            JobHistory.withoutInterrupt(() -> history.save(run("1", "a"), Map.of()));
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
        assertThat(new HistoryStore(dir).summaries()).hasSize(1);
    }
}
