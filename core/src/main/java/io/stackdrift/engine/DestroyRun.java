package io.stackdrift.engine;

import static io.stackdrift.engine.StackTasks.finish;
import static io.stackdrift.engine.StackTasks.withCredentials;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.stackdrift.deploy.Deployed;
import io.stackdrift.deploy.StackDeployment;
import io.stackdrift.graph.ScheduleOptions;
import io.stackdrift.graph.StackGraph;
import io.stackdrift.graph.StackTask;
import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.StackId;

/**
 * A destroy (docs/engine.md, "destroy"): the deploy graph run in reverse (a stack only after every stack that depends
 * on it), no drift check and no digest or policy skip — every selected stack gets a destroy plan of this run, and only
 * that plan is applied.
 */
final class DestroyRun implements RunBody {
    @Override
    public void run(final RunContext run) throws InterruptedException {
        StackGraph.Build build = StackTasks.graph(run);
        Set<StackId> selected = new HashSet<>(run.stackIds());
        for (StackId id : new TreeSet<>(selected)) {
            // a dependent left out of the selection keeps reading this stack: say so, the person chose it
            List<String> left = build.graph().contains(id)
                    ? build.graph().dependentsOf(id).stream().filter(d -> !selected.contains(d)).map(StackId::value).toList()
                    : List.of();
            if (!left.isEmpty()) {
                run.note(id + ": destroyed although " + String.join(", ", left) + " (not selected) depends on it");
            }
        }
        StackGraph graph = build.graph().restrictTo(selected);
        DeployMode mode = run.request().mode();
        Approval approval = run.request().approval();
        StackDeployment deployment = new StackDeployment(run);
        StackTask task = id -> withCredentials(run, run.stack(id), (stack, env) -> {
            Deployed destroyed = deployment.destroy(stack, env, mode, approval);
            finish(run, destroyed.row());
            return destroyed.outcome();
        });
        StackTasks.schedule(run, graph, ScheduleOptions.destroy(run.parallelism()), task, StackTasks.stoppingListener(run));
    }
}
