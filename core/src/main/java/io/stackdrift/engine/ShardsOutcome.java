package io.stackdrift.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
import io.stackdrift.model.ShardLayout;
import io.stackdrift.model.StackId;
import io.stackdrift.render.ShardLayoutOutput;
import io.stackdrift.shard.EmptyShards;
import io.stackdrift.shard.ShardPlan;
import io.stackdrift.shard.ShardPlanner;
import io.stackdrift.spi.HistoryView;

/**
 * How a deploy of the selection would be split into shards (docs/concepts.md, "Shards"), or the configuration's
 * problems. Hosts print it with {@link #text()} or {@link #json()}.
 */
public record ShardsOutcome(Optional<ShardLayout> layout, List<Problem> problems, List<Problem> warnings) {
    public ShardsOutcome {
        Objects.requireNonNull(layout, "layout");
        problems = List.copyOf(problems);
        warnings = List.copyOf(warnings);
    }

    public boolean configInvalid() {
        return layout.isEmpty();
    }

    /** One line per shard, one per wait, then the estimate; empty when invalid. */
    public String text() {
        return layout.map(ShardLayoutOutput::text).orElse("");
    }

    /** {@code stackdrift graph --shards N --json}, with a line end; empty when invalid. */
    public String json() {
        return layout.map(ShardLayoutOutput::json).orElse("");
    }

    static ShardsOutcome of(final Path configFile, final Path root, final HistoryView history, final List<String> stacks,
            final int count, final OptionalInt parallelism) {
        ConfigResult result = ConfigLoader.load(configFile, root);
        if (!result.isValid()) {
            return new ShardsOutcome(Optional.empty(), result.problems(), result.warnings());
        }
        Set<StackId> known = result.config().stacks().stream().map(StackConfig::id).collect(Collectors.toCollection(TreeSet::new));
        StackSelection.Resolved selection = StackSelection.of(stacks).resolve(known);
        if (!selection.problems().isEmpty()) {
            String file = configFile.toString().replace('\\', '/');
            return new ShardsOutcome(Optional.empty(),
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
        List<ShardLayout.Wait> waits = new ArrayList<>();
        for (DependencyEdge edge : plan.crossEdges(graph)) {
            waits.add(new ShardLayout.Wait(edge.dependent(), plan.numberOf(edge.dependent()), edge.dependency(),
                    plan.numberOf(edge.dependency())));
        }
        int expected = (int) Math.min(Integer.MAX_VALUE, Math.round(plan.expectedMakespan()));
        return new ShardsOutcome(Optional.of(new ShardLayout(shards, waits, timed ? OptionalInt.of(expected) : OptionalInt.empty(),
                timed ? OptionalInt.empty() : OptionalInt.of(expected), EmptyShards.notes(graph, shards))), List.of(), result.warnings());
    }
}
