package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongSupplier;

import io.stackdrift.model.ShardOutcome;

/**
 * One build's board of shards, on the controller: the partition its {@code stackShards} fixed (which shard owns each
 * stack), the digest of the configuration the first shard step read, each stack's outcome as its shard posted it, and
 * the shards that ended. Every shard step of the build reaches
 * this one board, from any agent, through {@link ShardBoardLink}; the engine on each agent applies the wait rule to
 * what it reads here. Thread-safe (every method holds the board's own lock); Jenkins-free, so tested here.
 *
 * <p>Each change (a shard started, a post, an end, the configuration digest) is handed whole to the board's
 * {@link Store} while the lock is held, so the saved copies follow each other in the board's own order; a controller
 * restart restores the board from the last one ({@link #restored}). A shard whose step had started and not ended
 * then is stopped: its step does not go on after a restart, so its waiters stop waiting, with the reason; unless its
 * engine runs durably ({@link #runsDurably}), and its step follows it again after the restart.
 */
public final class BuildShards implements ShardBoardLink {
    private final List<List<String>> partition;
    private final Map<String, Integer> owners;
    private final Map<String, List<String>> posts = new TreeMap<>();
    private final Set<Integer> ended = new TreeSet<>();
    /** When each shard's step started, in the controller's milliseconds since the epoch. */
    private final Map<Integer, Long> started = new TreeMap<>();
    /** Shards whose step was running at a controller restart: what their waiters are told. */
    private final Map<Integer, String> stopped = new TreeMap<>();
    /** Shards whose engine runs as a process of its own on its agent: a restart does not stop them. */
    private final Set<Integer> durable = new TreeSet<>();
    /** The configuration digest the first shard step read, and that shard's number; empty and 0 until one did. */
    private String configDigest = "";
    private int configFrom;
    private final Store store;
    private final LongSupplier clock;
    private final Object lock = new Object();

    /**
     * What a board saves: all but the partition (its build keeps that). Only stack ids, outcome names, digests,
     * shard numbers and times.
     *
     * @param posts   each as {@code [stack, outcome, digest]}
     * @param started shard number → when its step started (ms since the epoch)
     * @param stopped shard number → why it stopped without ending (its step was running at a restart)
     * @param durable the shards whose engine runs durably
     */
    public record Saved(String configDigest, int configFrom, List<List<String>> posts, Map<Integer, Long> started,
            Set<Integer> ended, Map<Integer, String> stopped, Set<Integer> durable) {
        /** A board of no durable shard. */
        public Saved(final String configDigest, final int configFrom, final List<List<String>> posts,
                final Map<Integer, Long> started, final Set<Integer> ended, final Map<Integer, String> stopped) {
            this(configDigest, configFrom, posts, started, ended, stopped, Set.of());
        }

        public Saved {
            durable = durable == null ? Set.of() : Set.copyOf(durable);
            configDigest = configDigest == null ? "" : configDigest;
            posts = posts == null ? List.of() : posts.stream().map(List::copyOf).toList();
            started = started == null ? Map.of() : Map.copyOf(started);
            ended = ended == null ? Set.of() : Set.copyOf(ended);
            stopped = stopped == null ? Map.of() : Map.copyOf(stopped);
        }
    }

    /** Where a board saves itself on each change; a store that cannot write says so itself (the board goes on). */
    @FunctionalInterface
    public interface Store {
        /** A board kept in memory only. */
        Store NONE = saved -> { };

        void save(Saved saved);
    }

    /** @param partition the stacks of shard 1, 2, …; a stack in two shards is refused */
    public BuildShards(final List<List<String>> partition) {
        this(partition, Store.NONE, System::currentTimeMillis);
    }

    /**
     * @param partition the stacks of shard 1, 2, …; a stack in two shards is refused
     * @param store     where each change is saved
     * @param clock     the controller's clock, in milliseconds since the epoch
     */
    public BuildShards(final List<List<String>> partition, final Store store, final LongSupplier clock) {
        List<List<String>> copy = new ArrayList<>();
        Map<String, Integer> byStack = new TreeMap<>();
        for (int i = 0; i < partition.size(); i++) {
            for (String stack : partition.get(i)) {
                if (byStack.put(Objects.requireNonNull(stack, "stack"), i + 1) != null) {
                    throw new IllegalArgumentException(stack + " is in two shards");
                }
            }
            copy.add(List.copyOf(new TreeSet<>(partition.get(i))));
        }
        if (copy.isEmpty()) {
            throw new IllegalArgumentException("a partition has at least one shard");
        }
        this.partition = List.copyOf(copy);
        this.owners = Map.copyOf(byStack);
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The board of {@code partition} as it was saved before a controller restart: every shard whose step had started
     * and not ended is stopped with {@code why} (its step does not go on), but a durable one (its step follows its engine
     * again), and that is saved at once. Posts and shard
     * numbers that are not of this partition are left out.
     */
    public static BuildShards restored(final List<List<String>> partition, final Saved saved, final String why,
            final Store store, final LongSupplier clock) {
        BuildShards board = new BuildShards(partition, store, clock);
        synchronized (board.lock) {
            board.configDigest = saved.configDigest();
            board.configFrom = saved.configFrom();
            for (List<String> post : saved.posts()) {
                if (post.size() == 3 && board.owners.containsKey(post.get(0))) {
                    board.posts.put(post.get(0), List.copyOf(post));
                }
            }
            saved.started().forEach((number, at) -> {
                if (board.isShard(number)) {
                    board.started.put(number, at);
                }
            });
            saved.ended().stream().filter(board::isShard).forEach(board.ended::add);
            saved.stopped().forEach((number, words) -> {
                if (board.isShard(number)) {
                    board.stopped.put(number, words);
                }
            });
            saved.durable().stream().filter(board::isShard).forEach(board.durable::add);
            for (int number : board.started.keySet()) {
                if (!board.ended.contains(number) && !board.durable.contains(number)) {
                    board.stopped.putIfAbsent(number, why);
                }
            }
            board.changed();
        }
        return board;
    }

    private boolean isShard(final int number) {
        return number >= 1 && number <= partition.size();
    }

    /** Hands the whole board to its store; called with the lock held. */
    private void changed() {
        List<List<String>> saved = new ArrayList<>(posts.values());
        store.save(new Saved(configDigest, configFrom, saved, started, ended, stopped, durable));
    }

    public int count() {
        return partition.size();
    }

    /** The stacks of shard {@code number}, sorted. */
    public List<String> shard(final int number) {
        return partition.get(number - 1);
    }

    /** Every stack of every shard, sorted. */
    public List<String> stacks() {
        return List.copyOf(new TreeSet<>(owners.keySet()));
    }

    @Override
    public List<List<String>> partition() {
        List<List<String>> copy = new ArrayList<>();
        partition.forEach(shard -> copy.add(new ArrayList<>(shard)));
        return copy;
    }

    @Override
    public List<String> agreeConfig(final int number, final String digest) throws IOException {
        if (number < 1 || number > partition.size()) {
            throw new IOException("Stack Drift: shard " + number + " is not between 1 and " + partition.size());
        }
        synchronized (lock) {
            if (configFrom == 0) {
                configDigest = digest == null ? "" : digest;
                configFrom = number;
                changed();
            }
            return List.of(configDigest, String.valueOf(configFrom));
        }
    }

    @Override
    public void post(final String stack, final String outcome, final String digest) throws IOException {
        if (!owners.containsKey(stack)) {
            throw new IOException("Stack Drift: " + stack + " is in no shard of this build's stackShards");
        }
        try {
            ShardOutcome.valueOf(outcome);
        } catch (IllegalArgumentException e) {
            throw new IOException("Stack Drift: " + stack + " cannot end as '" + outcome + "'", e);
        }
        synchronized (lock) {
            List<String> before = posts.get(stack);
            if (before != null && !before.get(1).equals(outcome)) {
                throw new IOException("Stack Drift: " + stack + " already ended in this build (" + before.get(1) + ")");
            }
            List<String> post = List.of(stack, outcome, digest == null ? "" : digest);
            if (!post.equals(posts.put(stack, post))) {
                changed();
            }
        }
    }

    @Override
    public List<List<String>> posts() {
        synchronized (lock) {
            List<List<String>> copy = new ArrayList<>();
            posts.values().forEach(post -> copy.add(new ArrayList<>(post)));
            return copy;
        }
    }

    @Override
    public List<Integer> ended() {
        synchronized (lock) {
            return new ArrayList<>(ended);
        }
    }

    @Override
    public void end(final int number) throws IOException {
        if (number < 1 || number > partition.size()) {
            throw new IOException("Stack Drift: shard " + number + " is not between 1 and " + partition.size());
        }
        synchronized (lock) {
            if (ended.add(number)) {
                changed();
            }
        }
    }

    /**
     * Shard {@code number}'s step started (it has an executor): the other shards' waits for it are now waits for a
     * running shard. A step that starts again (a retried branch) keeps its first time.
     */
    public void start(final int number) throws IOException {
        if (!isShard(number)) {
            throw new IOException("Stack Drift: shard " + number + " is not between 1 and " + partition.size());
        }
        synchronized (lock) {
            if (started.putIfAbsent(number, clock.getAsLong()) == null) {
                changed();
            }
        }
    }

    /** Shard {@code number}'s engine runs durably: a controller restart does not stop it (its step resumes). */
    public void runsDurably(final int number) throws IOException {
        if (!isShard(number)) {
            throw new IOException("Stack Drift: shard " + number + " is not between 1 and " + partition.size());
        }
        synchronized (lock) {
            if (durable.add(number)) {
                changed();
            }
        }
    }

    /** The board's clock: the controller's milliseconds since the epoch. */
    long now() {
        return clock.getAsLong();
    }

    /** When shard {@code number}'s step started (ms since the epoch); empty when it has not. */
    public OptionalLong startedAt(final int number) {
        synchronized (lock) {
            Long at = started.get(number);
            return at == null ? OptionalLong.empty() : OptionalLong.of(at);
        }
    }

    /**
     * The shards that will not end on their own, with why: their step was running at a controller restart. (A shard
     * that is late to start is told per waiting shard, by its {@link ShardView}.)
     */
    @Override
    public Map<Integer, String> gone() {
        synchronized (lock) {
            return new TreeMap<>(stopped);
        }
    }

    /** The shards that neither started nor ended, nor were stopped by a restart. */
    Set<Integer> notStarted() {
        synchronized (lock) {
            Set<Integer> waiting = new TreeSet<>();
            for (int number = 1; number <= partition.size(); number++) {
                if (!started.containsKey(number) && !ended.contains(number) && !stopped.containsKey(number)) {
                    waiting.add(number);
                }
            }
            return waiting;
        }
    }

    /** The board as its store last got it. */
    public Saved saved() {
        synchronized (lock) {
            return new Saved(configDigest, configFrom, new ArrayList<>(posts.values()), started, ended, stopped, durable);
        }
    }

    /** The shard that deploys {@code stack}; 0 when none does. */
    public int ownerOf(final String stack) {
        return owners.getOrDefault(stack, 0);
    }
}
