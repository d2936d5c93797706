package io.stackdrift.graph;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.ToDoubleFunction;

import io.stackdrift.model.StackId;

/**
 * The scheduler benchmark (docs/benchmarks-scheduler.md; run with bench/scheduler/run.sh). Random DAGs of
 * 10 to 2,000 stacks in three shapes, durations from three distributions, parallelism 2, 4 and 8; each
 * instance is simulated with the scheduler's own {@link ScheduleState} on a virtual clock and its makespan
 * compared with the lower bound max(critical path, total work / parallelism) and with a layer-by-layer
 * schedule. Two priorities: chain length in stacks (what a run without history uses) and chain length in
 * duration estimates that are off by up to ±50% (what a run with earlier durations uses).
 *
 * <p>Arguments: {@code [repetitions] [seed]} (default 5, 20261129). Deterministic for a given seed.
 */
public final class SchedulerBenchmark {
    private static final int[] SIZES = {10, 50, 200, 1000, 2000};
    private static final int[] PARALLELISM = {2, 4, 8};

    private SchedulerBenchmark() {
    }

    /** One instance's figures: makespans divided by the lower bound. */
    private record Figures(double byCount, double byEstimate, double layered) {
    }

    /** The graph shapes every scheduler benchmark runs: sparse, layered, chains. */
    static Map<String, BiFunction<Integer, Random, Map<StackId, List<StackId>>>> shapes() {
        Map<String, BiFunction<Integer, Random, Map<StackId, List<StackId>>>> shapes = new LinkedHashMap<>();
        shapes.put("sparse", SchedulerBenchmark::sparse);
        shapes.put("layered", SchedulerBenchmark::layeredShape);
        shapes.put("chains", SchedulerBenchmark::chains);
        return shapes;
    }

    /** The stack durations (seconds) every scheduler benchmark draws from: uniform, lognormal, bimodal. */
    static Map<String, BiFunction<Integer, Random, Long>> distributions() {
        Map<String, BiFunction<Integer, Random, Long>> distributions = new LinkedHashMap<>();
        distributions.put("uniform", (i, r) -> 30 + (long) r.nextInt(271));                            // 30s–5m
        distributions.put("lognormal", (i, r) -> Math.max(5, Math.round(60 * Math.exp(r.nextGaussian())))); // median 1m
        distributions.put("bimodal", (i, r) -> r.nextInt(10) == 0 ? 600 + (long) r.nextInt(1201) : 20 + (long) r.nextInt(41));
        return distributions;
    }

    public static void main(final String[] args) {
        int repetitions = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 20261129L;
        Map<String, BiFunction<Integer, Random, Map<StackId, List<StackId>>>> shapes = shapes();
        Map<String, BiFunction<Integer, Random, Long>> distributions = distributions();

        long started = System.nanoTime();
        List<Figures> all = new ArrayList<>();
        Map<String, List<Figures>> bySize = new LinkedHashMap<>();
        Map<String, List<Figures>> byParallelism = new LinkedHashMap<>();
        Map<String, List<Figures>> byShape = new LinkedHashMap<>();
        Map<String, List<Figures>> byDistribution = new LinkedHashMap<>();
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
                        CriticalPath byCount = CriticalPath.byCount(graph);
                        CriticalPath byEstimate = CriticalPath.weighted(graph, estimates::get);
                        for (int p : PARALLELISM) {
                            double bound = ScheduleSimulation.lowerBound(graph, durations, p);
                            Figures f = new Figures(ScheduleSimulation.makespan(graph, durations, p, byCount) / bound,
                                    ScheduleSimulation.makespan(graph, durations, p, byEstimate) / bound,
                                    ScheduleSimulation.layered(graph, durations, p) / bound);
                            all.add(f);
                            bySize.computeIfAbsent(String.valueOf(size), k -> new ArrayList<>()).add(f);
                            byParallelism.computeIfAbsent(String.valueOf(p), k -> new ArrayList<>()).add(f);
                            byShape.computeIfAbsent(shape.getKey(), k -> new ArrayList<>()).add(f);
                            byDistribution.computeIfAbsent(distribution.getKey(), k -> new ArrayList<>()).add(f);
                        }
                    }
                }
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf(Locale.ROOT, "scheduler benchmark: %d instances (sizes 10–2000, 3 shapes, 3 distributions,"
                + " parallelism 2/4/8, %d repetitions, seed %d) in %.1fs%n%n", all.size(), repetitions, seed, seconds);
        System.out.println("Makespan ÷ lower bound max(critical path, work / parallelism); 1.000 = optimal.");
        System.out.println("'worse (most)' = instances where the policy took longer than layer by layer (the largest excess).");
        System.out.println();
        table("all", Map.of("all", all));
        table("stacks", bySize);
        table("parallelism", byParallelism);
        table("shape", byShape);
        table("durations", byDistribution);
    }

    private static void table(final String heading, final Map<String, List<Figures>> groups) {
        System.out.printf(Locale.ROOT,
                "| %-11s | n | by count: mean | max | worse (most) | by estimate: mean | max | worse (most) | layer by layer: mean | max "
                + "|%n", heading);
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        for (var group : groups.entrySet()) {
            List<Figures> fs = group.getValue();
            System.out.printf(Locale.ROOT, "| %-11s | %d | %.3f | %.3f | %s | %.3f | %.3f | %s | %.3f | %.3f |%n",
                    group.getKey(), fs.size(),
                    mean(fs, Figures::byCount), max(fs, Figures::byCount), worse(fs, Figures::byCount),
                    mean(fs, Figures::byEstimate), max(fs, Figures::byEstimate), worse(fs, Figures::byEstimate),
                    mean(fs, Figures::layered), max(fs, Figures::layered));
        }
        System.out.println();
    }

    private static double mean(final List<Figures> fs, final ToDoubleFunction<Figures> f) {
        return fs.stream().mapToDouble(f).average().orElse(Double.NaN);
    }

    private static double max(final List<Figures> fs, final ToDoubleFunction<Figures> f) {
        return fs.stream().mapToDouble(f).max().orElse(Double.NaN);
    }

    /** How many instances took longer than layer by layer, and by how much at most (+1.2% = 1.2% longer). */
    private static String worse(final List<Figures> fs, final ToDoubleFunction<Figures> f) {
        List<Double> excess = fs.stream().map(x -> f.applyAsDouble(x) / x.layered() - 1).filter(e -> e > 1e-9).toList();
        return excess.isEmpty() ? "0"
                : String.format(Locale.ROOT, "%d (+%.1f%%)", excess.size(), 100 * excess.stream().mapToDouble(Double::doubleValue).max()
                        .orElse(0));
    }

    private static StackId node(final int i) {
        return StackId.of(String.format(Locale.ROOT, "s%04d", i));
    }

    /** Each stack depends on 0–3 random earlier stacks (in a shuffled naming, so ids say nothing). */
    static Map<StackId, List<StackId>> sparse(final int n, final Random random) {
        List<Integer> names = shuffled(n, random);
        Map<StackId, List<StackId>> edges = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            List<StackId> deps = new ArrayList<>();
            int count = i == 0 ? 0 : random.nextInt(Math.min(i, 3) + 1);
            for (int k = 0; k < count; k++) {
                StackId dep = node(names.get(random.nextInt(i)));
                if (!deps.contains(dep)) {
                    deps.add(dep);
                }
            }
            edges.put(node(names.get(i)), deps);
        }
        return edges;
    }

    /** Tiers (network, data, services …): 3–8 layers, each stack depends on 1–3 stacks of the tier before. */
    static Map<StackId, List<StackId>> layeredShape(final int n, final Random random) {
        int tiers = 3 + random.nextInt(6);
        List<Integer> names = shuffled(n, random);
        Map<StackId, List<StackId>> edges = new LinkedHashMap<>();
        List<List<StackId>> byTier = new ArrayList<>();
        for (int t = 0; t < tiers; t++) {
            byTier.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            int tier = i < tiers ? i : random.nextInt(tiers);
            StackId id = node(names.get(i));
            List<StackId> deps = new ArrayList<>();
            if (tier > 0 && !byTier.get(tier - 1).isEmpty()) {
                List<StackId> before = byTier.get(tier - 1);
                int count = 1 + random.nextInt(3);
                for (int k = 0; k < count; k++) {
                    StackId dep = before.get(random.nextInt(before.size()));
                    if (!deps.contains(dep)) {
                        deps.add(dep);
                    }
                }
            }
            byTier.get(tier).add(id);
            edges.put(id, deps);
        }
        return edges;
    }

    /** Deep: a few long chains with an occasional link across (one environment per chain, say). */
    static Map<StackId, List<StackId>> chains(final int n, final Random random) {
        int chains = Math.max(1, n / 25 + random.nextInt(3));
        List<Integer> names = shuffled(n, random);
        Map<StackId, List<StackId>> edges = new LinkedHashMap<>();
        List<StackId> last = new ArrayList<>();
        List<StackId> seen = new ArrayList<>();
        for (int c = 0; c < chains; c++) {
            last.add(null);
        }
        for (int i = 0; i < n; i++) {
            int chain = random.nextInt(chains);
            StackId id = node(names.get(i));
            List<StackId> deps = new ArrayList<>();
            if (last.get(chain) != null) {
                deps.add(last.get(chain));
            }
            if (!seen.isEmpty() && random.nextInt(10) == 0) {
                StackId across = seen.get(random.nextInt(seen.size()));
                if (!deps.contains(across)) {
                    deps.add(across);
                }
            }
            last.set(chain, id);
            seen.add(id);
            edges.put(id, deps);
        }
        return edges;
    }

    private static List<Integer> shuffled(final int n, final Random random) {
        List<Integer> names = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            names.add(i);
        }
        Collections.shuffle(names, random);
        return names;
    }
}
