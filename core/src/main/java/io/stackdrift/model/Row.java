package io.stackdrift.model;

import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The recorded result of one stack in one run.
 *
 * @param id             the stack id
 * @param tool           the tool that ran it
 * @param dir            the stack directory, relative to the repository root
 * @param state          the row state
 * @param reason         one line: why it failed, was skipped or awaits approval; empty otherwise
 * @param changes        pending code changes, never values (a long list waits in a spill file: {@link ChangeList})
 * @param drift          changes made outside the code, never values
 * @param ownedElsewhere drift on paths that {@code ignore} gives to another owner: shown, never drift
 * @param dependsOn      stack ids this stack was seen to read (Pulumi stack references of a stack with
 *                       {@code dependsOn: auto}); empty for a failed preview
 * @param fileDependsOn  stack ids the file's {@code dependsOn} lists for this stack
 * @param driftAge       since when the stack has drifted, on a row that {@link #showsDrift() shows drift}, or on a
 *                       skipped row whose stack is known drifted; on a repaired row, the age of the drift it put back
 *                       (when it was first seen); {@link DriftAge#NONE} otherwise (the history fills it in when the row is
 *                       recorded)
 * @param known          on a skipped row, what the history knew of the stack ({@link KnownState#NONE} on any other row)
 */
public record Row(StackId id, Tool tool, String dir, RowState state, String reason,
        ChangeList changes, ChangeList drift, ChangeList ownedElsewhere, List<StackId> dependsOn,
        List<StackId> fileDependsOn, DriftAge driftAge, KnownState known) {
    public Row {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(state, "state");
        reason = reason == null ? "" : reason;
        Objects.requireNonNull(changes, "changes");
        Objects.requireNonNull(drift, "drift");
        Objects.requireNonNull(ownedElsewhere, "ownedElsewhere");
        dependsOn = List.copyOf(dependsOn);
        fileDependsOn = List.copyOf(fileDependsOn);
        driftAge = Objects.requireNonNullElse(driftAge, DriftAge.NONE);
        known = Objects.requireNonNullElse(known, KnownState.NONE);
    }

    /**
     * A row with its state and one-line reason and nothing else (a failed, skipped or awaiting row); the withers add the
     * rest. There is no shorter constructor: a copy made field by field would lose what it forgot to name.
     */
    public static Row of(final StackId id, final Tool tool, final String dir, final RowState state, final String reason) {
        return new Row(id, tool, dir, state, reason, ChangeList.none(), ChangeList.none(), ChangeList.none(), List.of(), List.of(),
                DriftAge.NONE, KnownState.NONE);
    }

    /**
     * The number of changes shown for this row: code changes plus drift. A preview's changes that put drift back are
     * marked as drift ({@link DriftReverts#marked}) and counted once, as the drift they put back; only a row with drift
     * reads its changes to count them.
     */
    public int changeCount() {
        if (drift.isEmpty()) {
            return changes.size();
        }
        try (Stream<Change> all = changes.stream()) {
            return (int) all.filter(change -> change.cause() == Cause.CODE).count() + drift.size();
        }
    }

    /** Every stack this one depends on, from the file and read from references, in id order. */
    public List<StackId> allDependsOn() {
        TreeSet<StackId> all = new TreeSet<>(fileDependsOn);
        all.addAll(dependsOn);
        return List.copyOf(all);
    }

    /** Whether {@code dependency} is known only from a stack reference the stack reads (not from the file). */
    public boolean readFromReference(final StackId dependency) {
        return dependsOn.contains(dependency) && !fileDependsOn.contains(dependency);
    }

    /**
     * The stack has drift that this run found and that is still there after it: drifted, pending+drifted, awaiting
     * approval of a repair, or failed with drift (a repair or deploy whose apply failed: the drift was found all the
     * same). A repaired row lists the drift it found, but it was put back; a skipped row found nothing.
     */
    public boolean showsDrift() {
        return state.hasDrift() || ((state == RowState.AWAITING_APPROVAL || state == RowState.FAILED) && !drift.isEmpty());
    }

    /** A skipped row whose stack the history knows drifted: its drift is still there, though this run did not look. */
    public boolean knownDrift() {
        return state == RowState.SKIPPED && known.hasDrift(driftAge);
    }

    /**
     * Counted as drifted (counts, the summaries' drifted ids): drifted or pending+drifted, or skipped with its stack known
     * so (a stack known to await approval counts as awaiting approval instead).
     */
    public boolean countsAsDrifted() {
        return state.hasDrift() || (knownDrift() && known.state() != RowState.AWAITING_APPROVAL);
    }

    /** Counted as failed: failed, or skipped with its stack's last row failed (a skip does not mend it). */
    public boolean countsAsFailed() {
        return state == RowState.FAILED || (state == RowState.SKIPPED && known.state() == RowState.FAILED);
    }

    /** Counted as not deployed: not deployed, or skipped with its stack's last check finding it never deployed. */
    public boolean countsAsNotDeployed() {
        return state == RowState.NOT_DEPLOYED || (state == RowState.SKIPPED && known.state() == RowState.NOT_DEPLOYED);
    }

    /** The row with what the history knew of its skipped stack. */
    public Row withKnown(final KnownState newKnown) {
        return new Row(id, tool, dir, state, reason, changes, drift, ownedElsewhere, dependsOn, fileDependsOn, driftAge, newKnown);
    }

    /** The same row with another reason (a host's masked one, or one that names where the tool's output is kept). */
    public Row withReason(final String newReason) {
        return withState(state, newReason);
    }

    public Row withState(final RowState newState, final String newReason) {
        return new Row(id, tool, dir, newState, newReason, changes, drift, ownedElsewhere, dependsOn, fileDependsOn, driftAge, known);
    }

    public Row withChanges(final ChangeList newChanges) {
        return new Row(id, tool, dir, state, reason, newChanges, drift, ownedElsewhere, dependsOn, fileDependsOn, driftAge, known);
    }

    public Row withChanges(final List<Change> newChanges) {
        return withChanges(ChangeList.of(newChanges));
    }

    public Row withDrift(final ChangeList newDrift) {
        return new Row(id, tool, dir, state, reason, changes, newDrift, ownedElsewhere, dependsOn, fileDependsOn, driftAge, known);
    }

    public Row withDrift(final List<Change> newDrift) {
        return withDrift(ChangeList.of(newDrift));
    }

    public Row withOwnedElsewhere(final ChangeList newOwnedElsewhere) {
        return new Row(id, tool, dir, state, reason, changes, drift, newOwnedElsewhere, dependsOn, fileDependsOn, driftAge, known);
    }

    public Row withOwnedElsewhere(final List<Change> newOwnedElsewhere) {
        return withOwnedElsewhere(ChangeList.of(newOwnedElsewhere));
    }

    public Row withDependsOn(final List<StackId> newDependsOn) {
        return new Row(id, tool, dir, state, reason, changes, drift, ownedElsewhere, newDependsOn, fileDependsOn, driftAge, known);
    }

    public Row withFileDependsOn(final List<StackId> newFileDependsOn) {
        return new Row(id, tool, dir, state, reason, changes, drift, ownedElsewhere, dependsOn, newFileDependsOn, driftAge, known);
    }

    public Row withDriftAge(final DriftAge newDriftAge) {
        return new Row(id, tool, dir, state, reason, changes, drift, ownedElsewhere, dependsOn, fileDependsOn, newDriftAge, known);
    }
}
