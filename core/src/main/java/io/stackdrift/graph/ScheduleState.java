package io.stackdrift.graph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;

import io.stackdrift.model.StackId;

/**
 * The bookkeeping of one schedule, without threads or clocks: which stacks wait, which are ready, which
 * run, which are done, and which ready stack goes next. {@link StackScheduler} drives it with real tasks;
 * the benchmark drives the very same class on a virtual clock, so the policy it measures is the one that
 * runs. Not thread-safe: one coordinator owns it.
 */
final class ScheduleState {
    private enum Phase { WAITING, READY, RUNNING, DONE }

    private final StackGraph graph;
    private final Map<StackId, Phase> phases = new HashMap<>();
    private final Map<StackId, Integer> unfinishedDependencies = new HashMap<>();
    private final TreeSet<StackId> ready;
    /** Stacks of one group never run at once (stacks that share a directory); each stack alone by default. */
    private final Function<StackId, ?> group;
    private final Set<Object> busyGroups = new HashSet<>();
    /** Stacks that take no slot while they run: a shard's waits for stacks another shard deploys. */
    private final Predicate<StackId> slotless;
    private int running;
    private int runningSlotless;
    private int done;

    ScheduleState(final StackGraph graph, final CriticalPath priority) {
        this(graph, priority, id -> id, id -> false);
    }

    /**
     * @param group    the stacks that map to one value never run at the same time
     * @param slotless the stacks that take no slot: they start as soon as they are ready, however many stacks run
     */
    ScheduleState(final StackGraph graph, final CriticalPath priority, final Function<StackId, ?> group,
            final Predicate<StackId> slotless) {
        this.graph = graph;
        this.group = group;
        this.slotless = slotless;
        this.ready = new TreeSet<>(priority.firstToStart());
        for (StackId id : graph.stacks()) {
            int count = graph.dependenciesOf(id).size();
            unfinishedDependencies.put(id, count);
            if (count == 0) {
                phases.put(id, Phase.READY);
                ready.add(id);
            } else {
                phases.put(id, Phase.WAITING);
            }
        }
    }

    /** True when a ready stack can start now: none of its group runs. */
    boolean hasReady() {
        return hasReady(true);
    }

    /** True when a ready stack can start now: a slotless one, or any when {@code slotFree}. */
    boolean hasReady(final boolean slotFree) {
        return startable(slotFree) != null;
    }

    private StackId startable(final boolean slotFree) {
        for (StackId id : ready) {
            if (slotless.test(id)) {
                return id;
            }
            if (slotFree && !busyGroups.contains(group.apply(id))) {
                return id;
            }
        }
        return null;
    }

    /** The running stacks that take a slot. */
    int running() {
        return running;
    }

    /** Every running stack, slotless ones included. */
    int active() {
        return running + runningSlotless;
    }

    /** True when every stack is done. */
    boolean isComplete() {
        return done == phases.size();
    }

    /** The ready stack to start now (highest priority among those whose group is free); it is then running. */
    StackId startNext() {
        return startNext(true);
    }

    /** The ready stack to start now: the first slotless one, or (when {@code slotFree}) the first whose group is free. */
    StackId startNext(final boolean slotFree) {
        StackId next = startable(slotFree);
        if (next == null) {
            throw new IllegalStateException("no stack is ready");
        }
        ready.remove(next);
        phases.put(next, Phase.RUNNING);
        if (slotless.test(next)) {
            runningSlotless++;
        } else {
            busyGroups.add(group.apply(next));
            running++;
        }
        return next;
    }

    /** A running stack ended in a way that lets its dependents go on; returns the stacks that became ready. */
    List<StackId> succeeded(final StackId id) {
        finishRunning(id);
        List<StackId> nowReady = new ArrayList<>();
        for (StackId dependent : graph.dependentsOf(id)) {
            if (unfinishedDependencies.merge(dependent, -1, Integer::sum) == 0 && phases.get(dependent) == Phase.WAITING) {
                phases.put(dependent, Phase.READY);
                ready.add(dependent);
                nowReady.add(dependent);
            }
        }
        return nowReady;
    }

    /**
     * A running stack ended in a way that stops its dependents; returns every transitive dependent not yet
     * done, sorted by id, which are now done (skipped because of {@code id}). None of them can be running:
     * a stack starts only after all its dependencies succeeded.
     */
    List<StackId> blocked(final StackId id) {
        finishRunning(id);
        List<StackId> skipped = new ArrayList<>();
        for (StackId dependent : graph.transitiveDependents(id)) {
            Phase phase = phases.get(dependent);
            if (phase == Phase.RUNNING) {
                throw new IllegalStateException(dependent + " runs although " + id + " had not succeeded");
            }
            if (phase != Phase.DONE) {
                ready.remove(dependent);
                phases.put(dependent, Phase.DONE);
                done++;
                skipped.add(dependent);
            }
        }
        return skipped;
    }

    /** The run stops: every stack not started is done now; returns them sorted by id. */
    List<StackId> abandonNotStarted() {
        List<StackId> abandoned = new ArrayList<>();
        for (StackId id : graph.stacks()) {
            Phase phase = phases.get(id);
            if (phase == Phase.WAITING || phase == Phase.READY) {
                phases.put(id, Phase.DONE);
                done++;
                abandoned.add(id);
            }
        }
        ready.clear();
        return abandoned;
    }

    private void finishRunning(final StackId id) {
        if (phases.get(id) != Phase.RUNNING) {
            throw new IllegalStateException(id + " is not running");
        }
        phases.put(id, Phase.DONE);
        if (slotless.test(id)) {
            runningSlotless--;
        } else {
            busyGroups.remove(group.apply(id));
            running--;
        }
        done++;
    }
}
