package io.stackdrift.record;

import java.util.List;
import java.util.Objects;

import io.stackdrift.model.StackId;

/**
 * One deploy of one stack.
 *
 * @param stack         the stack
 * @param runId         the run (build) that deployed it
 * @param startedAt     epoch milliseconds
 * @param finishedAt    epoch milliseconds; 0 only in records written before interrupted entries got one (an interrupt seen
 *                      in the run: when it was seen; a deploy marker recovered later: the marker's start)
 * @param result        how it ended
 * @param repairedDrift a successful deploy of a stack that had drift: it put back what changed outside the code
 * @param restoredPaths the drifted attribute paths it put back ({@code address.path}); never values
 * @param reason        one line for failed / interrupted; empty otherwise
 */
public record TrailEntry(StackId stack, String runId, long startedAt, long finishedAt, TrailResult result,
        boolean repairedDrift, List<String> restoredPaths, String reason) {
    public TrailEntry {
        Objects.requireNonNull(stack, "stack");
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(result, "result");
        restoredPaths = List.copyOf(restoredPaths);
        reason = Objects.requireNonNullElse(reason, "");
    }
}
