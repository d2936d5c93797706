package io.jenkins.plugins.stackdrift.history;

import java.io.PrintStream;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * "Two deploys of the same stack never overlap" (docs/concepts.md, "Deploy order") across the builds of a job, held on the
 * controller, where every build of the job meets. A step that may apply (deployStacks; checkDrift, whose
 * {@code correct} mode deploys) holds the locks of its selected stacks for its whole duration, not just
 * around each apply as the engine's port would: coarser, but it needs no call back from the agent, and
 * parallel branches or agents of one build are kept apart just the same (each step is its own holder).
 *
 * <p>Kept in memory: a controller restart ends every running step anyway (they are not resumable).
 */
public final class JobStackLocks {
    private static final Object MONITOR = new Object();
    /** job full name + NUL + stack id → who holds it, in words. */
    private static final Map<String, String> HELD = new HashMap<>();

    private JobStackLocks() {
    }

    /** What a step holds; closing it lets waiting steps go. */
    public static final class Held implements AutoCloseable {
        private final String job;
        private final Set<String> stacks;
        private final Map<String, String> busy;

        private Held(final String job, final Set<String> stacks, final Map<String, String> busy) {
            this.job = job;
            this.stacks = new TreeSet<>(stacks);
            this.busy = new TreeMap<>(busy);
        }

        public static Held none() {
            return new Held("", Set.of(), Map.of());
        }

        /** The stacks this step holds. */
        public Set<String> stacks() {
            return Set.copyOf(stacks);
        }

        /** Stacks another step held when this one asked without waiting: stack → holder. */
        public Map<String, String> busy() {
            return Map.copyOf(busy);
        }

        @Override
        public void close() {
            synchronized (MONITOR) {
                for (String stack : stacks) {
                    HELD.remove(key(job, stack));
                }
                stacks.clear();
                MONITOR.notifyAll();
            }
        }
    }

    /**
     * Waits until none of the stacks is held, then holds them all at once (all or nothing, so two steps
     * wanting overlapping sets can never deadlock).
     */
    public static Held acquireAll(final String job, final Collection<String> stacks, final String holder, final PrintStream log)
            throws InterruptedException {
        synchronized (MONITOR) {
            String announced = null;
            while (true) {
                Map<String, String> busy = busy(job, stacks);
                if (busy.isEmpty()) {
                    break;
                }
                Map.Entry<String, String> first = busy.entrySet().iterator().next();
                String waitingFor = first.getValue();
                if (!waitingFor.equals(announced)) {
                    log.println("Stack Drift: waiting for " + waitingFor + " to finish (it holds " + first.getKey() + ")");
                    announced = waitingFor;
                }
                MONITOR.wait();
            }
            stacks.forEach(stack -> HELD.put(key(job, stack), holder));
            return new Held(job, new TreeSet<>(stacks), Map.of());
        }
    }

    /** Holds the stacks that are free now and reports the others; never waits. */
    public static Held acquireFree(final String job, final Collection<String> stacks, final String holder) {
        synchronized (MONITOR) {
            Map<String, String> busy = busy(job, stacks);
            Set<String> free = new TreeSet<>(stacks);
            free.removeAll(busy.keySet());
            free.forEach(stack -> HELD.put(key(job, stack), holder));
            return new Held(job, free, busy);
        }
    }

    private static Map<String, String> busy(final String job, final Collection<String> stacks) {
        Map<String, String> busy = new TreeMap<>();
        for (String stack : stacks) {
            String holder = HELD.get(key(job, stack));
            if (holder != null) {
                busy.put(stack, holder);
            }
        }
        return busy;
    }

    private static String key(final String job, final String stack) {
        return job + '\u0000' + stack;
    }
}
