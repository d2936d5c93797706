package io.stackdrift.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import io.stackdrift.config.ConfigLoader;
import io.stackdrift.config.ConfigResult;
import io.stackdrift.config.StackConfig;
import io.stackdrift.graph.DependencyEdge;
import io.stackdrift.graph.PriorityWeights;
import io.stackdrift.graph.StackGraph;
import io.stackdrift.graph.StackSelection;
import io.stackdrift.model.Problem;
import io.stackdrift.model.StackId;
import io.stackdrift.shard.ShardPlan;
import io.stackdrift.shard.ShardPlanner;
import io.stackdrift.spi.HistoryView;

/**
 * How a deploy of the selection would be split into shards (docs/concepts.md, "Shards"), or the configuration's
 * problems: each shard's stacks, the dependencies between shards (the waits of a run), and what the planner expects
 * the run to take.
 *
 * @param shards           the stacks of shard 1, 2, …, each sorted; empty when the configuration is invalid
 * @param waits            every dependency whose two stacks are in different shards ({@code stack} waits for {@code dependsOn})
 * @param expectedMillis   the planner's estimate of the coordinated run in milliseconds, from the last deploys' durations
 *                         (a stack without one counts as the median of those known); empty without any history
 * @param expectedStacks   the same estimate counted in stacks run one after the other, when there is no history
 * @param problems         the configuration's (or the selection's) problems
 * @param warnings         the configuration's warnings
 */
public record ShardsOutcome(List<List<StackId>> shards, List<Wait> waits, OptionalInt expectedMillis, OptionalInt expectedStacks,
        List<Problem> problems, List<Problem> warnings) {
    /** A stack waits for a stack of another shard. */
    public record Wait(StackId stack, int shard, StackId dependsOn, int dependencyShard) {
    }

    public ShardsOutcome {
        shards = List.copyOf(shards.stream().map(List::copyOf).toList());
        waits = List.copyOf(waits);
        problems = List.copyOf(problems);
        warnings = List.copyOf(warnings);
    }

    public boolean configInvalid() {
        return !problems.isEmpty();
    }

    static ShardsOutcome of(final Path configFile, final Path root, final HistoryView history, final List<String> stacks,
            final int count, final OptionalInt parallelism) {
        ConfigResult result = ConfigLoader.load(configFile, root);
        if (!result.isValid()) {
            return new ShardsOutcome(List.of(), List.of(), OptionalInt.empty(), OptionalInt.empty(), result.problems(),
                    result.warnings());
        }
        Set<StackId> known = result.config().stacks().stream().map(StackConfig::id).collect(Collectors.toCollection(TreeSet::new));
        StackSelection.Resolved selection = StackSelection.of(stacks).resolve(known);
        if (!selection.problems().isEmpty()) {
            String file = configFile.toString().replace('\\', '/');
            return new ShardsOutcome(List.of(), List.of(), OptionalInt.empty(), OptionalInt.empty(),
                    selection.problems().stream().map(line -> new Problem(file, 0, 0, line, "")).toList(), result.warnings());
        }
        StackGraph graph = StackGraph.of(result.config(), RunContext.recordedDependsOn(history.stackStatuses(known))).graph()
                .restrictTo(selection.stacks());
        PriorityWeights weights = ShardCoordination.weights(history);
        boolean timed = history.trail().stream().anyMatch(e -> e.finishedAt() > e.startedAt());
        int slots = Math.max(1, parallelism.orElse(result.config().parallelism()));
        ShardPlan plan = ShardPlanner.plan(graph, timed ? weights::weight : id -> 1.0, count, slots);
        List<List<StackId>> shards = new ArrayList<>();
        plan.shards().forEach(s -> shards.add(List.copyOf(s)));
        List<Wait> waits = new ArrayList<>();
        for (DependencyEdge edge : plan.crossEdges(graph)) {
            waits.add(new Wait(edge.dependent(), plan.numberOf(edge.dependent()), edge.dependency(), plan.numberOf(edge.dependency())));
        }
        int expected = (int) Math.min(Integer.MAX_VALUE, Math.round(plan.expectedMakespan()));
        return new ShardsOutcome(shards, waits, timed ? OptionalInt.of(expected) : OptionalInt.empty(),
                timed ? OptionalInt.empty() : OptionalInt.of(expected), List.of(), result.warnings());
    }

    /** The shards as text: one line per shard, then one per wait. */
    public String text() {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < shards.size(); i++) {
            List<StackId> shard = shards.get(i);
            out.append("shard ").append(i + 1).append(" of ").append(shards.size()).append(" (").append(shard.size())
                    .append(shard.size() == 1 ? " stack" : " stacks").append("): ")
                    .append(shard.isEmpty() ? "(none)" : String.join(", ", shard.stream().map(StackId::value).toList())).append('\n');
        }
        for (Wait wait : waits) {
            out.append(wait.stack()).append(" (shard ").append(wait.shard()).append(") waits for ").append(wait.dependsOn())
                    .append(" (shard ").append(wait.dependencyShard()).append(")\n");
        }
        expectedMillis.ifPresent(ms -> out.append("expected: about ").append(minutes(ms))
                .append(" with every shard running its stacks at once, from the last deploys' durations\n"));
        expectedStacks.ifPresent(n -> out.append("expected: as long as ").append(n).append(n == 1 ? " stack deploy" : " stack deploys")
                .append(" end to end (no durations recorded yet: every stack counts the same)\n"));
        return out.toString();
    }

    private static String minutes(final long ms) {
        long seconds = Math.round(ms / 1000.0);
        return seconds < 120 ? seconds + "s" : Math.round(seconds / 60.0) + "m";
    }

    /** The configuration's problems as the host prints them; empty when valid. */
    public Optional<String> problemText() {
        return problems.isEmpty() ? Optional.empty()
                : Optional.of(String.join("\n", problems.stream().map(Problem::format).toList()));
    }
}
