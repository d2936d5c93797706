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
import java.util.function.Predicate;

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
 * <p>Saved on each change through the table's {@link Store} (the plugin's is a file in the controller's home), and
 * restored after a controller restart ({@link #restore}): a lock a step held then is held in the name of its build
 * until that step, resumed, takes it back ({@link #reclaim}) and lets go of it when it ends; failing that, until the
 * build is no longer running (its tool may still be applying on an agent the controller could not reach), or an
 * administrator lets it go.
 */
public final class JobStackLocks {
    private static final Object MONITOR = new Object();
    /** scope + NUL + stack id → who holds it. */
    private static final Map<String, Holding> HELD = new HashMap<>();
    /** Counts releases, so a waiter that looked, printed and came back knows whether it missed one. */
    private static long releases;

    private JobStackLocks() {
    }

    /** Where the table is saved; none until the plugin installs its own. */
    private static Store store = Store.NONE;
    /** Whether a build (by its id) is still running: a restored lock is held until it is not. */
    private static Predicate<String> building = build -> true;
    /** Counts changes, so the saver writes the newest table last whatever the threads' order. */
    private static long changes;
    private static final Object SAVING = new Object();
    private static long saved;

    /**
     * One held lock: who holds it, since when, the step's own token (a release lets go of its own only) and whether it was
     * restored after a restart.
     */
    private record Holding(LockOwner owner, long since, Object token, boolean restored) {
        /** What a waiting build prints about the holder. */
        String holder() {
            return owner.words() + (restored && !owner.build().isEmpty() ? ", held since before the controller restarted" : "");
        }

        String build() {
            return owner.build();
        }
    }

    /**
     * A lock as the table saves it.
     *
     * @param build the holder's build as {@code Run.getExternalizableId()} gives it ({@code folder/job#12}); empty when
     *              not known
     * @param step  the holder's step id in its build; empty when not known (and in a table saved before steps were)
     */
    public record SavedLock(String scope, String stack, String holder, long since, String build, String step) {
        public SavedLock {
            build = build == null ? "" : build;
            step = step == null ? "" : step;
        }

        LockOwner owner() {
            return new LockOwner(holder, build, step);
        }
    }

    /** Where the table is saved on each change; a store that cannot write says so itself (the locks go on). */
    @FunctionalInterface
    public interface Store {
        Store NONE = locks -> { };

        void save(List<SavedLock> locks);
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
        return acquireAll(scope, stacks, LockOwner.named(holder), timeout, log, () -> { });
    }

    /**
     * As {@link #acquireAll(String, Collection, String, Duration, PrintStream)}, for a step that says which it is (what a
     * restart restores the lock to, and who takes it back); {@code beforeEachLook} runs each time the wait wakes up, before
     * it looks at the table (a step whose controller shut down stays there for good: it must take nothing).
     */
    public static Held acquireAll(final String scope, final Collection<String> stacks, final LockOwner owner,
            final Duration timeout, final PrintStream log, final Runnable beforeEachLook) throws InterruptedException, AbortException {
        long start = System.nanoTime();
        String announced = null;
        while (true) {
            beforeEachLook.run();
            Map.Entry<String, String> blocker;
            long seen;
            boolean heldByRestored;
            Held held = null;
            TableCopy table = null;
            synchronized (MONITOR) {
                Map<String, String> busy = busy(scope, stacks);
                if (busy.isEmpty()) {
                    Holding holding = new Holding(owner, System.currentTimeMillis(), new Object(), false);
                    stacks.forEach(stack -> HELD.put(key(scope, stack), holding));
                    held = new Held(scope, new TreeSet<>(stacks), Map.of(), holding.token());
                    table = changed();
                }
                blocker = held == null ? busy.entrySet().iterator().next() : null;
                heldByRestored = stacks.stream().map(stack -> HELD.get(key(scope, stack))).anyMatch(h -> h != null && h.restored());
                seen = releases;
            }
            if (held != null) {
                save(table);
                return held;
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
            // a lock restored after a restart is let go when its build ends, which no release announces: look again
            long most = heldByRestored ? RESTORED_LOOK_MILLIS : Long.MAX_VALUE / 2;
            synchronized (MONITOR) {
                if (releases == seen) {
                    MONITOR.wait(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), most)));
                }
            }
        }
    }

    /** Holds the stacks of the scope that are free now and reports the others; never waits. */
    public static Held acquireFree(final String scope, final Collection<String> stacks, final String holder) {
        return acquireFree(scope, stacks, LockOwner.named(holder));
    }

    /** As {@link #acquireFree(String, Collection, String)}, for a step that says which it is. */
    public static Held acquireFree(final String scope, final Collection<String> stacks, final LockOwner owner) {
        Held held;
        TableCopy table;
        synchronized (MONITOR) {
            Map<String, String> busy = busy(scope, stacks);
            Set<String> free = new TreeSet<>(stacks);
            free.removeAll(busy.keySet());
            Holding holding = new Holding(owner, System.currentTimeMillis(), new Object(), false);
            free.forEach(stack -> HELD.put(key(scope, stack), holding));
            held = new Held(scope, free, busy, holding.token());
            table = changed();
        }
        save(table);
        return held;
    }

    /** Lets go of the stacks this token holds; a lock an administrator released and another step took stays. */
    private static void release(final String scope, final Collection<String> stacks, final Object token) {
        TableCopy table;
        synchronized (MONITOR) {
            for (String stack : stacks) {
                HELD.computeIfPresent(key(scope, stack), (key, holding) -> holding.token() == token ? null : holding);
            }
            releases++;
            MONITOR.notifyAll();
            table = changed();
        }
        save(table);
    }

    /** Every lock held now, by scope and stack. */
    public static List<HeldLock> held() {
        List<HeldLock> all = new ArrayList<>();
        synchronized (MONITOR) {
            HELD.forEach((key, holding) -> {
                int split = key.indexOf('\u0000');
                // a restored lock whose build ended is let go by the next step that asks for it: not listed
                if (!holding.restored() || building.test(holding.build())) {
                    all.add(new HeldLock(key.substring(0, split), key.substring(split + 1), holding.holder(), holding.since()));
                }
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
        boolean was;
        TableCopy table;
        synchronized (MONITOR) {
            was = HELD.remove(key(scope, stack)) != null;
            releases++;
            MONITOR.notifyAll();
            table = changed();
        }
        save(table);
        return was;
    }

    /**
     * Installs the table's store and restores the locks saved before a restart (call it once per controller start):
     * each is held in the name of its build ({@code stillBuilding} says whether that build still runs), whatever step
     * held it, until the build is no longer running or an administrator lets it go. A lock held now stays as it is.
     */
    public static void restore(final Store into, final List<SavedLock> locks, final Predicate<String> stillBuilding) {
        synchronized (MONITOR) {
            store = into;
            building = stillBuilding;
            for (SavedLock lock : locks) {
                HELD.putIfAbsent(key(lock.scope(), lock.stack()), new Holding(lock.owner(), lock.since(), new Object(), true));
            }
        }
    }

    /**
     * The locks of {@code scope} that step {@code step} of build {@code build} held when the controller stopped, taken back
     * by that step after the restart: they are its own again, let go when it ends rather than when its build ends. A
     * step's lock still held in this JVM (a test harness restarts in one JVM) is taken over the same way.
     */
    public static Held reclaim(final String scope, final String build, final String step) {
        Object token = new Object();
        Set<String> stacks = new TreeSet<>();
        TableCopy table;
        synchronized (MONITOR) {
            HELD.replaceAll((key, holding) -> {
                if (!key.startsWith(scope + '\u0000') || !holding.owner().isStep(build, step)) {
                    return holding;
                }
                stacks.add(key.substring(scope.length() + 1));
                return new Holding(holding.owner(), holding.since(), token, false);
            });
            table = changed();
        }
        save(table);
        return new Held(scope, stacks, Map.of(), token);
    }

    /** How often a step waiting for a restored lock looks whether the build holding it ended. */
    private static final long RESTORED_LOOK_MILLIS = 10_000;

    /** A copy of the table and its change number, taken under the monitor, saved outside it. */
    private record TableCopy(long number, List<SavedLock> locks) {
    }

    /** Counts a change and copies the table; called with the monitor held. */
    private static TableCopy changed() {
        List<SavedLock> locks = new ArrayList<>();
        HELD.forEach((key, holding) -> {
            int split = key.indexOf('\u0000');
            locks.add(new SavedLock(key.substring(0, split), key.substring(split + 1), holding.owner().words(), holding.since(),
                    holding.build(), holding.owner().step()));
        });
        locks.sort(Comparator.comparing(SavedLock::scope).thenComparing(SavedLock::stack));
        return new TableCopy(++changes, locks);
    }

    /** Saves a copy unless a newer one was saved already; outside the monitor, so a slow disk holds up no build. */
    private static void save(final TableCopy table) {
        Store target;
        synchronized (MONITOR) {
            target = store;
        }
        synchronized (SAVING) {
            if (table.number() > saved) {
                target.save(table.locks());
                saved = table.number();
            }
        }
    }

    /**
     * Who holds each of {@code stacks}; a restored lock whose build no longer runs is let go here (its step cannot
     * release it: it did not go on after the restart).
     */
    private static Map<String, String> busy(final String scope, final Collection<String> stacks) {
        Map<String, String> busy = new TreeMap<>();
        for (String stack : stacks) {
            Holding holding = HELD.get(key(scope, stack));
            if (holding != null && holding.restored() && !building.test(holding.build())) {
                HELD.remove(key(scope, stack));
                releases++;
                changes++;
                holding = null;
            }
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
