package io.stackdrift.graph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.ToDoubleFunction;

import io.stackdrift.model.StackId;
import io.stackdrift.shard.ShardPlan;
import io.stackdrift.shard.ShardPlanner;

/**
 * The shard benchmark (docs/benchmarks-scheduler.md, "Shards"; run with bench/scheduler/shards.sh). The scheduler
 * benchmark's graphs and durations, run on A agents of P slots each (A = 2, 4, 8; P = 2, 4) three ways: (a) the
 * planner's shards with coordination (planned from estimates off by up to ±50%, run with the real durations, each
 * shard the scheduler's own {@link ScheduleState} waiting on the board as the engine does), (b) layer by layer, each
 * layer's stacks cut into A equal runs of ids and the next layer starting when every agent is done, (c) one agent with
 * A × P slots. Each makespan is divided by the lower bound max(critical path, work / (A × P)).
 *
 * <p>Arguments: {@code [repetitions] [seed]} (default 3, 20261202). Deterministic for a given seed.
 */
public final class ShardBenchmark {
    private static final int[] SIZES = {10, 50, 200, 1000, 2000};
    private static final int[] AGENTS = {2, 4, 8};
    private static final int[] SLOTS = {2, 4};

    private ShardBenchmark() {
    }

    /** One instance's figures: makespans divided by the lower bound. */
    private record Figures(double planned, double layered, double pool) {
    }

    public static void main(final String[] args) {
        int repetitions = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 20261202L;
        Map<String, BiFunction<Integer, Random, Map<StackId, List<StackId>>>> shapes = SchedulerBenchmark.shapes();
        Map<String, BiFunction<Integer, Random, Long>> distributions = SchedulerBenchmark.distributions();

        long started = System.nanoTime();
        Map<String, Map<String, List<Figures>>> tables = new LinkedHashMap<>();
        for (String heading : List.of("all", "stacks", "agents × slots", "shape", "durations")) {
            tables.put(heading, new LinkedHashMap<>());
        }
        Random random = new Random(seed);
        for (int size : SIZES) {
            for (var shape : shapes.entrySet()) {
                for (var distribution : distributions.entrySet()) {
                    for (int rep = 0; rep < repetitions; rep++) {
                        StackGraph graph = StackGraph.of(shape.getValue().apply(size, random));
                        Map<StackId, Long> durations = new HashMap<>();
                        Map<StackId, Double> estimates = new HashMap<>();
                        for (StackId id : graph.stacks()) {
                            long d = distribution.getValue().apply(durations.size(), random);
                            durations.put(id, d);
                            estimates.put(id, d * (0.5 + random.nextDouble()));
                        }
                        CriticalPath byEstimate = CriticalPath.weighted(graph, estimates::get);
                        for (int agents : AGENTS) {
                            for (int slots : SLOTS) {
                                double bound = ScheduleSimulation.lowerBound(graph, durations, agents * slots);
                                ShardPlan plan = ShardPlanner.plan(graph, estimates::get, agents, slots);
                                long planned = ShardSimulation.run(graph, plan, durations, slots, byEstimate, Set.of(),
                                        ShardSimulation.Graphs.MIRRORS).makespan();
                                Figures f = new Figures(planned / bound, layered(graph, durations, agents, slots) / bound,
                                        ScheduleSimulation.makespan(graph, durations, agents * slots, byEstimate) / bound);
                                add(tables, "all", "all", f);
                                add(tables, "stacks", String.valueOf(size), f);
                                add(tables, "agents × slots", agents + " × " + slots, f);
                                add(tables, "shape", shape.getKey(), f);
                                add(tables, "durations", distribution.getKey(), f);
                            }
                        }
                    }
                }
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        int instances = tables.get("all").get("all").size();
        System.out.printf(Locale.ROOT, "shard benchmark: %d instances (sizes 10–2000, 3 shapes, 3 distributions, agents 2/4/8 × "
                + "slots 2/4, %d repetitions, seed %d) in %.1fs%n%n", instances, repetitions, seed, seconds);
        System.out.println("Makespan ÷ lower bound max(critical path, work / (agents × slots)); 1.000 = optimal.");
        System.out.println("(a) planner's shards, coordinated; (b) layer by layer over the agents; (c) one agent with agents × slots.");
        System.out.println("'(a) > (b)' = instances where the shards took longer than layer by layer (the largest excess).");
        System.out.println();
        tables.forEach(ShardBenchmark::table);
    }

    private static void add(final Map<String, Map<String, List<Figures>>> tables, final String table, final String group,
            final Figures f) {
        tables.get(table).computeIfAbsent(group, k -> new ArrayList<>()).add(f);
    }

    /**
     * Layer by layer over agents: a stack's layer is the longest chain of dependencies in front of it; each layer's
     * stacks, in id order, are cut into {@code agents} runs of (nearly) equal count, each agent list-schedules its run on
     * {@code slots} slots in id order, and the next layer starts when every agent is done.
     */
    static long layered(final StackGraph graph, final Map<StackId, Long> durations, final int agents, final int slots) {
        List<List<StackId>> layers = ScheduleSimulation.layers(graph);
        long total = 0;
        for (List<StackId> layer : layers) {
            List<StackId> sorted = layer.stream().sorted().toList();
            int per = (sorted.size() + agents - 1) / agents;
            long end = 0;
            for (int a = 0; a < agents && a * per < sorted.size(); a++) {
                PriorityQueue<Long> free = new PriorityQueue<>();
                for (int i = 0; i < slots; i++) {
                    free.add(0L);
                }
                for (StackId id : sorted.subList(a * per, Math.min(sorted.size(), (a + 1) * per))) {
                    long finish = free.poll() + durations.get(id);
                    free.add(finish);
                    end = Math.max(end, finish);
                }
            }
            total += end;
        }
        return total;
    }

    private static void table(final String heading, final Map<String, List<Figures>> groups) {
        System.out.printf(Locale.ROOT, "| %-14s | n | (a) shards: median | worst | > 1.10 | > 1.25 | (a) > (b) "
                + "| (b) layer by layer: median | worst | (c) one pool: median | worst |%n", heading);
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
        for (var group : groups.entrySet()) {
            List<Figures> fs = group.getValue();
            System.out.printf(Locale.ROOT, "| %-14s | %d | %.3f | %.3f | %d | %d | %s | %.3f | %.3f | %.3f | %.3f |%n", group.getKey(),
                    fs.size(), median(fs, Figures::planned), max(fs, Figures::planned), over(fs, 1.10), over(fs, 1.25), worse(fs),
                    median(fs, Figures::layered), max(fs, Figures::layered), median(fs, Figures::pool), max(fs, Figures::pool));
        }
        System.out.println();
    }

    private static double median(final List<Figures> fs, final ToDoubleFunction<Figures> f) {
        double[] values = fs.stream().mapToDouble(f).sorted().toArray();
        return values.length % 2 == 1 ? values[values.length / 2] : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
    }

    /** How many instances the shards took more than {@code ratio} times the bound. */
    private static long over(final List<Figures> fs, final double ratio) {
        return fs.stream().filter(f -> f.planned() > ratio).count();
    }

    private static double max(final List<Figures> fs, final ToDoubleFunction<Figures> f) {
        return fs.stream().mapToDouble(f).max().orElse(Double.NaN);
    }

    /** How many instances the shards took longer than layer by layer, and by how much at most. */
    private static String worse(final List<Figures> fs) {
        List<Double> excess = fs.stream().map(x -> x.planned() / x.layered() - 1).filter(e -> e > 1e-9).toList();
        return excess.isEmpty() ? "0"
                : String.format(Locale.ROOT, "%d (+%.1f%%)", excess.size(), 100 * excess.stream().mapToDouble(Double::doubleValue).max()
                        .orElse(0));
    }
}
