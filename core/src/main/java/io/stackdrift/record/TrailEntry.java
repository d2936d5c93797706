package io.stackdrift.record;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import io.stackdrift.model.DriftRepair;
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
 * @param restoredPaths the drifted attribute paths it put back ({@code address.path}), at most {@link #MOST_RESTORED_PATHS}
 *                      (the first ones); never values
 * @param reason        one line for failed / interrupted; empty otherwise
 * @param driftedSince  for a repair: epoch ms of the first drifted check of the drift it put back (so the trail
 *                      tells the time to repair); 0 otherwise or when unknown
 * @param repair        for a repair: whether it put resources back, or took the new value its drifted outputs read
 * @param upstream      for a repair that took new output values: the stacks the deployed one depends on; empty otherwise
 */
public record TrailEntry(StackId stack, String runId, long startedAt, long finishedAt, TrailResult result,
        boolean repairedDrift, List<String> restoredPaths, String reason, long driftedSince, DriftRepair repair,
        List<StackId> upstream) {
    /** How many restored paths an entry keeps: a trail entry stays small, whatever the drift it put back. */
    public static final int MOST_RESTORED_PATHS = 1_000;

    public TrailEntry {
        Objects.requireNonNull(stack, "stack");
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(result, "result");
        restoredPaths = List.copyOf(restoredPaths);
        reason = Objects.requireNonNullElse(reason, "");
        repair = Objects.requireNonNullElse(repair, DriftRepair.PUT_BACK);
        upstream = List.copyOf(upstream);
    }

    /** An entry of a deploy that put back what it repaired (or repaired nothing). */
    public TrailEntry(final StackId stack, final String runId, final long startedAt, final long finishedAt, final TrailResult result,
            final boolean repairedDrift, final List<String> restoredPaths, final String reason, final long driftedSince) {
        this(stack, runId, startedAt, finishedAt, result, repairedDrift, restoredPaths, reason, driftedSince, DriftRepair.PUT_BACK,
                List.of());
    }

    /** What a repair did, in words ({@link DriftRepair#done}); for an entry that repaired nothing, its result's word. */
    public String repairWords() {
        return repairedDrift ? repair.done(upstream) : result.word();
    }

    /** How long the stack had drifted when this deploy put it back: from the first drifted check to the end of the deploy. */
    public Optional<Duration> timeToRepair() {
        if (!repairedDrift || driftedSince <= 0 || finishedAt < driftedSince) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofMillis(finishedAt - driftedSince));
    }

    /** The first {@code most} restored paths, comma-separated, and how many more there are: one line for a log. */
    public String restoredPathsLine(final int most) {
        if (restoredPaths.size() <= most) {
            return String.join(", ", restoredPaths);
        }
        return String.join(", ", restoredPaths.subList(0, most)) + " and " + (restoredPaths.size() - most) + " more";
    }

    /** The same entry with another reason (a host's masked one, or one that names where the tool's output is kept). */
    public TrailEntry withReason(final String newReason) {
        return new TrailEntry(stack, runId, startedAt, finishedAt, result, repairedDrift, restoredPaths, newReason, driftedSince, repair,
                upstream);
    }

    /** The same entry, with the start of the drift it repaired. */
    public TrailEntry withDriftedSince(final long since) {
        return new TrailEntry(stack, runId, startedAt, finishedAt, result, repairedDrift, restoredPaths, reason, since, repair, upstream);
    }
}
