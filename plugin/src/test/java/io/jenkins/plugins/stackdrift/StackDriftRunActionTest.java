package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.io.File;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import hudson.model.Run;
import io.stackdrift.model.RowState;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;

class StackDriftRunActionTest {
    @TempDir
    File buildDir;

    @Test
    void rowsAreReadFromTheDetailsFileOnlyWhenAsked() throws Exception {
        RunRecord record = TestRecords.record(RunKind.CHECK, TestRecords.row("net", RowState.DRIFTED));
        RunRecordJson.write(record, Path.of(buildDir.getPath(), RunDetails.FILE_NAME));
        Run<?, ?> run = mock(Run.class);
        when(run.getRootDir()).thenReturn(buildDir);
        StackDriftRunAction action = new StackDriftRunAction(RunSummary.of(record));
        action.onLoad(run);
        assertThat(action.getRows()).containsExactlyElementsOf(record.rowsSorted());
        assertThat(action.getRows().get(0).drift().get(0).paths()).containsExactly("tags.Name");
    }

    @Test
    void aMissingDetailsFileLeavesTheSummaryWorking() {
        Run<?, ?> run = mock(Run.class);
        when(run.getRootDir()).thenReturn(buildDir);
        StackDriftRunAction action = new StackDriftRunAction(RunSummary.of(
                TestRecords.record(RunKind.CHECK, TestRecords.row("net", RowState.DRIFTED))));
        action.onAttached(run);
        assertThat(action.getRows()).isEmpty();
        assertThat(action.getCountsLine()).isEqualTo("1 stacks · 0 in sync · 1 drifted ● · 0 pending · 0 failed");
        assertThat(action.isBadgeShown()).isTrue();
        assertThat(action.getUrlName()).isEqualTo("stack-drift");
    }

    @Test
    void theBadgeSvgShowsDriftInOrangeAndFailuresInRed() {
        RunSummary drift = RunSummary.of(TestRecords.record(RunKind.CHECK, TestRecords.row("a", RowState.DRIFTED),
                TestRecords.row("b", RowState.DRIFTED)));
        assertThat(DriftBadgeSvg.of(drift)).contains(">2 stacks<").contains("#fe7d37").startsWith("<svg");
        RunSummary failed = RunSummary.of(TestRecords.record(RunKind.CHECK, TestRecords.row("a", RowState.FAILED)));
        assertThat(DriftBadgeSvg.of(failed)).contains(">1 failed<").contains("#e05d44");
        RunSummary clean = RunSummary.of(TestRecords.record(RunKind.CHECK, TestRecords.row("a", RowState.IN_SYNC)));
        assertThat(DriftBadgeSvg.of(clean)).contains(">in sync<");
    }
}
