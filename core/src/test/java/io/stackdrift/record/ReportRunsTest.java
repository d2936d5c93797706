package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/** A report's rows are files read elsewhere, not stacks: named like a configured stack, they change nothing of it. */
class ReportRunsTest {
    private static final StackId NET = StackId.of("net");

    @TempDir
    Path dir;

    @Test
    void aReportRowNamedLikeAStackLeavesThatStacksStatusAndDriftAsTheyWere() {
        HistoryStore store = new HistoryStore(dir);
        Row drifted = Row.of(NET, Tool.TERRAFORM, "net", RowState.DRIFTED, "")
                .withDrift(List.of(new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags.Owner"), Cause.DRIFT)));
        store.save(new RunRecord("1", RunKind.CHECK, "drift check started by hand", 1000, 2000, List.of(drifted), List.of()));
        Map<StackId, StackStatus> before = store.stackStatuses();

        // a plan file named "net", and a directory given by mistake that failed to read
        store.save(new RunRecord("2", RunKind.REPORT, "report of files produced elsewhere", 5000, 6000,
                List.of(Row.of(NET, Tool.TERRAFORM, "net", RowState.IN_SYNC, ""),
                        Row.of(StackId.of("envs"), Tool.TERRAFORM, "envs", RowState.FAILED, "a directory, not a file")),
                List.of()));

        assertThat(store.stackStatuses()).isEqualTo(before);
        assertThat(store.latestDrift(NET)).isPresent();
        assertThat(store.summaries()).hasSize(2);
    }
}
