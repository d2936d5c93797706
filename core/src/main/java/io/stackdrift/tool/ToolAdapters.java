package io.stackdrift.tool;

import java.nio.file.Path;

import io.stackdrift.model.SpillLog;
import io.stackdrift.model.Tool;
import io.stackdrift.model.ValueKey;
import io.stackdrift.plan.PlanReader;
import io.stackdrift.plan.PlanReaders;
import io.stackdrift.plan.PulumiDigestReader;
import io.stackdrift.plan.TerraformPlanKind;
import io.stackdrift.plan.TerraformPlanReader;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.spi.ToolSettings;

/**
 * Makes the adapter for a tool, and chooses the plan reader of each file an adapter reads. An adapter remembers
 * the plans it produced, so one adapter per tool serves one run: a deploy applies only what that run planned.
 */
public final class ToolAdapters {
    private ToolAdapters() {
    }

    /** An adapter that reads its plans with {@link #planReading()}. */
    public static ToolAdapter forTool(final Tool tool, final ToolSettings settings, final ProcessRunner runner,
            final StackReferenceResolver references) {
        return forTool(tool, settings, runner, planReading(), references);
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

    /** The plan reading of a real run: each file read by {@link #readerFor}. */
    public static PlanReading planReading() {
        return (tool, purpose, file) -> readerFor(tool, purpose, file).read(file, PlanReading.beside(file));
    }

    /**
     * The plan reading of a run with a work directory: the changes of every plan that are not many wait in one
     * {@link SpillLog} there, not in memory (a run of 10,000 stacks held 500,000 changes to its end otherwise).
     */
    public static PlanReading planReading(final Path workDir) {
        return planReading(workDir, ValueKey.NONE);
    }

    /** As {@link #planReading(Path)}, each change's values digested under {@code key} ({@link ValueKey}). */
    public static PlanReading planReading(final Path workDir, final ValueKey key) {
        SpillLog log = new SpillLog(workDir.toAbsolutePath());
        return (tool, purpose, file) -> readerFor(tool, purpose, file).read(file, PlanReading.beside(file, log), key);
    }

    /**
     * Terraform/OpenTofu → its plan reader (refresh-only for a drift check); Pulumi → the reader the file's content
     * names, a digest read as the kind
     * the purpose asks for.
     */
    static PlanReader readerFor(final Tool tool, final PlanPurpose purpose, final Path file) {
        if (tool.isTerraformFamily()) {
            // a drift check's plan is -refresh-only: its output changes are drift only when they follow drift
            return new TerraformPlanReader(purpose == PlanPurpose.DRIFT_CHECK
                    ? TerraformPlanKind.REFRESH_ONLY : TerraformPlanKind.PLAN);
        }
        PlanReader sniffed = PlanReaders.forFile(file);
        // a digest's kind cannot be sniffed: a refresh digest lists drift, a preview digest (also of a destroy) pending changes
        if (!(sniffed instanceof PulumiDigestReader)) {
            return sniffed;
        }
        return new PulumiDigestReader(
                purpose == PlanPurpose.DRIFT_CHECK ? PulumiDigestReader.Kind.REFRESH : PulumiDigestReader.Kind.PREVIEW);
    }
}
