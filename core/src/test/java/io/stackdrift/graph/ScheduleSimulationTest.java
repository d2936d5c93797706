package io.stackdrift.graph;

import static io.stackdrift.graph.Graphs.graph;
import static io.stackdrift.graph.Graphs.id;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.StackId;
import io.stackdrift.testing.Tries;

/** The benchmark's simulation must be right before its figures mean anything. */
class ScheduleSimulationTest {
    @Test
    void aChainTakesTheSumOfItsStacks() {
        StackGraph g = graph("a", "", "b", "a", "c", "b");
        Map<StackId, Long> d = Map.of(id("a"), 5L, id("b"), 7L, id("c"), 1L);

        assertThat(ScheduleSimulation.makespan(g, d, 4, CriticalPath.byCount(g))).isEqualTo(13);
        assertThat(ScheduleSimulation.layered(g, d, 4)).isEqualTo(13);
        assertThat(ScheduleSimulation.lowerBound(g, d, 4)).isEqualTo(13.0);
    }

    @Test
    void theCriticalPathFirstBeatsLayerByLayer() {
        // long chain x1 -> x2 -> x3 of 10s each next to four 10s stacks, two slots.
        StackGraph g = graph("x1", "", "x2", "x1", "x3", "x2", "a", "", "b", "", "c", "", "d", "");
        Map<StackId, Long> d = new HashMap<>();
        g.stacks().forEach(id -> d.put(id, 10L));

        // policy: x1+a, x2+b, x3+c, d → 40; layered: {a,b,c,d,x1} = 30, {x2} 10, {x3} 10 → 50
        assertThat(ScheduleSimulation.makespan(g, d, 2, CriticalPath.byCount(g))).isEqualTo(40);
        assertThat(ScheduleSimulation.layered(g, d, 2)).isEqualTo(50);
        assertThat(ScheduleSimulation.lowerBound(g, d, 2)).isEqualTo(35.0);
    }

    /**
     * Never below the lower bound, and never above Graham's bound for a schedule that never leaves a slot idle
     * while a stack is ready: total/p + (1 - 1/p) · critical path.
     */
    @Test
    void staysBetweenTheLowerBoundAndGrahamsBound() {
        Tries.check(200, gen -> {
            List<Integer> lengths = gen.list(1, 30, () -> gen.ints(1, 100));
            int parallelism = gen.ints(1, 5);
            Random random = new Random(gen.anyLong());
            Map<StackId, List<StackId>> edges = new HashMap<>();
            Map<StackId, Long> d = new HashMap<>();
            for (int i = 0; i < lengths.size(); i++) {
                List<StackId> deps = new ArrayList<>();
                for (int j = 0; j < i; j++) {
                    if (random.nextInt(4) == 0) {
                        deps.add(StackId.of("n" + j));
                    }
                }
                edges.put(StackId.of("n" + i), deps);
                d.put(StackId.of("n" + i), (long) lengths.get(i));
            }
            StackGraph g = StackGraph.of(edges);
            long total = d.values().stream().mapToLong(Long::longValue).sum();
            double chain = CriticalPath.weighted(g, id -> d.get(id)).longest();

            long makespan = ScheduleSimulation.makespan(g, d, parallelism, CriticalPath.byCount(g));

            assertThat((double) makespan).isGreaterThanOrEqualTo(ScheduleSimulation.lowerBound(g, d, parallelism));
            assertThat((double) makespan).isLessThanOrEqualTo((double) total / parallelism + (1 - 1.0 / parallelism) * chain + 1e-9);
        });
    }
}
