package io.stackdrift.tool;

import java.nio.file.Path;

import io.stackdrift.model.ChangeList;
import io.stackdrift.model.SpillLog;
import io.stackdrift.model.Tool;
import io.stackdrift.plan.PlanSummary;

/**
 * The adapters' port to the plan readers of {@code io.stackdrift.plan}: which reader reads a file depends
 * on the tool, and the purpose tells the reader how to classify what it finds (everything a drift check
 * finds is drift). Never throws: unreadable files give a failed summary. {@link ToolAdapters#planReading()} wires it:
 * Terraform/OpenTofu → its plan reader; Pulumi → its digest reader of the kind the purpose names
 * (preview for {@link PlanPurpose#PREVIEW}, refresh for {@link PlanPurpose#DRIFT_CHECK}).
 */
@FunctionalInterface
public interface PlanReading {
    PlanSummary read(Tool tool, PlanPurpose purpose, Path file);

    /** Long lists of changes spill beside the plan file: in the run's private work directory, deleted with it. */
    static ChangeList.SpillTarget beside(final Path file) {
        Path dir = file.toAbsolutePath().getParent();
        return dir == null ? ChangeList.SpillTarget.temporary() : ChangeList.SpillTarget.in(dir);
    }

    /** As {@link #beside(Path)}, every list short enough to be held appended to the run's {@code log} instead. */
    static ChangeList.SpillTarget beside(final Path file, final SpillLog log) {
        Path dir = file.toAbsolutePath().getParent();
        return dir == null ? ChangeList.SpillTarget.temporary() : ChangeList.SpillTarget.in(dir, log);
    }
}
