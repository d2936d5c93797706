package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.stackdrift.model.ShardOutcome;

/**
 * One build's board of shards, on the controller: the partition its {@code stackShards} fixed (which shard owns each
 * stack), the digest of the configuration the first shard step read, each stack's outcome as its shard posted it, and
 * the shards that ended. Every shard step of the build reaches
 * this one board, from any agent, through {@link ShardBoardLink}; the engine on each agent applies the wait rule to
 * what it reads here. Thread-safe (every method holds the board's own lock); Jenkins-free, so tested here.
 */
public final class BuildShards implements ShardBoardLink {
    private final List<List<String>> partition;
    private final Map<String, Integer> owners;
    private final Map<String, List<String>> posts = new TreeMap<>();
    private final Set<Integer> ended = new TreeSet<>();
    /** The configuration digest the first shard step read, and that shard's number; empty and 0 until one did. */
    private String configDigest = "";
    private int configFrom;
    private final Object lock = new Object();

    /** @param partition the stacks of shard 1, 2, …; a stack in two shards is refused */
    public BuildShards(final List<List<String>> partition) {
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
            posts.put(stack, List.of(stack, outcome, digest == null ? "" : digest));
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
            ended.add(number);
        }
    }

    /** The shard that deploys {@code stack}; 0 when none does. */
    public int ownerOf(final String stack) {
        return owners.getOrDefault(stack, 0);
    }
}
