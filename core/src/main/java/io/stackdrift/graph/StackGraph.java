package io.stackdrift.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import io.stackdrift.config.StackConfig;
import io.stackdrift.config.StacksConfig;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/**
 * The dependency graph of the stacks of one run: which stack waits for which (docs/concepts.md, "Deploy order"). Immutable and
 * always acyclic; every set it returns is sorted by stack id so that everything built on it is
 * deterministic.
 */
public final class StackGraph {
    private final SortedSet<StackId> stacks;
    private final Map<StackId, SortedSet<StackId>> dependencies;
    private final Map<StackId, SortedSet<StackId>> dependents;

    private StackGraph(final Map<StackId, ? extends Set<StackId>> dependenciesByStack) {
        TreeMap<StackId, SortedSet<StackId>> deps = new TreeMap<>();
        TreeMap<StackId, SortedSet<StackId>> back = new TreeMap<>();
        for (StackId id : dependenciesByStack.keySet()) {
            deps.put(id, new TreeSet<>());
            back.put(id, new TreeSet<>());
        }
        dependenciesByStack.forEach((id, targets) -> {
            for (StackId target : targets) {
                if (!deps.containsKey(target)) {
                    throw new IllegalArgumentException(id + " depends on " + target + ", which is not a stack of this graph");
                }
                deps.get(id).add(target);
                back.get(target).add(id);
            }
        });
        deps.replaceAll((id, set) -> Collections.unmodifiableSortedSet(set));
        back.replaceAll((id, set) -> Collections.unmodifiableSortedSet(set));
        this.stacks = Collections.unmodifiableSortedSet(new TreeSet<>(deps.keySet()));
        this.dependencies = Collections.unmodifiableMap(deps);
        this.dependents = Collections.unmodifiableMap(back);
    }

    /**
     * What {@link StackGraph#build} made: the graph, the read dependencies it had to drop because they would
     * have closed a cycle, and one log line per dependency it left out (the caller must print them: nothing
     * is dropped silently). Nested here because a graph is only ever made this way.
     *
     * @param graph      the acyclic graph
     * @param dropped    read dependencies that would have closed a cycle, in the order they were dropped
     * @param notes      log lines: remote-state reads that gave no dependency, dropped cycle-closing dependencies,
     *                   unknown ids and self-references from rows
     * @param stateEdges the edges of the graph read from {@code terraform_remote_state} (and not in the file)
     */
    public record Build(StackGraph graph, List<DependencyEdge> dropped, List<String> notes, Set<DependencyEdge> stateEdges) {
        public Build {
            Objects.requireNonNull(graph, "graph");
            dropped = List.copyOf(dropped);
            notes = List.copyOf(notes);
            stateEdges = Collections.unmodifiableSortedSet(new TreeSet<>(stateEdges));
        }
    }

    /**
     * The graph of a run (docs/concepts.md, "Deploy order"): the file's {@code dependsOn} plus, for every stack with
     * {@code dependsOn: auto}, the {@code depends-on} recorded for a Pulumi stack, or the states a Terraform/OpenTofu
     * stack's {@code terraform_remote_state} blocks read ({@link StacksConfig#stateReads()}, whose notes come first).
     *
     * @param recordedDependsOn the depends-on list the history keeps for each stack (its latest row that had one), where
     *                          there is one (lists of other stacks, and of stacks that are not Pulumi's, are ignored)
     */
    public static Build of(final StacksConfig config, final Map<StackId, List<StackId>> recordedDependsOn) {
        Map<StackId, List<StackId>> fileEdges = new TreeMap<>();
        Map<StackId, List<StackId>> stateEdges = new TreeMap<>();
        Map<StackId, List<StackId>> rowEdges = new TreeMap<>();
        for (StackConfig stack : config.stacks()) {
            fileEdges.put(stack.id(), stack.dependsOn());
            List<StackId> recorded = recordedDependsOn.get(stack.id());
            if (stack.autoDepends() && stack.tool() != Tool.PULUMI) {
                stateEdges.put(stack.id(), config.stateReadsOf(stack.id()));
            } else if (stack.autoDepends() && recorded != null) {
                rowEdges.put(stack.id(), recorded);
            }
        }
        Build built = build(fileEdges, stateEdges, rowEdges, fileEdges.keySet());
        List<String> notes = new ArrayList<>(config.stateNotes());
        notes.addAll(built.notes());
        return new Build(built.graph(), built.dropped(), notes, built.stateEdges());
    }

    /** {@link #build(Map, Map, Map, Set)} without edges read from remote state. */
    public static Build build(final Map<StackId, ? extends Collection<StackId>> fileEdges,
            final Map<StackId, ? extends Collection<StackId>> rowEdges, final Set<StackId> stacks) {
        return build(fileEdges, Map.of(), rowEdges, stacks);
    }

    /**
     * Builds the graph from the file's edges (already validated by the config reader: known ids, no cycle), the edges
     * read from {@code terraform_remote_state} and the edges read from rows. The read edges are added state edges
     * first, each kind in stack id order (dependent, then dependency); one that names an unknown stack or the stack
     * itself is left out, and one that would close a cycle with the file's edges or with a read edge added before it is
     * dropped. Each of these gets a note.
     *
     * @throws IllegalArgumentException when the file's edges name an unknown stack or form a cycle: the
     *                                  config reader must have refused that file
     */
    public static Build build(final Map<StackId, ? extends Collection<StackId>> fileEdges,
            final Map<StackId, ? extends Collection<StackId>> stateEdges,
            final Map<StackId, ? extends Collection<StackId>> rowEdges, final Set<StackId> stacks) {
        Map<StackId, Set<StackId>> deps = new TreeMap<>();
        for (StackId id : stacks) {
            deps.put(id, new TreeSet<>());
        }
        fileEdges.forEach((id, targets) -> {
            requireKnown(deps, id, "the file names stack " + id);
            for (StackId target : targets) {
                requireKnown(deps, target, id + " depends on unknown stack " + target + " in the file");
                deps.get(id).add(target);
            }
        });
        List<StackId> fileCycle = findCycle(deps);
        if (!fileCycle.isEmpty()) {
            throw new IllegalArgumentException("the file's dependsOn lists form a cycle: " + path(fileCycle));
        }
        List<DependencyEdge> dropped = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<DependencyEdge> fromState = addRead(deps, stateEdges, "its terraform_remote_state", dropped, notes);
        addRead(deps, rowEdges, "its latest row", dropped, notes);
        return new Build(new StackGraph(deps), dropped, notes, new TreeSet<>(fromState));
    }

    /** Adds read edges to {@code deps} as {@link #build(Map, Map, Map, Set)} says; the edges it added. */
    private static List<DependencyEdge> addRead(final Map<StackId, Set<StackId>> deps,
            final Map<StackId, ? extends Collection<StackId>> read, final String source, final List<DependencyEdge> dropped,
            final List<String> notes) {
        List<DependencyEdge> added = new ArrayList<>();
        for (Map.Entry<StackId, TreeSet<StackId>> entry : sorted(read).entrySet()) {
            StackId dependent = entry.getKey();
            for (StackId dependency : entry.getValue()) {
                if (!deps.containsKey(dependent)) {
                    notes.add("left out the dependencies of " + dependent + " read from " + source + ": it is not a stack of this run");
                    break;
                }
                if (dependency.equals(dependent)) {
                    notes.add("left out " + dependent + "'s dependency on itself read from " + source);
                } else if (!deps.containsKey(dependency)) {
                    notes.add("left out " + dependent + "'s dependency on " + dependency + " read from " + source + ": no such stack");
                } else if (!deps.get(dependent).contains(dependency)) {
                    List<StackId> back = pathBetween(deps, dependency, dependent);
                    if (back.isEmpty()) {
                        deps.get(dependent).add(dependency);
                        added.add(new DependencyEdge(dependent, dependency));
                    } else {
                        List<StackId> cycle = new ArrayList<>();
                        cycle.add(dependent);
                        cycle.addAll(back);
                        dropped.add(new DependencyEdge(dependent, dependency));
                        notes.add("dropped " + dependent + "'s dependency on " + dependency + " read from " + source
                                + ": it would close the cycle " + path(cycle));
                    }
                }
            }
        }
        return added;
    }

    /** A graph of the given dependencies (every stack must be a key); for callers that have no rows. */
    public static StackGraph of(final Map<StackId, ? extends Collection<StackId>> dependencies) {
        return build(dependencies, Map.of(), dependencies.keySet()).graph();
    }

    /** Every stack, sorted by id. */
    public SortedSet<StackId> stacks() {
        return stacks;
    }

    public boolean contains(final StackId id) {
        return stacks.contains(id);
    }

    /** The stacks {@code id} waits for directly. */
    public SortedSet<StackId> dependenciesOf(final StackId id) {
        return known(dependencies, id);
    }

    /** The stacks that wait for {@code id} directly. */
    public SortedSet<StackId> dependentsOf(final StackId id) {
        return known(dependents, id);
    }

    /** Every stack that waits for {@code id}, directly or through others; not {@code id} itself. */
    public SortedSet<StackId> transitiveDependents(final StackId id) {
        return reach(dependents, List.of(id));
    }

    /** Every edge, sorted. */
    public List<DependencyEdge> edges() {
        List<DependencyEdge> edges = new ArrayList<>();
        dependencies.forEach((id, targets) -> targets.forEach(t -> edges.add(new DependencyEdge(id, t))));
        return List.copyOf(edges);
    }

    /** Dependencies before their dependents; among stacks free at the same time, by id. */
    public List<StackId> topologicalOrder() {
        Map<StackId, Integer> waitingFor = new HashMap<>();
        PriorityQueue<StackId> free = new PriorityQueue<>();
        for (StackId id : stacks) {
            waitingFor.put(id, dependencies.get(id).size());
            if (dependencies.get(id).isEmpty()) {
                free.add(id);
            }
        }
        List<StackId> order = new ArrayList<>(stacks.size());
        while (!free.isEmpty()) {
            StackId next = free.poll();
            order.add(next);
            for (StackId dependent : dependents.get(next)) {
                if (waitingFor.merge(dependent, -1, Integer::sum) == 0) {
                    free.add(dependent);
                }
            }
        }
        return List.copyOf(order);
    }

    /**
     * The same stacks with every edge turned around: the order of a destroy, where a stack may go only after
     * every stack that depends on it is gone.
     */
    public StackGraph reversed() {
        return new StackGraph(dependents);
    }

    /**
     * The graph of a selection of stacks. A selected stack does not pull its dependencies into the run, but
     * the order between selected stacks is kept even when it runs through stacks left out: if x depends on y
     * and y on z, and only x and z are selected, x still waits for z.
     */
    public StackGraph restrictTo(final Set<StackId> selection) {
        Map<StackId, Set<StackId>> kept = new TreeMap<>();
        for (StackId id : selection) {
            if (!stacks.contains(id)) {
                throw new IllegalArgumentException(id + " is not a stack of this graph");
            }
            kept.put(id, nearestSelected(id, selection));
        }
        return new StackGraph(kept);
    }

    /** The selection plus everything it depends on, transitively: for a run asked to bring dependencies along. */
    public SortedSet<StackId> withDependencies(final Set<StackId> selection) {
        TreeSet<StackId> all = new TreeSet<>(selection);
        all.addAll(reach(dependencies, selection));
        return Collections.unmodifiableSortedSet(all);
    }

    /** The selection plus everything that depends on it, transitively. */
    public SortedSet<StackId> withDependents(final Set<StackId> selection) {
        TreeSet<StackId> all = new TreeSet<>(selection);
        all.addAll(reach(dependents, selection));
        return Collections.unmodifiableSortedSet(all);
    }

    private Set<StackId> nearestSelected(final StackId from, final Set<StackId> selection) {
        Set<StackId> found = new TreeSet<>();
        Set<StackId> seen = new LinkedHashSet<>();
        Deque<StackId> todo = new ArrayDeque<>(dependencies.get(from));
        while (!todo.isEmpty()) {
            StackId next = todo.pop();
            if (!seen.add(next)) {
                continue;
            }
            if (selection.contains(next)) {
                found.add(next);
            } else {
                todo.addAll(dependencies.get(next));
            }
        }
        return found;
    }

    private SortedSet<StackId> known(final Map<StackId, SortedSet<StackId>> edges, final StackId id) {
        SortedSet<StackId> set = edges.get(id);
        if (set == null) {
            throw new IllegalArgumentException(id + " is not a stack of this graph");
        }
        return set;
    }

    private SortedSet<StackId> reach(final Map<StackId, SortedSet<StackId>> edges, final Collection<StackId> from) {
        TreeSet<StackId> seen = new TreeSet<>();
        Deque<StackId> todo = new ArrayDeque<>();
        for (StackId id : from) {
            todo.addAll(known(edges, id));
        }
        while (!todo.isEmpty()) {
            StackId next = todo.pop();
            if (seen.add(next)) {
                todo.addAll(edges.get(next));
            }
        }
        seen.removeAll(from);
        return Collections.unmodifiableSortedSet(seen);
    }

    private static void requireKnown(final Map<StackId, Set<StackId>> deps, final StackId id, final String message) {
        if (!deps.containsKey(id)) {
            throw new IllegalArgumentException(message + ", which is not a stack of this run");
        }
    }

    private static TreeMap<StackId, TreeSet<StackId>> sorted(final Map<StackId, ? extends Collection<StackId>> edges) {
        TreeMap<StackId, TreeSet<StackId>> sorted = new TreeMap<>();
        edges.forEach((id, targets) -> sorted.put(id, new TreeSet<>(targets)));
        return sorted;
    }

    /** A path from {@code from} to {@code to} along dependencies (both ends included), or empty. */
    private static List<StackId> pathBetween(final Map<StackId, Set<StackId>> deps, final StackId from, final StackId to) {
        Map<StackId, StackId> parent = new HashMap<>();
        Deque<StackId> todo = new ArrayDeque<>();
        todo.add(from);
        parent.put(from, from);
        while (!todo.isEmpty()) {
            StackId next = todo.poll();
            if (next.equals(to)) {
                List<StackId> path = new ArrayList<>();
                for (StackId at = to; !at.equals(from); at = parent.get(at)) {
                    path.add(0, at);
                }
                path.add(0, from);
                return path;
            }
            for (StackId dependency : deps.get(next)) {
                if (!parent.containsKey(dependency)) {
                    parent.put(dependency, next);
                    todo.add(dependency);
                }
            }
        }
        return List.of();
    }

    /** One cycle (first stack repeated at the end), or empty when the edges are acyclic. */
    private static List<StackId> findCycle(final Map<StackId, Set<StackId>> deps) {
        if (isAcyclic(deps)) {
            return List.of();
        }
        for (Map.Entry<StackId, Set<StackId>> entry : deps.entrySet()) {
            StackId id = entry.getKey();
            for (StackId dependency : entry.getValue()) {
                List<StackId> back = pathBetween(deps, dependency, id);
                if (!back.isEmpty()) {
                    List<StackId> cycle = new ArrayList<>();
                    cycle.add(id);
                    cycle.addAll(back);
                    return cycle;
                }
            }
        }
        return List.of();
    }

    /** Kahn's count: cheap, so the path search above runs only for a file the config reader should have refused. */
    private static boolean isAcyclic(final Map<StackId, Set<StackId>> deps) {
        Map<StackId, Integer> dependentsLeft = new HashMap<>();
        deps.values().forEach(targets -> targets.forEach(t -> dependentsLeft.merge(t, 1, Integer::sum)));
        Deque<StackId> free = new ArrayDeque<>();
        deps.keySet().stream().filter(id -> !dependentsLeft.containsKey(id)).forEach(free::add);
        int removed = 0;
        while (!free.isEmpty()) {
            StackId next = free.pop();
            removed++;
            for (StackId target : deps.get(next)) {
                if (dependentsLeft.merge(target, -1, Integer::sum) == 0) {
                    free.add(target);
                }
            }
        }
        return removed == deps.size();
    }

    private static String path(final List<StackId> ids) {
        return String.join(" -> ", ids.stream().map(StackId::value).toList());
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof StackGraph graph && dependencies.equals(graph.dependencies);
    }

    @Override
    public int hashCode() {
        return Objects.hash(dependencies);
    }

    @Override
    public String toString() {
        return "StackGraph" + dependencies;
    }
}
