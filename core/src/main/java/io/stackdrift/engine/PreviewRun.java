package io.stackdrift.engine;

import static io.stackdrift.engine.StackTasks.finish;
import static io.stackdrift.engine.StackTasks.withCredentials;

import io.stackdrift.graph.TaskOutcome;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.tool.PlanPurpose;

/** A preview of every selected stack, in no order: rows with pending changes, drift and depends-on. */
final class PreviewRun implements RunBody {
    @Override
    public void run(final RunContext run) throws InterruptedException {
        StackTasks.runUnordered(run, run.stackIds(), id -> withCredentials(run, run.stack(id), (stack, env) -> {
            run.progress("previewing " + id + " (" + stack.tool().word() + ")…");
            Row row = StackTasks.planRow(run, stack, PlanPurpose.PREVIEW, env);
            finish(run, row);
            return row.state() == RowState.FAILED ? TaskOutcome.failed(row.reason()) : TaskOutcome.succeeded();
        }));
    }
}
