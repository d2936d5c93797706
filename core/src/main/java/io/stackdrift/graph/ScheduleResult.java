package io.stackdrift.graph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.stackdrift.model.StackId;

/**
 * How a scheduled run ended: one {@link StackResult} per stack of the graph, in the order they ended.
 *
 * @param results     every stack exactly once, in end order
 * @param interrupted true when the run was stopped before every stack could run
 */
public record ScheduleResult(List<StackResult> results, boolean interrupted) {
    public ScheduleResult {
        results = List.copyOf(results);
    }

    public Optional<StackResult> result(final StackId id) {
        return results.stream().filter(r -> r.id().equals(id)).findFirst();
    }

    /** The stacks in the order they started. */
    public List<StackId> startOrder() {
        return results.stream().filter(StackResult::started)
                .sorted(Comparator.comparingInt(StackResult::startIndex)).map(StackResult::id).toList();
    }

    /** Every stack in the order it ended (skipped ones when they were skipped). */
    public List<StackId> endOrder() {
        return results.stream().map(StackResult::id).toList();
    }

    public List<StackResult> inState(final StackState state) {
        return results.stream().filter(r -> r.state() == state).toList();
    }

    /** True when every stack succeeded or had nothing to do (or was skipped by its own task). */
    public boolean allWent() {
        return !interrupted && results.stream().allMatch(r -> r.state() == StackState.SUCCEEDED
                || r.state() == StackState.NOTHING_TO_DO || r.state() == StackState.SKIPPED && r.blockedBy() == null);
    }

    public Map<StackState, Integer> counts() {
        Map<StackState, Integer> counts = new EnumMap<>(StackState.class);
        for (StackState state : StackState.values()) {
            counts.put(state, 0);
        }
        results.forEach(r -> counts.merge(r.state(), 1, Integer::sum));
        return counts;
    }

    /**
     * The summary of the run: a counts line ("3 succeeded · 1 failed · 2 skipped · 1 nothing to deploy"),
     * then one line per stack that did not go through, with its reason.
     */
    public List<String> summary() {
        List<String> lines = new ArrayList<>();
        Map<StackState, Integer> counts = counts();
        List<String> parts = new ArrayList<>();
        for (StackState state : List.of(StackState.SUCCEEDED, StackState.FAILED, StackState.SKIPPED,
                StackState.NOTHING_TO_DO, StackState.AWAITING_APPROVAL, StackState.INTERRUPTED)) {
            if (counts.get(state) > 0 || state == StackState.SUCCEEDED || state == StackState.FAILED) {
                parts.add(counts.get(state) + " " + state.word());
            }
        }
        lines.add(String.join(" · ", parts) + (interrupted ? " (run interrupted)" : ""));
        Map<StackId, StackResult> byId = new LinkedHashMap<>();
        results.stream().sorted(Comparator.comparing(StackResult::id)).forEach(r -> byId.put(r.id(), r));
        byId.values().stream().filter(r -> !r.reason().isEmpty())
                .forEach(r -> lines.add("  " + r.id() + ": " + r.state().word() + " — " + r.reason()));
        return List.copyOf(lines);
    }
}
