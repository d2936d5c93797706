package io.stackdrift.plan;

import java.nio.file.Path;

import io.stackdrift.model.ChangeList;
import io.stackdrift.model.ValueKey;

/**
 * A {@link PlanReader} that can also stream what it finds into a {@link PlanSink}. Never throws on bad
 * input: the outcome says failed, with a one-line reason.
 */
public interface StreamingPlanReader extends PlanReader {
    ReadOutcome read(Path file, PlanSink sink);

    /** Collects everything into a summary; a failed read gives a summary without changes. Long lists spill to temporary files. */
    @Override
    default PlanSummary read(final Path file) {
        return read(file, ChangeList.SpillTarget.temporary());
    }

    @Override
    default PlanSummary read(final Path file, final ChangeList.SpillTarget spill) {
        return read(file, spill, ValueKey.NONE);
    }

    @Override
    default PlanSummary read(final Path file, final ChangeList.SpillTarget spill, final ValueKey key) {
        CollectingSink sink = new CollectingSink(spill, key);
        return sink.summary(read(file, sink));
    }
}
