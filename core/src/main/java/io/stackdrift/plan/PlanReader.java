package io.stackdrift.plan;

import java.nio.file.Path;

import io.stackdrift.model.ChangeList;
import io.stackdrift.model.ValueKey;

/**
 * Reads one tool output file into a {@link PlanSummary}, streaming: memory stays flat in the file's size.
 * Never throws on bad input: truncated, garbage, or unknown-format files give a failed summary.
 */
@FunctionalInterface
public interface PlanReader {
    PlanSummary read(Path file);

    /** The same, with long lists of changes spilling into {@code spill} (a streaming reader's; others hold them). */
    default PlanSummary read(final Path file, final ChangeList.SpillTarget spill) {
        return read(file);
    }

    /** The same, each change's values digested under {@code key} where the format gives them ({@link ValueKey}). */
    default PlanSummary read(final Path file, final ChangeList.SpillTarget spill, final ValueKey key) {
        return read(file, spill);
    }
}
