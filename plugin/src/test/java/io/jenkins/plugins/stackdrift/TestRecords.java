package io.jenkins.plugins.stackdrift;

import java.util.ArrayList;
import java.util.List;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;

/** Run records built in code for the plugin's tests (the engine that makes real ones is the core's). */
public final class TestRecords {
    private TestRecords() {
    }

    public static Row row(final String id, final RowState state) {
        List<Change> drift = state.hasDrift()
                ? List.of(new Change(Action.UPDATE, "aws_instance", "aws_instance.web", List.of("tags.Name"), Cause.DRIFT))
                : List.of();
        List<Change> changes = state.hasPendingChanges()
                ? List.of(new Change(Action.CREATE, "aws_s3_bucket", "aws_s3_bucket.logs", List.of(), Cause.CODE))
                : List.of();
        String reason = state == RowState.FAILED ? "Error: no valid credential sources" : "";
        return Row.of(StackId.of(id), Tool.TERRAFORM, id, state, reason).withChanges(changes).withDrift(drift);
    }

    public static RunRecord record(final RunKind kind, final Row... rows) {
        return new RunRecord("7", kind, "started by alice", 1_000L, 2_000L, List.of(rows), List.of());
    }

    /** {@code count} stacks named like a real monorepo, every fifth drifted and every tenth failed. */
    public static RunRecord large(final int count) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            RowState state = i % 10 == 0 ? RowState.FAILED : i % 5 == 0 ? RowState.DRIFTED : RowState.IN_SYNC;
            rows.add(row(String.format("envs/production/eu-west-1/service-%04d/network", i), state));
        }
        return new RunRecord("42", RunKind.CHECK, "scheduled drift check", 1L, 2L, rows, List.of());
    }
}
