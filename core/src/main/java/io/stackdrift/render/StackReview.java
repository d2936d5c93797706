package io.stackdrift.render;

import java.util.List;
import java.util.Objects;

import io.stackdrift.model.DriftAge;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;

/**
 * One stack of a preview or check as a reviewer of a change request reads it: its planned changes by cause.
 *
 * @param id              the stack
 * @param state           its row's state
 * @param reason          why it failed, was skipped or awaits approval (masked, one line); empty otherwise
 * @param inCode          changes the code asks for: what this change request would apply
 * @param reverts         changes that put back what was changed outside the code (a check's drift: what a deploy puts back)
 * @param driftAge        since when the drift is known and how many checks saw it; {@link DriftAge#NONE} without drift
 * @param followers       stacks that depend on this one, directly or through others: a deploy of it runs them after it
 * @param changedOutputs  names of this stack's outputs the plan changes: the inputs of its followers that change
 * @param omitted         changes left out past {@link ReviewSummary#MOST_CHANGES} (both lists together)
 */
public record StackReview(StackId id, RowState state, String reason, List<ReviewedChange> inCode,
        List<ReviewedChange> reverts, DriftAge driftAge, List<StackId> followers, List<String> changedOutputs, int omitted) {
    public StackReview {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(reason, "reason");
        inCode = List.copyOf(inCode);
        reverts = List.copyOf(reverts);
        Objects.requireNonNull(driftAge, "driftAge");
        followers = List.copyOf(followers);
        changedOutputs = List.copyOf(changedOutputs);
    }

    /** Whether an apply of this stack would change anything (in the code, or putting drift back). */
    public boolean plansChanges() {
        return !inCode.isEmpty() || !reverts.isEmpty() || omitted > 0;
    }
}
