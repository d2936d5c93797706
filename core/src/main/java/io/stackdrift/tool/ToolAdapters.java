package io.stackdrift.tool;

import io.stackdrift.model.Tool;

/**
 * Makes the adapter for a tool. An adapter remembers the plans it produced, so one adapter per tool
 * serves one run: a deploy applies only what that run planned.
 */
public final class ToolAdapters {
    private ToolAdapters() {
    }

    /**
     * @param references turns Pulumi stack reference names into stack ids (unused for Terraform/OpenTofu)
     */
    public static ToolAdapter forTool(final Tool tool, final ToolSettings settings, final ProcessRunner runner,
            final PlanReading reading, final StackReferenceResolver references) {
        return switch (tool) {
            case TERRAFORM, TOFU -> new TerraformAdapter(tool, settings, runner, reading);
            case PULUMI -> new PulumiAdapter(settings, runner, reading, references);
        };
    }
}
