package io.stackdrift.engine;

import static io.stackdrift.engine.StackTasks.environment;
import static io.stackdrift.engine.StackTasks.finish;

import java.util.Map;
import java.util.Optional;

import io.stackdrift.config.StackConfig;
import io.stackdrift.graph.TaskOutcome;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.tool.PlanPurpose;

/** A preview of every selected stack, in no order: rows with pending changes, drift and depends-on. */
final class PreviewRun implements RunBody {
    @Override
    public void run(final RunContext run) throws InterruptedException {
        StackTasks.runUnordered(run, run.stackIds(), id -> {
            StackConfig stack = run.stack(id);
            Optional<Map<String, String>> env = environment(run, stack);
            if (env.isEmpty()) {
                return TaskOutcome.failed(run.row(id).reason());
            }
            run.progress("previewing " + id + " (" + stack.tool().word() + ")…");
            Row row = StackTasks.planRow(run, stack, PlanPurpose.PREVIEW, env.get());
            finish(run, row);
            return row.state() == RowState.FAILED ? TaskOutcome.failed(row.reason()) : TaskOutcome.succeeded();
        });
    }
}
