package io.stackdrift.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.ShardOutcome;
import io.stackdrift.model.StackId;
import io.stackdrift.shard.ShardPlan;
import io.stackdrift.shard.ShardPlanner;
import io.stackdrift.testing.Gen;
import io.stackdrift.testing.Tries;

/**
 * The planner and the board on random graphs (plain seeded tries, small sizes: the machine is shared). The oracle
 * reads the scenario's own edge lists, never the graph's answers.
 */
class ShardedRunPropertiesTest {
    private record Scenario(Map<StackId, List<StackId>> edges, Map<StackId, Long> durations, Set<StackId> failing, int shards,
            int slots) {
    }

    private static Scenario scenario(final Gen gen) {
        int n = gen.ints(1, 40);
        List<StackId> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(StackId.of(String.format("s%02d", gen.ints(0, 99)) + "-" + i));
        }
        Collections.shuffle(ids, gen.random());
        Map<StackId, List<StackId>> edges = new LinkedHashMap<>();
        Map<StackId, Long> durations = new HashMap<>();
        Set<StackId> failing = new HashSet<>();
        for (int i = 0; i < n; i++) {
            List<StackId> deps = new ArrayList<>();
            int count = i == 0 ? 0 : gen.ints(0, Math.min(i, 3));
            for (int k = 0; k < count; k++) {
                StackId dep = ids.get(gen.ints(0, i - 1));
                if (!deps.contains(dep)) {
                    deps.add(dep);
                }
            }
            edges.put(ids.get(i), deps);
            durations.put(ids.get(i), gen.longs(1, 50));
            if (gen.ints(0, 9) == 0) {
                failing.add(ids.get(i));
            }
        }
        return new Scenario(edges, durations, failing, gen.ints(1, 5), gen.ints(1, 3));
    }

    @Test
    void theShardsPartitionTheSelectionAndTheSameInputGivesTheSameShards() {
        Tries.check(200, gen -> {
            Scenario s = scenario(gen);
            StackGraph graph = StackGraph.of(s.edges());
            ShardPlan plan = ShardPlanner.plan(graph, id -> s.durations().get(id), s.shards(), s.slots());

            assertThat(plan.count()).isEqualTo(s.shards());
            List<StackId> all = new ArrayList<>();
            plan.shards().forEach(all::addAll);
            assertThat(all).as("every stack in exactly one shard").hasSize(s.edges().size())
                    .containsExactlyInAnyOrderElementsOf(s.edges().keySet());
            for (int number = 1; number <= plan.count(); number++) {
                for (StackId id : plan.shard(number)) {
                    assertThat(plan.numberOf(id)).isEqualTo(number);
                }
            }
            // the same stacks and weights, the edges given in another order: the same shards
            List<StackId> keys = new ArrayList<>(s.edges().keySet());
            Collections.shuffle(keys, gen.random());
            Map<StackId, List<StackId>> reordered = new LinkedHashMap<>();
            keys.forEach(k -> reordered.put(k, s.edges().get(k)));
            Map<StackId, Long> weights = Map.copyOf(s.durations());
            assertThat(ShardPlanner.plan(StackGraph.of(reordered), id -> weights.get(id), s.shards(), s.slots())).isEqualTo(plan);
        });
    }

    @Test
    void noStackStartsBeforeEveryDependencyEndedAndAFailureSkipsItsDependentsInEveryShard() {
        Tries.check(200, gen -> {
            Scenario s = scenario(gen);
            StackGraph graph = StackGraph.of(s.edges());
            // the planner sees estimates, the run takes the real durations
            Map<StackId, Double> estimates = new HashMap<>();
            s.durations().forEach((id, d) -> estimates.put(id, d * (0.5 + gen.random().nextDouble())));
            ShardPlan plan = ShardPlanner.plan(graph, estimates::get, s.shards(), s.slots());
            ShardSimulation.Result run = ShardSimulation.run(graph, plan, s.durations(), s.slots(),
                    CriticalPath.weighted(graph, estimates::get), s.failing());

            Set<StackId> blocked = new HashSet<>();
            for (StackId id : graph.topologicalOrder()) {
                boolean depBlocked = s.edges().get(id).stream().anyMatch(blocked::contains);
                if (depBlocked) {
                    blocked.add(id);
                    assertThat(run.starts()).as(id + " has a dependency that did not deploy").doesNotContainKey(id);
                    assertThat(run.board().outcome(id)).contains(ShardOutcome.SKIPPED);
                    continue;
                }
                assertThat(run.starts()).as(id + " started").containsKey(id);
                for (StackId dependency : s.edges().get(id)) {
                    assertThat(run.ends().get(dependency)).as(id + " started before " + dependency + " ended")
                            .isLessThanOrEqualTo(run.starts().get(id));
                }
                if (s.failing().contains(id)) {
                    blocked.add(id);
                    assertThat(run.board().outcome(id)).contains(ShardOutcome.FAILED);
                } else {
                    assertThat(run.board().outcome(id)).contains(ShardOutcome.DEPLOYED);
                }
            }
            assertThat(run.board().complete()).isTrue();
            // at most `slots` stacks of one shard run at once
            for (SortedSet<StackId> shard : plan.shards()) {
                for (StackId id : shard) {
                    Long start = run.starts().get(id);
                    if (start != null) {
                        long overlapping = shard.stream().filter(o -> run.starts().containsKey(o)
                                && run.starts().get(o) <= start && run.ends().get(o) > start).count();
                        assertThat(overlapping).isLessThanOrEqualTo(s.slots());
                    }
                }
            }
        });
    }

    @Test
    void withExactWeightsAndNoFailureTheCoordinatedRunTakesWhatThePlannerExpected() {
        Tries.check(100, gen -> {
            Scenario s = scenario(gen);
            StackGraph graph = StackGraph.of(s.edges());
            ShardPlan plan = ShardPlanner.plan(graph, id -> s.durations().get(id), s.shards(), s.slots());
            ShardSimulation.Result run = ShardSimulation.run(graph, plan, s.durations(), s.slots(),
                    CriticalPath.weighted(graph, id -> s.durations().get(id)), Set.of());
            // the planner's own play of the run is an upper bound the shards meet (they may only start stacks earlier)
            assertThat((double) run.makespan()).isLessThanOrEqualTo(plan.expectedMakespan() * 1.5);
            assertThat(run.starts().keySet()).isEqualTo(new TreeSet<>(s.edges().keySet()));
        });
    }
}
