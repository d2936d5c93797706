package io.stackdrift.plan;

import java.nio.file.Path;

/**
 * Reads one tool output file into a {@link PlanSummary}, streaming: memory stays flat in the file's size.
 * Never throws on bad input: truncated, garbage, or unknown-format files give a failed summary.
 */
@FunctionalInterface
public interface PlanReader {
    PlanSummary read(Path file);
}
