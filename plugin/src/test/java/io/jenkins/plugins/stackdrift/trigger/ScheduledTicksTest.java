package io.jenkins.plugins.stackdrift.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import hudson.model.Job;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.TestRecords;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.RowState;
import io.stackdrift.record.HistoryLayout;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.RunToSave;

/** A tick of the drift schedule starts no build only on the newest build's own check's word, before its time. */
class ScheduledTicksTest {
    private static final Instant DUE = Instant.parse("2026-12-07T12:15:00Z");

    @TempDir
    Path jobDir;

    private Job<?, ?> jobWithNewestBuild(final Integer number) {
        Job<?, ?> job = mock(Job.class);
        doReturn(jobDir.toFile()).when(job).getRootDir();
        doReturn("drift").when(job).getFullName();
        if (number != null) {
            Run<?, ?> build = mock(Run.class);
            doReturn(number).when(build).getNumber();
            doReturn(build).when(job).getLastBuild();
        }
        return job;
    }

    private void checkOfBuild(final String number, final Optional<Instant> next) {
        RunRecord check = new RunRecord(number, RunKind.CHECK, "", 1L, 2L, List.of(TestRecords.row("net", RowState.IN_SYNC)),
                List.of());
        JobHistory.inJobDir(jobDir.toFile()).save(new RunToSave(check, Map.of(), Set.of(), Set.of(), Optional.empty(), next));
    }

    @Test
    void aTickBeforeTheNewestChecksTimeStartsNothingAndOneAtItStartsTheBuild() {
        checkOfBuild("3", Optional.of(DUE));
        Job<?, ?> job = jobWithNewestBuild(3);
        assertThat(ScheduledTicks.nothingDue(job, DUE.minusSeconds(60))).isTrue();
        assertThat(ScheduledTicks.nothingDue(job, DUE)).isFalse();
    }

    @Test
    void aLaterBuildAFirstBuildOrAnUnreadableFileLetsTheTickStartItsBuild() throws Exception {
        checkOfBuild("3", Optional.of(DUE));
        Instant before = DUE.minusSeconds(60);
        assertThat(ScheduledTicks.nothingDue(jobWithNewestBuild(4), before)).as("a build after the check").isFalse();
        assertThat(ScheduledTicks.nothingDue(jobWithNewestBuild(null), before)).as("no build").isFalse();

        Files.writeString(new HistoryLayout(jobDir.resolve(JobHistory.DIR_NAME)).nextCheckFile(), "{");
        assertThat(ScheduledTicks.nothingDue(jobWithNewestBuild(3), before)).as("unreadable").isFalse();
    }

    @Test
    void aJobWithoutHistoryStartsItsBuild() {
        assertThat(ScheduledTicks.nothingDue(jobWithNewestBuild(1), DUE)).isFalse();
        assertThat(jobDir.resolve(JobHistory.DIR_NAME)).as("a tick makes no history").doesNotExist();
    }
}
