package io.jenkins.plugins.stackdrift.steps;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import hudson.model.Label;
import hudson.model.Queue;
import hudson.model.Run;

/**
 * What a shard that waited too long for another shard's step to start says about executors: which labels this build's
 * {@code node} blocks wait for in the queue (core's {@code SubTask.getOwnerExecutable()} ties a Pipeline's queue item
 * to its build), and how many executors each has online and busy. Asked only once a start limit has passed.
 */
final class ShardExecutors {
    private ShardExecutors() {
    }

    /** One label a queued {@code node} block of the build waits for. */
    record Waiting(String label, int blocks, int online, int busy) {
    }

    /** The words for {@code run}, read from the queue now. */
    static String shortage(final Run<?, ?> run) {
        Queue.Item[] items = Queue.getInstance().getItems();
        Map<String, Waiting> byLabel = new TreeMap<>();
        for (Queue.Item item : items) {
            if (item.task == null || item.task.getOwnerExecutable() != run) {
                continue;
            }
            Label label = item.getAssignedLabel();
            String name = label == null ? "" : label.getName();
            Waiting before = byLabel.get(name);
            int online = label == null ? -1 : label.getTotalExecutors();
            int busy = label == null ? -1 : label.getBusyExecutors();
            byLabel.put(name, new Waiting(name, before == null ? 1 : before.blocks() + 1, online, busy));
        }
        return words(new ArrayList<>(byLabel.values()));
    }

    /** The words for what the queue showed; Jenkins-free, so tested here. */
    static String words(final List<Waiting> waiting) {
        if (waiting.isEmpty()) {
            return "it needs a free executor, but no node block of this build is in the queue now (its parallel branch "
                    + "may not have reached its node block yet, or it is waiting on something else)";
        }
        List<String> parts = new ArrayList<>();
        for (Waiting w : waiting) {
            String blocks = w.blocks() + " node block" + (w.blocks() == 1 ? "" : "s") + " of this build";
            parts.add(w.label().isEmpty() ? blocks + " wait for any executor"
                    : blocks + " wait for label '" + w.label() + "', which has " + w.online() + " executor"
                            + (w.online() == 1 ? "" : "s") + " online, " + w.busy() + " busy");
        }
        return "it needs a free executor: " + String.join("; ", parts) + ". Give the label at least as many free "
                + "executors as the build has shards, or raise shardStartTimeout";
    }
}
