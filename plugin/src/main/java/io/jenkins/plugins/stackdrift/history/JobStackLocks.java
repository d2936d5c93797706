package io.jenkins.plugins.stackdrift.history;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import hudson.AbortException;
import io.jenkins.plugins.stackdrift.StepDurations;

/**
 * "Two deploys of the same stack never overlap" (docs/concepts.md, "Deploy order") across every build of a lock
 * scope ({@link LockScope}: by default the multibranch project, so all its branch jobs; else the job), held on the
 * controller, where all those builds meet. A step that may apply (deployStacks; checkDrift, whose {@code correct}
 * mode deploys) holds the locks of its selected stacks for its whole duration, not just around each apply as the
 * engine's port would: coarser, but it needs no call back from the agent, and parallel branches or agents of one
 * build are kept apart just the same (each step is its own holder).
 *
 * <p>One JVM-wide monitor guards the table, and nothing is printed while it is held: a build log is a remote
 * stream that can be slow, and every other build taking or letting go of a lock would wait behind it.
 *
 * <p>Kept in memory: a controller restart ends every running step anyway (they are not resumable).
 */
public final class JobStackLocks {
    private static final Object MONITOR = new Object();
    /** scope + NUL + stack id → who holds it. */
    private static final Map<String, Holding> HELD = new HashMap<>();
    /** Counts releases, so a waiter that looked, printed and came back knows whether it missed one. */
    private static long releases;

    private JobStackLocks() {
    }

    /** One held lock: who holds it (in words), since when, and the step's own token (a release lets go of its own only). */
    private record Holding(String holder, long since, Object token) {
    }

    /**
     * A held lock as the administrators' page lists it.
     *
     * @param since when it was taken, in milliseconds since the epoch
     */
    public record HeldLock(String scope, String stack, String holder, long since) {
    }

    /** What a step holds; closing it lets waiting steps go. */
    public static final class Held implements AutoCloseable {
        private final String scope;
        private final Set<String> stacks;
        private final Map<String, String> busy;
        private final Object token;

        private Held(final String scope, final Set<String> stacks, final Map<String, String> busy, final Object token) {
            this.scope = scope;
            this.stacks = new TreeSet<>(stacks);
            this.busy = new TreeMap<>(busy);
            this.token = token;
        }

        public static Held none() {
            return new Held("", Set.of(), Map.of(), new Object());
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
                release(scope, stacks, token);
                stacks.clear();
            }
        }
    }

    /** As {@link #acquireAll(String, Collection, String, Duration, PrintStream)}, waiting without a time limit. */
    public static Held acquireAll(final String scope, final Collection<String> stacks, final String holder, final PrintStream log)
            throws InterruptedException, AbortException {
        return acquireAll(scope, stacks, holder, Duration.ZERO, log);
    }

    /**
     * Waits until none of the stacks is held in the scope, then holds them all at once (all or nothing, so two steps
     * wanting overlapping sets can never deadlock). Says in the log who it waits for, each time that changes.
     *
     * @param timeout how long to wait at most; zero waits until the stacks are free
     * @throws AbortException when the timeout passed first: names a stack still held and its holder
     */
    public static Held acquireAll(final String scope, final Collection<String> stacks, final String holder, final Duration timeout,
            final PrintStream log) throws InterruptedException, AbortException {
        long start = System.nanoTime();
        String announced = null;
        while (true) {
            Map.Entry<String, String> blocker;
            long seen;
            synchronized (MONITOR) {
                Map<String, String> busy = busy(scope, stacks);
                if (busy.isEmpty()) {
                    Holding holding = new Holding(holder, System.currentTimeMillis(), new Object());
                    stacks.forEach(stack -> HELD.put(key(scope, stack), holding));
                    return new Held(scope, new TreeSet<>(stacks), Map.of(), holding.token());
                }
                blocker = busy.entrySet().iterator().next();
                seen = releases;
            }
            long left = timeout.isZero() ? Long.MAX_VALUE : timeout.toNanos() - (System.nanoTime() - start);
            if (left <= 0) {
                throw new AbortException("Stack Drift: gave up waiting for stack " + blocker.getKey() + " after " + words(timeout)
                        + ": " + blocker.getValue() + " still holds it (lock scope '" + scope + "'); nothing was deployed");
            }
            // outside the monitor: a slow log must not hold up the other builds of the controller
            if (!blocker.getValue().equals(announced)) {
                String limit = timeout.isZero() ? "no time limit (lockTimeout sets one)" : "giving up after " + words(timeout);
                log.println("Stack Drift: waiting for stack " + blocker.getKey() + ": " + blocker.getValue() + " holds it (lock scope '"
                        + scope + "'); " + limit);
                announced = blocker.getValue();
            }
            synchronized (MONITOR) {
                if (releases == seen) {
                    MONITOR.wait(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), Long.MAX_VALUE / 2)));
                }
            }
        }
    }

    /** Holds the stacks of the scope that are free now and reports the others; never waits. */
    public static Held acquireFree(final String scope, final Collection<String> stacks, final String holder) {
        synchronized (MONITOR) {
            Map<String, String> busy = busy(scope, stacks);
            Set<String> free = new TreeSet<>(stacks);
            free.removeAll(busy.keySet());
            Holding holding = new Holding(holder, System.currentTimeMillis(), new Object());
            free.forEach(stack -> HELD.put(key(scope, stack), holding));
            return new Held(scope, free, busy, holding.token());
        }
    }

    /** Lets go of the stacks this token holds; a lock an administrator released and another step took stays. */
    private static void release(final String scope, final Collection<String> stacks, final Object token) {
        synchronized (MONITOR) {
            for (String stack : stacks) {
                HELD.computeIfPresent(key(scope, stack), (key, holding) -> holding.token() == token ? null : holding);
            }
            releases++;
            MONITOR.notifyAll();
        }
    }

    /** Every lock held now, by scope and stack. */
    public static List<HeldLock> held() {
        List<HeldLock> all = new ArrayList<>();
        synchronized (MONITOR) {
            HELD.forEach((key, holding) -> {
                int split = key.indexOf('\u0000');
                all.add(new HeldLock(key.substring(0, split), key.substring(split + 1), holding.holder(), holding.since()));
            });
        }
        all.sort(Comparator.comparing(HeldLock::scope).thenComparing(HeldLock::stack));
        return all;
    }

    /**
     * An administrator lets go of one lock (its holder's build is gone, or hangs): the stack's waiting steps go on; the
     * holding step keeps running and no longer keeps others out. Whether it was held.
     */
    public static boolean forceRelease(final String scope, final String stack) {
        synchronized (MONITOR) {
            boolean was = HELD.remove(key(scope, stack)) != null;
            releases++;
            MONITOR.notifyAll();
            return was;
        }
    }

    private static Map<String, String> busy(final String scope, final Collection<String> stacks) {
        Map<String, String> busy = new TreeMap<>();
        for (String stack : stacks) {
            Holding holding = HELD.get(key(scope, stack));
            if (holding != null) {
                busy.put(stack, holding.holder());
            }
        }
        return busy;
    }

    /** A timeout as the step's parameter takes it ({@code 90s}, {@code 30m}, {@code 1h30m}). */
    private static String words(final Duration timeout) {
        return StepDurations.format(timeout);
    }

    private static String key(final String scope, final String stack) {
        return scope + '\u0000' + stack;
    }
}
