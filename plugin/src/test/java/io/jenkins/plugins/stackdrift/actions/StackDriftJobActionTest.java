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
import java.util.List;
import java.util.Map;

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

import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
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
        List<StackDriftJobAction.TrendPoint> trend = new StackDriftJobAction(job).getTrend();
        assertThat(trend).extracting(StackDriftJobAction.TrendPoint::getBuild).containsExactly(1, 3);
        assertThat(trend.get(1).getSummary().getDrifted()).isEqualTo(1);
    }

    /** A step of a build with its details stored under its id, attached to the build. */
    private static StackDriftRunAction step(final Run<?, ?> build, final File buildDir, final String id, final RunRecord record)
            throws Exception {
        RunDetails.store(out -> RecordJson.writeRun(out, 1, record), RunDetails.createDirectoryFor(buildDir, id));
        StackDriftRunAction action = new StackDriftRunAction(id, BuildSummary.of(record));
        action.onLoad(build);
        return action;
    }

    private static RunRecord record(final RunKind kind, final long finishedAt, final Row... rows) {
        return new RunRecord("1", kind, "", 1L, finishedAt, List.of(rows), List.of());
    }

    @Test
    void aBuildWithSeveralStepsIsOnePointThatCountsEachStackOnceAsTheLastStepSawIt(@TempDir final File buildDir) throws Exception {
        Run<?, ?> build = mock(Run.class);
        when(build.getRootDir()).thenReturn(buildDir);
        when(build.getNumber()).thenReturn(5);
        doReturn(build).when(job).getLastCompletedBuild();
        // a check found a drifted and b in sync, then a deploy put a back; shards in parallel checked c and d
        StackDriftRunAction check = step(build, buildDir, "check", record(RunKind.CHECK, 10L,
                TestRecords.row("a", RowState.DRIFTED), TestRecords.row("b", RowState.IN_SYNC)));
        StackDriftRunAction deploy = step(build, buildDir, "deploy", record(RunKind.DEPLOY, 20L, TestRecords.row("a", RowState.IN_SYNC)));
        StackDriftRunAction eu = step(build, buildDir, "shard-eu", record(RunKind.CHECK, 15L, TestRecords.row("c", RowState.FAILED)));
        StackDriftRunAction us = step(build, buildDir, "shard-us", record(RunKind.CHECK, 16L, TestRecords.row("d", RowState.DRIFTED)));
        when(build.getActions(StackDriftRunAction.class)).thenReturn(List.of(deploy, check, eu, us));

        List<StackDriftJobAction.TrendPoint> trend = new StackDriftJobAction(job).getTrend();

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
    void aBuildWithSeveralStepsWhoseDetailsAreGoneAddsUpTheirCounts() {
        Run<?, ?> build = mock(Run.class);
        doReturn(build).when(job).getLastCompletedBuild();
        when(build.getActions(StackDriftRunAction.class)).thenReturn(List.of(
                new StackDriftRunAction("shard-eu", BuildSummary.of(TestRecords.record(RunKind.CHECK,
                        TestRecords.row("a", RowState.DRIFTED)))),
                new StackDriftRunAction("shard-us", BuildSummary.of(TestRecords.record(RunKind.CHECK,
                        TestRecords.row("b", RowState.IN_SYNC),
                        TestRecords.row("c", RowState.IN_SYNC))))));
        BuildSummary merged = new StackDriftJobAction(job).getTrend().get(0).getSummary();
        assertThat(merged.getTotal()).isEqualTo(3);
        assertThat(merged.getDrifted()).isEqualTo(1);
        assertThat(merged.getInSync()).isEqualTo(2);
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
                "3", 1L, 2L, TrailResult.DEPLOYED, true, List.of("aws_vpc.main.tags.Owner"), "");
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
