package io.stackdrift.engine;

import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;

import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.digest.StackDigest;
import io.stackdrift.graph.StackGraph;
import io.stackdrift.model.StackId;
import io.stackdrift.record.StackStatus;

/**
 * The digest a deploy of a stack records (docs/digest.md): its own, with its dependencies' digests folded in for
 * {@code onChangeOrDependency}. Every deploy records it: a deploy run's, and a drift check's repair, which is a deploy in
 * every record.
 */
final class DeployDigest {
    private DeployDigest() {
    }

    /** @param graphs the run's dependency graph, asked only for {@code onChangeOrDependency} */
    static String of(final RunContext run, final StackConfig stack, final Map<String, String> env, final Supplier<StackGraph> graphs)
            throws IOException, InterruptedException {
        String version = run.adapter(stack.tool()).version(run.call(stack, "version", env));
        String own = StackDigest.compute(run.root(), stack, run.config().stacks(), version, run.files());
        if (stack.policy() != Policy.ON_CHANGE_OR_DEPENDENCY) {
            return own;
        }
        Map<StackId, String> dependencies = new TreeMap<>();
        Set<StackId> ids = new TreeSet<>(stack.dependsOn());
        StackGraph graph = graphs.get();
        if (graph.contains(stack.id())) {
            ids.addAll(graph.dependenciesOf(stack.id()));
        }
        for (StackId dependency : ids) {
            // a dependency deployed in this run counts with its new digest
            String recorded = run.deployDigest(dependency);
            if (recorded == null) {
                StackStatus status = run.statusesAtStart().get(dependency);
                recorded = status == null ? "" : status.lastDeployDigest();
            }
            dependencies.put(dependency, recorded);
        }
        return StackDigest.withDependencies(own, dependencies);
    }
}
