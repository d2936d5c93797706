package io.stackdrift.plan;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;

/**
 * What one plan or preview file says, in the one change model. Never a value.
 *
 * @param failed          the tool reported failure ({@code errored: true}, an error diagnostic, unreadable output)
 * @param failureReason   one line: the tool's first error diagnostic, colour markup stripped; empty when not failed
 * @param changes         pending code changes (a long list waits in a spill file) (not no-op, not read of data sources... unless the
 * format says read)
 * @param drift           changes made outside the code
 * @param replacePaths    resource address → attribute paths whose change forces replacement (Terraform {@code replace_paths})
 * @param stackReferences names that Pulumi {@code StackReference} reads carry. Internal: the adapter turns
 *                        them into stack ids and drops them; no name a program wrote leaves the adapter
 * @param toolVersion     the tool version the file names, empty when it names none
 * @param priorState      whether the state the plan started from held anything ({@link PriorState#HELD} when the
 *                        format cannot tell)
 */
public record PlanSummary(boolean failed, String failureReason, ChangeList changes, ChangeList drift,
        Map<String, List<String>> replacePaths, List<String> stackReferences, String toolVersion, PriorState priorState) {
    public PlanSummary {
        priorState = Objects.requireNonNullElse(priorState, PriorState.HELD);
        failureReason = Objects.requireNonNullElse(failureReason, "");
        Objects.requireNonNull(changes, "changes");
        Objects.requireNonNull(drift, "drift");
        replacePaths = Map.copyOf(replacePaths);
        stackReferences = List.copyOf(stackReferences);
        toolVersion = Objects.requireNonNullElse(toolVersion, "");
    }

    /** A summary of a format that cannot tell an empty state. */
    public PlanSummary(final boolean failed, final String failureReason, final ChangeList changes, final ChangeList drift,
            final Map<String, List<String>> replacePaths, final List<String> stackReferences, final String toolVersion) {
        this(failed, failureReason, changes, drift, replacePaths, stackReferences, toolVersion, PriorState.HELD);
    }

    public static PlanSummary failure(final String reason) {
        return new PlanSummary(true, reason, ChangeList.none(), ChangeList.none(), Map.of(), List.of(), "");
    }

    /** A summary with changes held in memory (short lists: tests, a report's own). */
    public PlanSummary(final boolean failed, final String failureReason, final List<Change> changes, final List<Change> drift,
            final Map<String, List<String>> replacePaths, final List<String> stackReferences, final String toolVersion) {
        this(failed, failureReason, ChangeList.of(changes), ChangeList.of(drift), replacePaths, stackReferences, toolVersion);
    }
}
