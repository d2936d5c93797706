package io.stackdrift.plan;

import java.nio.file.Path;

/**
 * A {@link PlanReader} that can also stream what it finds into a {@link PlanSink}. Never throws on bad
 * input: the outcome says failed, with a one-line reason.
 */
public interface StreamingPlanReader extends PlanReader {
    ReadOutcome read(Path file, PlanSink sink);

    /** Collects everything into a summary; a failed read gives a summary without changes. */
    @Override
    default PlanSummary read(final Path file) {
        CollectingSink sink = new CollectingSink();
        return sink.summary(read(file, sink));
    }
}
