package io.stackdrift.tool;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import io.stackdrift.model.Row;
import io.stackdrift.model.StackId;

/**
 * A plan this run produced for one stack: its row and the plan file a deploy may apply (docs/concepts.md, "Freshness").
 *
 * @param row          the row (state, changes, drift, depends-on as stack ids)
 * @param purpose      preview or drift check
 * @param planFile     the saved plan a deploy applies: Terraform/OpenTofu's plan file, Pulumi's update plan;
 *                     empty for drift checks of Pulumi and for failures
 * @param toolVersion  the tool's version, for the digest
 * @param replacePaths resource address → paths whose change forces replacement (for ignore eligibility)
 * @param planJson     the plan as the tool prints it in JSON (Terraform/OpenTofu's {@code show -json}, Pulumi's preview
 *                     digest), which a policy check reads; empty for failures
 */
public record StackPlan(Row row, PlanPurpose purpose, Optional<Path> planFile, String toolVersion,
        Map<String, List<String>> replacePaths, Optional<Path> planJson) {
    public StackPlan {
        Objects.requireNonNull(row, "row");
        Objects.requireNonNull(purpose, "purpose");
        toolVersion = Objects.requireNonNullElse(toolVersion, "");
        replacePaths = Map.copyOf(replacePaths);
        Objects.requireNonNull(planJson, "planJson");
    }

    /** A plan whose JSON is not kept. */
    public StackPlan(final Row row, final PlanPurpose purpose, final Optional<Path> planFile, final String toolVersion,
            final Map<String, List<String>> replacePaths) {
        this(row, purpose, planFile, toolVersion, replacePaths, Optional.empty());
    }

    public StackId stack() {
        return row.id();
    }
}
