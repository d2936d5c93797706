package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

class HistoryStoreTest {
    @TempDir
    Path dir;

    private static final StackId NETWORK = StackId.of("network");
    private static final StackId APP = StackId.of("app:prod");

    private static Row row(final StackId id, final RowState state, final int changes) {
        List<Change> drift = new ArrayList<>();
        for (int i = 0; i < changes; i++) {
            drift.add(new Change(Action.UPDATE, "aws_instance", "aws_instance.web" + i, List.of("tags.Name", "ingress[0].cidr"),
                    Cause.DRIFT));
        }
        return Row.of(id, Tool.TOFU, id.value(), state, state == RowState.FAILED ? "boom" : "").withDrift(drift)
                .withOwnedElsewhere(List.of(new Change(Action.UPDATE, "aws_autoscaling_group", "aws_autoscaling_group.web",
                        List.of("desired_capacity"), Cause.DRIFT))).withDependsOn(List.of(StackId.of("dns")));
    }

    private static RunRecord run(final String id, final long at, final Row... rows) {
        return new RunRecord(id, RunKind.CHECK, "scheduled drift check", at, at + 1000, List.of(rows), List.of());
    }

    @Test
    void aSavedRunReadsBackFieldForField() {
        HistoryStore store = new HistoryStore(dir);
        TrailEntry deploy = new TrailEntry(NETWORK, "7", 10, 20, TrailResult.DEPLOYED, true, List.of("aws_instance.web.tags.Name"), "", 0);
        RunRecord run = new RunRecord("7", RunKind.DEPLOY, "started by alice", 5, 30,
                List.of(row(APP, RowState.FAILED, 0), row(NETWORK, RowState.DRIFTED, 3)), List.of(deploy));

        RunSummary summary = store.save(run);

        assertThat(new HistoryStore(dir).details(summary.sequence())).contains(run);
        assertThat(store.summaries()).containsExactly(summary);
        assertThat(summary.counts()).isEqualTo(run.counts());
        assertThat(summary.drifted()).containsExactly(NETWORK);
        assertThat(summary.failed()).containsExactly(APP);
        assertThat(store.trail()).containsExactly(deploy);
        assertThat(store.latestDrift(NETWORK)).contains(run.rows().get(1));
        assertThat(store.warnings()).isEmpty();
    }

    @Test
    void theLatestDriftOfAStackIsItsOwnLastRowThatWasNotSkippedAndShowedDrift() {
        HistoryStore store = new HistoryStore(dir);
        Row networkDrifted = row(NETWORK, RowState.DRIFTED, 2);
        store.save(run("1", 1000, networkDrifted, row(APP, RowState.DRIFTED, 1)));
        store.save(run("2", 2000, row(APP, RowState.FAILED, 0)));
        store.save(run("3", 3000, Row.of(NETWORK, Tool.TOFU, "network", RowState.SKIPPED, "not due")));

        // a skip says nothing: network's drift of run 1 stands; app's failed check ended what it knew
        assertThat(store.latestDrift(NETWORK)).contains(networkDrifted);
        assertThat(store.latestDrift(APP)).isEmpty();
        assertThat(store.latestDrift(StackId.of("unknown"))).isEmpty();
        assertThat(dir.resolve(HistoryLayout.DRIFT_DIR).toFile().list()).hasSize(1);

        store.save(run("4", 4000, row(NETWORK, RowState.IN_SYNC, 0)));
        assertThat(store.latestDrift(NETWORK)).isEmpty();
        assertThat(new HistoryLayout(dir).driftFiles()).isEmpty();
    }

    @Test
    void theStackIndexAndTheDriftFilesAnswerWithoutAnyRunsDetails() throws IOException {
        HistoryStore store = new HistoryStore(dir);
        Row big = row(APP, RowState.DRIFTED, 2_000);
        Row network = row(NETWORK, RowState.DRIFTED, 1).withDependsOn(List.of(APP));
        store.save(run("1", 1000, big, network));
        store.save(run("2", 2000, Row.of(APP, Tool.TOFU, "app", RowState.SKIPPED, "not due")));
        // the details of every run turned to garbage: a reader that touched one would skip it with a warning
        for (long sequence : new HistoryLayout(dir).sequences(true)) {
            Files.writeString(new HistoryLayout(dir).detailsFile(sequence), "{\"format\":");
        }

        HistoryStore reopened = new HistoryStore(dir);
        assertThat(reopened.stackStatuses().get(NETWORK).dependsOn()).containsExactly(APP);
        assertThat(reopened.latestDrift(NETWORK)).contains(network);
        assertThat(reopened.latestDrift(APP)).hasValueSatisfying(r -> assertThat(r.drift()).hasSize(2_000));
        assertThat(reopened.summaries(1)).extracting(RunSummary::runId).containsExactly("2");
        assertThat(reopened.trail()).isEmpty();
        assertThat(reopened.warnings()).isEmpty();
        // one stack's drift file holds that stack only: network's is small whatever app's holds
        assertThat(Files.size(new HistoryLayout(dir).driftFile(NETWORK))).isLessThan(1_000);
    }

    @Test
    void theSameDriftCheckedAgainIsNotWrittenAgain() throws IOException {
        HistoryStore store = new HistoryStore(dir);
        store.save(run("1", 1000, row(NETWORK, RowState.DRIFTED, 3)));
        Path file = new HistoryLayout(dir).driftFile(NETWORK);
        Files.setLastModifiedTime(file, FileTime.fromMillis(0));
        // the drift age differs from check to check; the file does not hold it (the stack index does)
        store.save(run("2", 2000, row(NETWORK, RowState.DRIFTED, 3).withDriftAge(new DriftAge(1000, 2))));
        assertThat(Files.getLastModifiedTime(file).toMillis()).isZero();
        store.save(run("3", 3000, row(NETWORK, RowState.DRIFTED, 4)));
        assertThat(Files.getLastModifiedTime(file).toMillis()).isPositive();
        assertThat(store.latestDrift(NETWORK)).hasValueSatisfying(r -> assertThat(r.drift()).hasSize(4));
    }

    @Test
    void filesNameTheirFormatAndVersion() throws IOException {
        HistoryStore store = new HistoryStore(dir);
        store.save(run("1", 1, row(NETWORK, RowState.IN_SYNC, 0)));
        assertThat(Files.readString(dir.resolve("runs/run-000000000001.summary.json"))).contains("\"format\":\"stackdrift-run-summary/1\"");
        assertThat(Files.readString(dir.resolve("runs/run-000000000001.details.json"))).contains("\"format\":\"stackdrift-run-details/1\"");
        assertThat(Files.readString(dir.resolve("stacks.json"))).contains("\"format\":\"stackdrift-stack-index/1\"");
    }

    @Test
    void anotherFormatVersionIsSkippedWithAWarning() throws IOException {
        HistoryStore store = new HistoryStore(dir);
        store.save(run("1", 1, row(NETWORK, RowState.IN_SYNC, 0)));
        Path summary = dir.resolve("runs/run-000000000001.summary.json");
        Files.writeString(summary, Files.readString(summary).replace("stackdrift-run-summary/1", "stackdrift-run-summary/2"));
        assertThat(store.summaries()).isEmpty();
        assertThat(store.warnings()).singleElement().asString().contains("run-000000000001.summary.json").contains("not supported");
    }

    @Test
    void aSummaryWhoseRunNumberIsNotItsFileNamesIsLeftOutOfTheTrendAndNamed() throws IOException {
        HistoryStore store = new HistoryStore(dir);
        store.save(run("1", 5000, row(NETWORK, RowState.IN_SYNC, 0)));
        store.save(run("2", 1000, row(NETWORK, RowState.IN_SYNC, 0)));
        // a copy of run 1's summary under a newer name: it cannot be placed, and must not be drawn as the newest run
        Files.copy(dir.resolve("runs/run-000000000001.summary.json"), dir.resolve("runs/run-000000000007.summary.json"));

        HistoryStore.Trend trend = store.trend(100);

        assertThat(trend.runs()).extracting(RunSummary::sequence).containsExactly(2L, 1L);
        assertThat(trend.skippedLines()).containsExactly("runs/run-000000000007.summary.json: " + Unreadable.MISNUMBERED.words());
        assertThat(store.warnings()).singleElement().asString().contains("run-000000000007.summary.json");
    }

    @Test
    void runsListNewestFirstAndOnlyTheLastNAreKept() {
        HistoryStore store = new HistoryStore(dir, new HistoryStore.Limits(3, 10));
        for (int i = 1; i <= 5; i++) {
            store.save(run(Integer.toString(i), i * 1000L, row(NETWORK, RowState.IN_SYNC, 0)));
        }
        assertThat(store.summaries()).extracting(RunSummary::runId).containsExactly("5", "4", "3");
        assertThat(dir.resolve("runs").toFile().list()).hasSize(6);
        assertThat(store.details(store.summaries().get(0).sequence())).map(RunRecord::runId).contains("5");
    }

    @Test
    void theTrailIsNewestFirstAcrossRunsAndBounded() {
        HistoryStore store = new HistoryStore(dir, new HistoryStore.Limits(10, 3));
        for (int i = 1; i <= 3; i++) {
            TrailEntry a = new TrailEntry(NETWORK, "r" + i, i * 10L, i * 10L + 1, TrailResult.DEPLOYED, false, List.of(), "", 0);
            TrailEntry b = new TrailEntry(APP, "r" + i, i * 10L + 2, i * 10L + 3, TrailResult.FAILED, false, List.of(), "apply failed", 0);
            store.save(new RunRecord("r" + i, RunKind.DEPLOY, "", i, i, List.of(), List.of(a, b)));
        }
        assertThat(store.trail()).extracting(e -> e.stack().value() + "@" + e.runId())
                .containsExactly("app:prod@r3", "network@r3", "app:prod@r2");
    }

    @Test
    void theStackIndexCountsFailuresAndKeepsTheLastCheckAcrossSkips() {
        HistoryStore store = new HistoryStore(dir);
        store.save(run("1", 1000, row(NETWORK, RowState.IN_SYNC, 0)));
        store.save(run("2", 2000, row(NETWORK, RowState.FAILED, 0)));
        store.save(run("3", 3000, row(NETWORK, RowState.SKIPPED, 0)));
        store.save(run("4", 4000, row(NETWORK, RowState.FAILED, 0)));

        StackStatus status = store.stackStatuses().get(NETWORK);
        assertThat(status.consecutiveFailures()).isEqualTo(2);
        assertThat(status.lastFailedAt()).isEqualTo(4000);
        assertThat(status.lastCheckedAt()).isEqualTo(4000);
        assertThat(status.lastState()).isEqualTo(RowState.FAILED);

        store.save(run("5", 5000, row(NETWORK, RowState.SKIPPED, 0)));
        assertThat(store.stackStatuses().get(NETWORK).lastCheckedAt()).isEqualTo(4000);
        store.save(run("6", 6000, row(NETWORK, RowState.DRIFTED, 1)));
        assertThat(store.stackStatuses().get(NETWORK).consecutiveFailures()).isZero();
    }

    @Test
    void aSuccessfulDeployRecordsItsDigestAFailedOneDoesNot() {
        HistoryStore store = new HistoryStore(dir);
        TrailEntry ok = new TrailEntry(NETWORK, "1", 10, 20, TrailResult.DEPLOYED, false, List.of(), "", 0);
        TrailEntry bad = new TrailEntry(APP, "1", 10, 20, TrailResult.FAILED, false, List.of(), "x", 0);
        store.save(new RunRecord("1", RunKind.DEPLOY, "", 1, 30, List.of(row(NETWORK, RowState.IN_SYNC, 0), row(APP, RowState.FAILED, 0)),
                List.of(ok, bad)), Map.of(NETWORK, "abc", APP, "def"));
        assertThat(store.stackStatuses().get(NETWORK).lastDeployDigest()).isEqualTo("abc");
        assertThat(store.stackStatuses().get(NETWORK).lastDeployedAt()).isEqualTo(20);
        assertThat(store.stackStatuses().get(APP).everDeployed()).isFalse();
    }

    @Test
    void aDestroyForgetsTheLastDeploySoTheNextDeployIsNotSkippedAsUnchanged() {
        HistoryStore store = new HistoryStore(dir);
        TrailEntry deployed = new TrailEntry(NETWORK, "1", 10, 20, TrailResult.DEPLOYED, false, List.of(), "", 0);
        TrailEntry deployedApp = new TrailEntry(APP, "1", 10, 20, TrailResult.DEPLOYED, false, List.of(), "", 0);
        store.save(new RunRecord("1", RunKind.DEPLOY, "", 1, 30, List.of(row(NETWORK, RowState.IN_SYNC, 0), row(APP, RowState.IN_SYNC, 0)),
                List.of(deployed, deployedApp)), Map.of(NETWORK, "abc", APP, "def"));

        TrailEntry destroyed = new TrailEntry(NETWORK, "2", 40, 50, TrailResult.DESTROYED, false, List.of(), "", 0);
        store.save(new RunRecord("2", RunKind.DEPLOY, "", 40, 60, List.of(row(NETWORK, RowState.IN_SYNC, 0)), List.of(destroyed)),
                Map.of());
        assertThat(store.stackStatuses().get(NETWORK).everDeployed()).isFalse();
        assertThat(store.stackStatuses().get(NETWORK).lastDeployedAt()).isZero();
        assertThat(store.stackStatuses().get(APP).lastDeployDigest()).isEqualTo("def");

        // a destroy that failed part-way is named by the engine: it forgets too
        TrailEntry failed = new TrailEntry(APP, "3", 70, 80, TrailResult.FAILED, false, List.of(), "destroy failed: x", 0);
        store.save(new RunRecord("3", RunKind.DEPLOY, "", 70, 90, List.of(row(APP, RowState.FAILED, 0)), List.of(failed)), Map.of(),
                Set.of(APP));
        assertThat(store.stackStatuses().get(APP).everDeployed()).isFalse();
        assertThat(store.trail()).extracting(TrailEntry::result)
                .containsExactly(TrailResult.FAILED, TrailResult.DESTROYED, TrailResult.DEPLOYED, TrailResult.DEPLOYED);
    }

    @Test
    void aDestroyThatDiedLeavesAnInterruptedEntryAndForgetsTheLastDeploy() {
        HistoryStore store = new HistoryStore(dir);
        TrailEntry net = new TrailEntry(NETWORK, "1", 10, 20, TrailResult.DEPLOYED, false, List.of(), "", 0);
        TrailEntry app = new TrailEntry(APP, "1", 10, 20, TrailResult.DEPLOYED, false, List.of(), "", 0);
        store.save(new RunRecord("1", RunKind.DEPLOY, "", 1, 30, List.of(row(NETWORK, RowState.IN_SYNC, 0), row(APP, RowState.IN_SYNC, 0)),
                List.of(net, app)), Map.of(NETWORK, "abc", APP, "def"));
        DeployMarker marker = store.markDeployStarted(NETWORK, "2", 40, DeployKind.DESTROY);
        store.markDeployStarted(APP, "2", 40, DeployKind.DEPLOY);
        assertThat(marker.kind()).isEqualTo(DeployKind.DESTROY);
        assertThat(store.deploysInProgress()).extracting(DeployMarker::kind)
                .containsExactlyInAnyOrder(DeployKind.DESTROY, DeployKind.DEPLOY);

        List<TrailEntry> added = store.recoverInterrupted(m -> false);

        assertThat(added).extracting(TrailEntry::reason).containsExactlyInAnyOrder(
                "run 2 ended before this destroy finished; look at the stack's state before deploying it again",
                "run 2 ended before this deploy finished; look at the stack's state before deploying it again");
        assertThat(store.stackStatuses().get(NETWORK).everDeployed()).isFalse();
        assertThat(store.stackStatuses().get(APP).lastDeployDigest()).isEqualTo("def");
    }

    @Test
    void aCrashBetweenWriteAndRenameAndATruncatedFileNeverBreakLoading() throws IOException {
        HistoryStore store = new HistoryStore(dir);
        RunSummary first = store.save(run("1", 1000, row(NETWORK, RowState.DRIFTED, 2)));
        RunSummary second = store.save(run("2", 2000, row(NETWORK, RowState.IN_SYNC, 0)));
        // a crash before the rename: a temporary file with half a record
        Path temp = dir.resolve("runs/.run-000000000003.summary.json.1234.tmp");
        Files.writeString(temp, "{\"format\":\"stackdrift-run-summ");
        // a file cut short (a plain rename fallback, a full disk)
        Path summary2 = dir.resolve("runs/run-000000000002.summary.json");
        String whole = Files.readString(summary2);
        Files.writeString(summary2, whole.substring(0, whole.length() / 2));
        Path details1 = dir.resolve("runs/run-000000000001.details.json");
        String wholeDetails = Files.readString(details1);
        Files.writeString(details1, wholeDetails.substring(0, wholeDetails.length() - 10));
        Files.writeString(dir.resolve("trail.json"), "{\"format\":\"stackdrift-trail/1\",\"entries\":[{\"sta");

        HistoryStore reopened = new HistoryStore(dir);
        assertThat(reopened.summaries()).containsExactly(first);
        assertThat(reopened.details(first.sequence())).isEmpty();
        assertThat(reopened.trail()).isEmpty();
        assertThat(reopened.warnings()).anySatisfy(w -> assertThat(w).contains("run-000000000002.summary.json"))
                .anySatisfy(w -> assertThat(w).contains("run-000000000001.details.json"));
        assertThat(second.sequence()).isEqualTo(2);

        RunSummary third = reopened.save(run("3", 3000, row(NETWORK, RowState.IN_SYNC, 0)));
        assertThat(third.sequence()).isEqualTo(3);
        assertThat(temp).doesNotExist();
        assertThat(reopened.summaries()).extracting(RunSummary::runId).containsExactly("3", "1");
    }

    @Test
    void detailsWithoutASummaryAreACrashLeftoverAndAreRemoved() throws IOException {
        HistoryStore store = new HistoryStore(dir);
        store.save(run("1", 1000, row(NETWORK, RowState.IN_SYNC, 0)));
        Files.delete(dir.resolve("runs/run-000000000001.summary.json"));
        assertThat(store.summaries()).isEmpty();
        store.save(run("2", 2000, row(NETWORK, RowState.IN_SYNC, 0)));
        assertThat(dir.resolve("runs/run-000000000001.details.json")).doesNotExist();
        assertThat(store.summaries()).extracting(RunSummary::sequence).containsExactly(2L);
    }

    @Test
    void summariesOfALargeHistoryLoadWithoutTheDetails() throws IOException {
        HistoryStore store = new HistoryStore(dir, new HistoryStore.Limits(5, 100));
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            rows.add(row(StackId.of(String.format("envs/stack-%04d", i)), i % 3 == 0 ? RowState.DRIFTED : RowState.IN_SYNC, 50));
        }
        for (int r = 1; r <= 3; r++) {
            store.save(run(Integer.toString(r), r * 1000L, rows.toArray(Row[]::new)));
        }
        long detailBytes;
        try (Stream<Path> files = Files.list(dir.resolve("runs"))) {
            detailBytes = files.filter(f -> f.toString().endsWith(".details.json")).mapToLong(f -> f.toFile().length()).sum();
        }
        long summaryBytes;
        try (Stream<Path> files = Files.list(dir.resolve("runs"))) {
            summaryBytes = files.filter(f -> f.toString().endsWith(".summary.json")).mapToLong(f -> f.toFile().length()).sum();
        }
        // the details are what would make loading slow; the summaries do not read them at all
        try (Stream<Path> files = Files.list(dir.resolve("runs"))) {
            for (Path f : files.filter(f -> f.toString().endsWith(".details.json")).toList()) {
                Files.delete(f);
            }
        }
        HistoryStore reopened = new HistoryStore(dir);
        List<RunSummary> summaries = reopened.summaries();
        Map<StackId, StackStatus> statuses = reopened.stackStatuses();

        assertThat(summaries).hasSize(3);
        assertThat(summaries.get(0).counts().total()).isEqualTo(1000);
        assertThat(summaries.get(0).counts().drifted()).isEqualTo(334);
        assertThat(summaries.get(0).drifted()).hasSize(RunSummary.ID_CAP);
        assertThat(statuses).hasSize(1000);
        assertThat(reopened.warnings()).isEmpty();
        assertThat(detailBytes).isGreaterThan(3 * 50_000L * 50);
        assertThat(summaryBytes).isLessThan(3 * 4096L);
    }

    @Test
    void aDeployThatNeverFinishedBecomesAnInterruptedTrailEntry() {
        HistoryStore store = new HistoryStore(dir);
        store.markDeployStarted(NETWORK, "41", 1000, DeployKind.DEPLOY);
        store.markDeployStarted(APP, "42", 2000, DeployKind.DEPLOY);
        store.markDeployFinished(APP);
        assertThat(store.deploysInProgress()).extracting(DeployMarker::stack).containsExactly(NETWORK);

        // the run that wrote it is still running: nothing to recover
        assertThat(store.recoverInterrupted(m -> true)).isEmpty();
        assertThat(store.deploysInProgress()).hasSize(1);

        List<TrailEntry> recovered = new HistoryStore(dir).recoverInterrupted(m -> false);
        assertThat(recovered).singleElement().satisfies(e -> {
            assertThat(e.stack()).isEqualTo(NETWORK);
            assertThat(e.result()).isEqualTo(TrailResult.INTERRUPTED);
            assertThat(e.runId()).isEqualTo("41");
            assertThat(e.reason()).contains("run 41 ended before this deploy finished");
            // when it died is unknown: the marker's start, never 0 (lists ordered by finish time put it at 1970)
            assertThat(e.finishedAt()).isEqualTo(1000);
        });
        assertThat(store.trail()).containsExactlyElementsOf(recovered);
        assertThat(store.deploysInProgress()).isEmpty();
    }

    @Test
    void aMarkerOfALiveProcessCountsAsRunningOneOfAGoneProcessANewProcessOfItsPidOrThisPidDoesNot() throws Exception {
        HistoryStore store = new HistoryStore(dir);
        DeployMarker mine = store.markDeployStarted(NETWORK, "1", 1, DeployKind.DEPLOY);
        // read back as the next run reads it: the owner's start time is on disk
        assertThat(store.deploysInProgress()).singleElement().extracting(DeployMarker::owner).isEqualTo(ProcessOwner.current());
        // the CLI asks as its run starts: a marker of its own pid is a run that died before it got the pid
        assertThat(HistoryStore.isRunningHere(mine)).isFalse();
        Process live = new ProcessBuilder("sleep", "60").start();
        try {
            ProcessOwner owner = ProcessOwner.of(live.toHandle());
            assertThat(HistoryStore.isRunningHere(marker(mine.host(), owner))).isTrue();
            // the same pid, another process (a fresh pid namespace gives the next run the pid of the killed one)
            assertThat(HistoryStore.isRunningHere(marker(mine.host(), new ProcessOwner(owner.pid(), owner.started() - 1000))))
                    .isFalse();
        } finally {
            live.destroyForcibly().waitFor();
        }
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        child.waitFor();
        assertThat(HistoryStore.isRunningHere(marker(mine.host(), new ProcessOwner(child.pid(), -1)))).isFalse();
        assertThat(HistoryStore.isRunningHere(marker("another-host.example", new ProcessOwner(child.pid(), -1)))).isTrue();
    }

    @Test
    void aMarkerWrittenBeforeItsOwnerHadAStartTimeReadsAsUnknown() throws Exception {
        Path file = new HistoryLayout(dir).markerFile(NETWORK);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"format\":\"stackdrift-deploy-marker/1\",\"stack\":\"network\",\"runId\":\"4\",\"startedAt\":1,"
                + "\"host\":\"h\",\"pid\":77}");

        assertThat(new HistoryStore(dir).deploysInProgress()).singleElement().extracting(DeployMarker::owner)
                .isEqualTo(new ProcessOwner(77, -1));
    }

    private static DeployMarker marker(final String host, final ProcessOwner owner) {
        return new DeployMarker(NETWORK, "1", 1, host, owner, DeployKind.DEPLOY);
    }

    @Test
    void aCorruptMarkerIsSkippedNotFatal() throws IOException {
        HistoryStore store = new HistoryStore(dir);
        store.markDeployStarted(NETWORK, "1", 1, DeployKind.DEPLOY);
        Files.createDirectories(dir.resolve("deploying"));
        Files.writeString(dir.resolve("deploying/garbage.json"), "{\"format\":", StandardCharsets.UTF_8);
        assertThat(store.deploysInProgress()).extracting(DeployMarker::stack).containsExactly(NETWORK);
        assertThat(store.warnings()).singleElement().asString().contains("garbage.json");
    }

    // ------------------------------------------------------------------ unreadable index and trail

    private List<Path> asideFiles(final String name) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith(name + ".unreadable-")).toList();
        }
    }

    @Test
    void aTruncatedTrailIsMovedAsideNotOverwritten() throws IOException {
        HistoryStore store = new HistoryStore(dir);
        TrailEntry old = new TrailEntry(NETWORK, "1", 10, 20, TrailResult.DEPLOYED, false, List.of(), "", 0);
        store.save(new RunRecord("1", RunKind.DEPLOY, "", 1, 30, List.of(), List.of(old)));
        Path trail = dir.resolve("trail.json");
        String whole = Files.readString(trail);
        String cut = whole.substring(0, whole.length() - 5);
        Files.writeString(trail, cut);

        TrailEntry next = new TrailEntry(APP, "2", 40, 50, TrailResult.DEPLOYED, false, List.of(), "", 0);
        store.save(new RunRecord("2", RunKind.DEPLOY, "", 35, 60, List.of(), List.of(next)));

        assertThat(asideFiles("trail.json")).singleElement().satisfies(aside -> {
            assertThat(Files.readString(aside)).isEqualTo(cut);
            assertThat(store.warnings()).anySatisfy(w -> assertThat(w).contains("trail.json could not be read")
                    .contains("moved it to " + aside.getFileName()));
        });
        assertThat(store.trail()).containsExactly(next);
    }

    @Test
    void aTrailOfANewerFormatIsMovedAsideNotOverwritten() throws IOException {
        HistoryStore store = new HistoryStore(dir);
        String newer = "{\"format\":\"stackdrift-trail/99\",\"entries\":[{\"stack\":\"network\",\"something\":\"new\"}]}";
        Files.writeString(dir.resolve("trail.json"), newer);
        assertThat(store.recoverInterrupted(m -> false)).isEmpty();
        store.markDeployStarted(NETWORK, "41", 1000, DeployKind.DEPLOY);

        store.recoverInterrupted(m -> false);

        assertThat(asideFiles("trail.json")).singleElement().satisfies(aside -> assertThat(Files.readString(aside)).isEqualTo(newer));
        assertThat(store.warnings()).anySatisfy(w -> assertThat(w).contains("stackdrift-trail/99"));
        assertThat(store.trail()).extracting(TrailEntry::result).containsExactly(TrailResult.INTERRUPTED);
    }

    @Test
    void anUnreadableStackIndexIsMovedAsideNotOverwritten() throws IOException {
        HistoryStore store = new HistoryStore(dir);
        Path stacks = dir.resolve("stacks.json");
        String newer = "{\"format\":\"stackdrift-stack-index/99\",\"stacks\":[]}";
        Files.writeString(stacks, newer);
        store.save(run("1", 1000, row(NETWORK, RowState.IN_SYNC, 0)));
        Files.writeString(stacks, "{\"format\":\"stackdrift-stack-index/1\",\"stacks\":[{\"id\":\"netw");
        store.save(run("2", 2000, row(APP, RowState.IN_SYNC, 0)));

        assertThat(asideFiles("stacks.json")).hasSize(2).extracting(Files::readString)
                .containsExactlyInAnyOrder(newer, "{\"format\":\"stackdrift-stack-index/1\",\"stacks\":[{\"id\":\"netw");
        assertThat(store.stackStatuses()).containsOnlyKeys(APP);
        assertThat(store.warnings()).filteredOn(w -> w.contains("stacks.json could not be read")).hasSize(2);
    }

    @Test
    void aMissingTrailOrIndexIsNoProblem() throws IOException {
        HistoryStore store = new HistoryStore(dir);
        store.save(run("1", 1000, row(NETWORK, RowState.IN_SYNC, 0)));
        assertThat(asideFiles("stacks.json")).isEmpty();
        assertThat(store.warnings()).isEmpty();
    }

    // ------------------------------------------------------------------ skipped rows

    @Test
    void aSkippedRowKeepsTheStateAndTheRowOfTheLastRunThatLookedAtTheStack() {
        HistoryStore store = new HistoryStore(dir);
        Row awaiting = Row.of(APP, Tool.PULUMI, "app", RowState.AWAITING_APPROVAL, "")
                .withDrift(List.of(new Change(Action.UPDATE, "aws:s3:Bucket", "logs", List.of("tags"), Cause.DRIFT)))
                .withDependsOn(List.of(NETWORK));
        store.save(run("1", 1000, awaiting, row(NETWORK, RowState.IN_SYNC, 0)));
        Row skipped = Row.of(APP, Tool.PULUMI, "app", RowState.SKIPPED, "a plan of it awaits approval");
        store.save(run("2", 2000, skipped, row(NETWORK, RowState.IN_SYNC, 0)));
        store.save(run("3", 3000, skipped));

        StackStatus status = store.stackStatuses().get(APP);
        assertThat(status.lastState()).isEqualTo(RowState.AWAITING_APPROVAL);
        assertThat(status.lastRunId()).isEqualTo("1");
        assertThat(status.lastCheckedAt()).isEqualTo(1000);
        assertThat(status.dependsOn()).containsExactly(NETWORK);
        assertThat(store.stackStatuses().get(NETWORK).lastState()).isEqualTo(RowState.IN_SYNC);
    }

    @Test
    void aStackSeenOnlySkippedHasASkippedStatus() {
        HistoryStore store = new HistoryStore(dir);
        Row skipped = Row.of(APP, Tool.PULUMI, "app", RowState.SKIPPED, "drift mode off");
        store.save(run("1", 1000, skipped));
        assertThat(store.stackStatuses().get(APP).lastState()).isEqualTo(RowState.SKIPPED);
        assertThat(store.stackStatuses().get(APP).dependsOn()).isEmpty();
        assertThat(store.latestDrift(APP)).isEmpty();
    }

    @Test
    void whatTheLastRowThatWasNotSkippedFoundOutlivesItsPrunedRun() {
        HistoryStore store = new HistoryStore(dir, new HistoryStore.Limits(2, 10));
        Row preview = Row.of(APP, Tool.PULUMI, "app", RowState.DRIFTED, "")
                .withDrift(List.of(new Change(Action.UPDATE, "aws:s3:Bucket", "logs", List.of("tags"), Cause.DRIFT)))
                .withDependsOn(List.of(NETWORK));
        store.save(run("1", 1000, preview));
        Row skipped = Row.of(APP, Tool.PULUMI, "app", RowState.SKIPPED, "not due");
        for (int i = 2; i <= 4; i++) {
            store.save(run(Integer.toString(i), i * 1000L, skipped));
        }
        assertThat(store.details(1)).isEmpty();
        assertThat(store.stackStatuses().get(APP).lastRunId()).isEqualTo("1");
        assertThat(store.stackStatuses().get(APP).dependsOn()).containsExactly(NETWORK);
        assertThat(store.latestDrift(APP)).contains(preview);
    }
}
