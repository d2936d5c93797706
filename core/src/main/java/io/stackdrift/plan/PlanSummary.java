package io.stackdrift.plan;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.stackdrift.model.Change;

/**
 * What one plan or preview file says, in the one change model. Never a value.
 *
 * @param failed          the tool reported failure ({@code errored: true}, an error diagnostic, unreadable output)
 * @param failureReason   one line: the tool's first error diagnostic, colour markup stripped; empty when not failed
 * @param changes         pending code changes (not no-op, not read of data sources... unless the format says read)
 * @param drift           changes made outside the code
 * @param replacePaths    resource address → attribute paths whose change forces replacement (Terraform {@code replace_paths})
 * @param stackReferences names that Pulumi {@code StackReference} reads carry. Internal: the adapter turns
 *                        them into stack ids and drops them; no name a program wrote leaves the adapter
 * @param toolVersion     the tool version the file names, empty when it names none
 */
public record PlanSummary(boolean failed, String failureReason, List<Change> changes, List<Change> drift,
        Map<String, List<String>> replacePaths, List<String> stackReferences, String toolVersion) {
    public PlanSummary {
        failureReason = Objects.requireNonNullElse(failureReason, "");
        changes = List.copyOf(changes);
        drift = List.copyOf(drift);
        replacePaths = Map.copyOf(replacePaths);
        stackReferences = List.copyOf(stackReferences);
        toolVersion = Objects.requireNonNullElse(toolVersion, "");
    }

    public static PlanSummary failure(final String reason) {
        return new PlanSummary(true, reason, List.of(), List.of(), Map.of(), List.of(), "");
    }
}
