package io.jenkins.plugins.stackdrift.actions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.thoughtworks.xstream.XStream;
import hudson.model.Job;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.TestRecords;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import io.jenkins.plugins.stackdrift.history.RunDetails;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kohsuke.stapler.StaplerRequest2;
import org.kohsuke.stapler.StaplerResponse2;

import io.stackdrift.model.Counts;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.HistoryLayout;
import io.stackdrift.record.RecordJson;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

class StackDriftJobActionTest {
    private final Job<?, ?> job = mock(Job.class);

    /** Builds #3 (drift), #2 (no Stack Drift step), #1 (clean), newest first. */
    private void history() {
        Run<?, ?> b3 = mock(Run.class);
        Run<?, ?> b2 = mock(Run.class);
        Run<?, ?> b1 = mock(Run.class);
        doReturn(b3).when(job).getLastCompletedBuild();
        doReturn(b2).when(b3).getPreviousBuild();
        doReturn(b1).when(b2).getPreviousBuild();
        when(b3.getNumber()).thenReturn(3);
        when(b1.getNumber()).thenReturn(1);
        when(b3.getActions(StackDriftRunAction.class)).thenReturn(List.of(new StackDriftRunAction("check", BuildSummary.of(
                TestRecords.record(RunKind.CHECK, TestRecords.row("a", RowState.DRIFTED), TestRecords.row("b", RowState.IN_SYNC))))));
        when(b1.getActions(StackDriftRunAction.class)).thenReturn(List.of(new StackDriftRunAction("check", BuildSummary.of(
                TestRecords.record(RunKind.CHECK, TestRecords.row("a", RowState.IN_SYNC))))));
    }

    @Test
    void theTrendComesFromTheSmallSummariesOldestFirst() {
        history();
        List<TrendPoint> trend = new StackDriftJobAction(job).getTrend();
        assertThat(trend).extracting(TrendPoint::getBuild).containsExactly(1, 3);
        assertThat(trend.get(1).getSummary().getDrifted()).isEqualTo(1);
    }

    /**
     * Jenkins reads a damaged part of build.xml back as nothing (RobustReflectionConverter leaves the field empty, or
     * drops the action from the list, and tells Manage Old Data): such a build is named on the job page, not dropped
     * without a word, and the trend stays in build-number order.
     */
    @Test
    void aBuildWhoseSummaryJenkinsCouldNotReadIsNamedOnTheJobPage(@TempDir final Path jobDir) throws Exception {
        Run<?, ?> b4 = mock(Run.class);
        Run<?, ?> b3 = mock(Run.class);
        Run<?, ?> b2 = mock(Run.class);
        Run<?, ?> b1 = mock(Run.class);
        doReturn(b4).when(job).getLastCompletedBuild();
        doReturn(b3).when(b4).getPreviousBuild();
        doReturn(b2).when(b3).getPreviousBuild();
        doReturn(b1).when(b2).getPreviousBuild();
        when(b4.getNumber()).thenReturn(4);
        when(b3.getNumber()).thenReturn(3);
        when(b2.getNumber()).thenReturn(2);
        when(b1.getNumber()).thenReturn(1);
        when(job.getRootDir()).thenReturn(jobDir.toFile());
        File dir3 = Files.createDirectories(jobDir.resolve("builds/3")).toFile();
        RunDetails.createDirectoryFor(dir3, "check");
        when(b3.getRootDir()).thenReturn(dir3);
        when(b2.getRootDir()).thenReturn(Files.createDirectories(jobDir.resolve("builds/2")).toFile());
        // build 1 ran far in the future by its clock: still the oldest
        RunRecord ahead = new RunRecord("1", RunKind.CHECK, "", 4_000_000_000_000L, 4_000_000_001_000L,
                List.of(TestRecords.row("a", RowState.DRIFTED)), List.of());
        when(b1.getActions(StackDriftRunAction.class)).thenReturn(List.of(new StackDriftRunAction("check", BuildSummary.of(ahead))));
        // build 2: its summary field could not be read; build 3: its action was dropped, its details are there
        when(b2.getActions(StackDriftRunAction.class)).thenReturn(List.of(new StackDriftRunAction("check", null)));
        when(b3.getActions(StackDriftRunAction.class)).thenReturn(List.of());
        when(b4.getActions(StackDriftRunAction.class)).thenReturn(List.of(new StackDriftRunAction("check", BuildSummary.of(
                TestRecords.record(RunKind.CHECK, TestRecords.row("a", RowState.IN_SYNC))))));

        StackDriftJobAction action = new StackDriftJobAction(job);
        Document page = Jsoup.parse(action.getFragment());

        assertThat(action.getTrend()).extracting(TrendPoint::getBuild).containsExactly(1, 4);
        assertThat(page.select(".sd-trend-skipped li").eachText()).containsExactly(
                "build #3: its Stack Drift summary in build.xml could not be read (Manage Jenkins \u203A Manage Old Data names the error)",
                "build #2: its Stack Drift summary in build.xml could not be read (Manage Jenkins \u203A Manage Old Data names the error)");
        assertThat(page.select("desc").text()).contains("Newest: Run #4:");
    }

    /** A step of a build with its details stored under its id, loaded with its build (no merge made). */
    private static StackDriftRunAction step(final Run<?, ?> build, final File buildDir, final String id, final RunRecord record)
            throws Exception {
        RunDetails.store(out -> RecordJson.writeRun(out, 1, record), RunDetails.createDirectoryFor(buildDir, id));
        StackDriftRunAction action = new StackDriftRunAction(id, BuildSummary.of(record));
        action.onLoad(build);
        return action;
    }

    /** The steps of a build as a running build adds them, one after the other: each is attached with those before it. */
    private static List<StackDriftRunAction> attachInTurn(final Run<?, ?> build, final File buildDir, final Map<String, RunRecord> steps)
            throws Exception {
        List<StackDriftRunAction> attached = new ArrayList<>();
        for (Map.Entry<String, RunRecord> step : steps.entrySet()) {
            RunDetails.store(out -> RecordJson.writeRun(out, 1, step.getValue()), RunDetails.createDirectoryFor(buildDir, step.getKey()));
            StackDriftRunAction action = new StackDriftRunAction(step.getKey(), BuildSummary.of(step.getValue()));
            attached.add(action);
            when(build.getActions(StackDriftRunAction.class)).thenReturn(List.copyOf(attached));
            action.onAttached(build);
        }
        return attached;
    }

    private static RunRecord record(final RunKind kind, final long finishedAt, final Row... rows) {
        return new RunRecord("1", kind, "", 1L, finishedAt, List.of(rows), List.of());
    }

    /** A check found a drifted and b in sync, then a deploy put a back; shards in parallel checked c and d. */
    private static Map<String, RunRecord> checkShardsAndDeploy() {
        Map<String, RunRecord> steps = new LinkedHashMap<>();
        steps.put("check", record(RunKind.CHECK, 10L, TestRecords.row("a", RowState.DRIFTED), TestRecords.row("b", RowState.IN_SYNC)));
        steps.put("shard-eu", record(RunKind.CHECK, 15L, TestRecords.row("c", RowState.FAILED)));
        steps.put("shard-us", record(RunKind.CHECK, 16L, TestRecords.row("d", RowState.DRIFTED)));
        steps.put("deploy", record(RunKind.DEPLOY, 20L, TestRecords.row("a", RowState.IN_SYNC)));
        return steps;
    }

    @Test
    void aBuildWithSeveralStepsIsOnePointThatCountsEachStackOnceAsTheLastStepSawIt(@TempDir final File buildDir) throws Exception {
        Run<?, ?> build = mock(Run.class);
        when(build.getRootDir()).thenReturn(buildDir);
        when(build.getNumber()).thenReturn(5);
        doReturn(build).when(job).getLastCompletedBuild();
        List<StackDriftRunAction> steps = attachInTurn(build, buildDir, checkShardsAndDeploy());
        // Jenkins lists a build's actions in its own order
        when(build.getActions(StackDriftRunAction.class)).thenReturn(List.of(steps.get(3), steps.get(0), steps.get(1), steps.get(2)));

        List<TrendPoint> trend = new StackDriftJobAction(job).getTrend();

        assertThat(trend).singleElement().satisfies(point -> {
            assertThat(point.getBuild()).isEqualTo(5);
            BuildSummary merged = point.getSummary();
            assertThat(merged.getTotal()).isEqualTo(4);
            assertThat(merged.getDriftedIds()).containsExactly("d");
            assertThat(merged.getFailedIds()).containsExactly("c");
            assertThat(merged.getInSync()).isEqualTo(2);
            assertThat(merged.getKind()).isEqualTo("drift check, deploy");
            assertThat(merged.getFinishedAt()).isEqualTo(20L);
        });
        assertThat(new StackDriftJobAction(job).badgeCounts().drifted()).isEqualTo(1);
    }

    @Test
    void theBuildsMergeOutlivesBuildXml(@TempDir final File buildDir) throws Exception {
        Run<?, ?> build = mock(Run.class);
        when(build.getRootDir()).thenReturn(buildDir);
        List<StackDriftRunAction> steps = attachInTurn(build, buildDir, checkShardsAndDeploy());
        XStream xstream = new XStream();
        xstream.allowTypesByWildcard(new String[] {"io.jenkins.plugins.stackdrift.**"});
        List<StackDriftRunAction> loaded = new ArrayList<>();
        for (StackDriftRunAction step : steps) {
            loaded.add((StackDriftRunAction) xstream.fromXML(xstream.toXML(step)));
        }
        assertThat(xstream.toXML(steps.get(3))).contains("<stepsSoFar>4</stepsSoFar>").doesNotContain("tags.Name");

        BuildSummary merged = BuildMerge.ofBuild(loaded);

        assertThat(merged.getTotal()).isEqualTo(4);
        assertThat(merged.getDriftedIds()).containsExactly("d");
    }

    /**
     * Opening the job page (the factory, the section with its trend, trail and drift ages, and the badge) reads no
     * details: every details file — of each build's steps and of the job history's runs — says something else (stack
     * {@code read-from-details} drifted), and nothing of it shows.
     */
    @Test
    void openingTheJobPageReadsSummariesOnlyNeverADetailsFile(@TempDir final Path jobDir) throws Exception {
        when(job.getRootDir()).thenReturn(jobDir.toFile());
        JobHistory history = JobHistory.inJobDir(jobDir.toFile());
        RunRecord lie = record(RunKind.CHECK, 30L, TestRecords.row("read-from-details", RowState.DRIFTED),
                TestRecords.row("a", RowState.FAILED), TestRecords.row("b", RowState.FAILED), TestRecords.row("c", RowState.FAILED));
        Run<?, ?> newer = mock(Run.class);
        Run<?, ?> older = mock(Run.class);
        doReturn(newer).when(job).getLastCompletedBuild();
        doReturn(older).when(newer).getPreviousBuild();
        when(newer.getNumber()).thenReturn(2);
        when(older.getNumber()).thenReturn(1);
        File newerDir = Files.createDirectories(jobDir.resolve("builds/2")).toFile();
        File olderDir = Files.createDirectories(jobDir.resolve("builds/1")).toFile();
        when(newer.getRootDir()).thenReturn(newerDir);
        when(older.getRootDir()).thenReturn(olderDir);
        attachInTurn(newer, newerDir, checkShardsAndDeploy());
        // a build recorded before the merge was kept: two steps loaded from build.xml, details on disk
        StackDriftRunAction oldCheck = step(older, olderDir, "check", record(RunKind.CHECK, 5L, TestRecords.row("a", RowState.DRIFTED)));
        StackDriftRunAction oldDeploy = step(older, olderDir, "deploy", record(RunKind.DEPLOY, 6L, TestRecords.row("a", RowState.IN_SYNC)));
        when(older.getActions(StackDriftRunAction.class)).thenReturn(List.of(oldCheck, oldDeploy));
        for (RunRecord run : checkShardsAndDeploy().values()) {
            history.save(run, Map.of());
        }
        // from here on, every details file lies
        try (Stream<Path> files = Files.walk(jobDir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().equals(RunDetails.FILE_NAME)
                    || f.getFileName().toString().endsWith(".details.json")).toList()) {
                Files.delete(file);
                try (var out = Files.newOutputStream(file)) {
                    RecordJson.writeRun(out, 1, lie);
                }
            }
        }

        StackDriftJobAction action = (StackDriftJobAction) new StackDriftJobActionFactory().createFor(job).iterator().next();
        String fragment = action.getFragment();
        List<TrendPoint> trend = action.getTrend();
        Counts badge = action.badgeCounts();

        assertThat(fragment).doesNotContain("read-from-details");
        assertThat(trend).extracting(p -> p.getSummary().getTotal()).containsExactly(2, 4);
        assertThat(trend.get(1).getSummary().getDriftedIds()).containsExactly("d");
        assertThat(trend.get(0).getSummary().getDriftedIds()).as("added up, ids unknown").isEmpty();
        assertThat(badge.failed()).isEqualTo(1);
        assertThat(badge.drifted()).isEqualTo(1);
    }

    @Test
    void recentlyDeployedReadsTheTrailNoFurtherThanThePageShows(@TempDir final Path jobDir) throws Exception {
        when(job.getRootDir()).thenReturn(jobDir.toFile());
        List<TrailEntry> deploys = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            deploys.add(new TrailEntry(StackId.of("stack-" + i), "1", i, i + 1L, TrailResult.DEPLOYED, false, List.of(), "", 0));
        }
        JobHistory.inJobDir(jobDir.toFile()).save(new RunRecord("1", RunKind.DEPLOY, "", 0L, 50L, List.of(), deploys), Map.of());
        Path trail = new HistoryLayout(JobHistory.inJobDir(jobDir.toFile()).directory()).trailFile();
        String whole = Files.readString(trail);
        // the file is newest first: cut it inside the 31st entry, which the page does not show
        int at = -1;
        for (int i = 0; i < 31; i++) {
            at = whole.indexOf("{\"stack\"", at + 1);
        }
        Files.writeString(trail, whole.substring(0, at + 12));

        List<TrailEntry> shown = new StackDriftJobAction(job).getTrail();

        assertThat(shown).hasSize(30).first().extracting(e -> e.stack().value()).isEqualTo("stack-39");
        assertThat(new StackDriftJobAction(job).getFragment()).contains("stack-39<").contains("stack-10<").doesNotContain("stack-9<");
    }

    @Test
    void theBadgesFallBackReadsTheNewestSummaryOnly(@TempDir final Path jobDir) throws Exception {
        JobHistory history = JobHistory.inJobDir(jobDir.toFile());
        for (RunRecord run : checkShardsAndDeploy().values()) {
            history.save(run, Map.of());
        }
        HistoryLayout layout = new HistoryLayout(history.directory());
        for (long older = 1; older <= 3; older++) {
            Files.writeString(layout.summaryFile(older), "{\"cut short");
        }

        assertThat(history.latestCounts()).hasValueSatisfying(counts -> assertThat(counts.total()).isEqualTo(1));
        assertThat(history.warnings()).as("the older summaries were never opened").isEmpty();
    }

    @Test
    void aBuildWithSeveralStepsWhoseDetailsAreGoneAddsUpTheirCounts() {
        Run<?, ?> build = mock(Run.class);
        doReturn(build).when(job).getLastCompletedBuild();
        when(build.getActions(StackDriftRunAction.class)).thenReturn(List.of(
                new StackDriftRunAction("shard-eu", BuildSummary.of(TestRecords.record(RunKind.CHECK,
                        TestRecords.row("a", RowState.DRIFTED)))),
                new StackDriftRunAction("shard-us", BuildSummary.of(TestRecords.record(RunKind.CHECK,
                        TestRecords.row("b", RowState.IN_SYNC),
                        TestRecords.row("c", RowState.IN_SYNC),
                        TestRecords.row("d", RowState.NOT_DEPLOYED))))));
        BuildSummary merged = new StackDriftJobAction(job).getTrend().get(0).getSummary();
        assertThat(merged.getTotal()).isEqualTo(4);
        assertThat(merged.getDrifted()).isEqualTo(1);
        assertThat(merged.getInSync()).isEqualTo(2);
        // every count of the table is summed, the ones added later too
        assertThat(merged.getNotDeployed()).isEqualTo(1);
    }

    @Test
    void theBadgeIsServedAsSvgAtItsStableName() throws Exception {
        history();
        StaplerRequest2 req = mock(StaplerRequest2.class);
        StaplerResponse2 rsp = mock(StaplerResponse2.class);
        StringWriter body = new StringWriter();
        when(req.getRestOfPath()).thenReturn("/badge.svg");
        when(rsp.getWriter()).thenReturn(new PrintWriter(body));
        new StackDriftJobAction(job).doDynamic(req, rsp);
        verify(rsp).setContentType("image/svg+xml;charset=UTF-8");
        assertThat(body.toString()).startsWith("<svg").contains("1 stack").contains("drift");
    }

    @Test
    void theJobPageIsTheCoresDriftPictureAndTheJobHistorysTrail() throws Exception {
        history();
        Path jobDir = Files.createTempDirectory("job");
        when(job.getRootDir()).thenReturn(jobDir.toFile());
        TrailEntry entry = new TrailEntry(StackId.of("net<i>x</i>"),
                "3", 1L, 2L, TrailResult.DEPLOYED, true, List.of("aws_vpc.main.tags.Owner"), "", 0);
        JobHistory.inJobDir(jobDir.toFile()).save(new RunRecord("3", RunKind.DEPLOY, "", 1L, 2L,
                List.of(TestRecords.row("net<i>x</i>", RowState.IN_SYNC)), List.of(entry)), Map.of());

        Document page = Jsoup.parse(new StackDriftJobAction(job).getFragment());

        assertThat(page.select("i")).isEmpty();
        assertThat(page.text()).contains("net<i>x</i>").contains("aws_vpc.main.tags.Owner");
        assertThat(page.select("svg, table")).isNotEmpty();
    }

    @Test
    void otherNamesAreNotFound() throws Exception {
        StaplerRequest2 req = mock(StaplerRequest2.class);
        StaplerResponse2 rsp = mock(StaplerResponse2.class);
        when(req.getRestOfPath()).thenReturn("/other");
        new StackDriftJobAction(job).doDynamic(req, rsp);
        verify(rsp).sendError(404);
    }

    @Test
    void theFactoryAddsThePictureOnlyToJobsWithStackDriftBuilds() throws Exception {
        when(job.getRootDir()).thenReturn(Files.createTempDirectory("job").toFile());
        StackDriftJobActionFactory factory = new StackDriftJobActionFactory();
        assertThat(factory.createFor(job)).isEmpty();
        history();
        assertThat(factory.createFor(job)).singleElement().isInstanceOf(StackDriftJobAction.class);
    }

    @Test
    void theFactoryKeepsThePictureWhenTheLastBuildHasNoRecordButTheJobHasHistory() throws Exception {
        Path jobDir = Files.createTempDirectory("job");
        when(job.getRootDir()).thenReturn(jobDir.toFile());
        Run<?, ?> aborted = mock(Run.class);
        doReturn(aborted).when(job).getLastCompletedBuild();
        StackDriftJobActionFactory factory = new StackDriftJobActionFactory();
        assertThat(factory.createFor(job)).isEmpty();

        JobHistory.inJobDir(jobDir.toFile()).save(new RunRecord("1", RunKind.CHECK, "", 1L, 2L,
                List.of(TestRecords.row("net", RowState.DRIFTED)), List.of()), Map.of());

        assertThat(factory.createFor(job)).singleElement().isInstanceOf(StackDriftJobAction.class);
    }

    @Test
    void theBadgeFallsBackToTheJobHistoryWhenNoRecentBuildHasARecord() throws Exception {
        Path jobDir = Files.createTempDirectory("job");
        when(job.getRootDir()).thenReturn(jobDir.toFile());
        doReturn(mock(Run.class)).when(job).getLastCompletedBuild();
        JobHistory.inJobDir(jobDir.toFile()).save(new RunRecord("1", RunKind.CHECK, "", 1L, 2L,
                List.of(TestRecords.row("net", RowState.DRIFTED), TestRecords.row("dns", RowState.IN_SYNC)), List.of()), Map.of());

        assertThat(new StackDriftJobAction(job).badgeCounts().drifted()).isEqualTo(1);
    }
}
