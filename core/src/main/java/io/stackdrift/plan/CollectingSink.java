package io.stackdrift.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.ValueKey;

/**
 * Keeps everything a reader streams, to build a {@link PlanSummary} (for callers that need the lists). Long lists of
 * changes spill to files ({@link ChangeList}), so a plan of any size costs a bounded amount of memory.
 */
public final class CollectingSink implements PlanSink {
    private final ChangeList.Builder changes;
    private final ChangeList.Builder drift;
    private final Map<String, List<String>> replacePaths = new LinkedHashMap<>();
    private final List<String> stackReferences = new ArrayList<>();

    private final ValueKey valueKey;

    /** Changes past {@link ChangeList#HELD_IN_MEMORY} spill into {@code spill}. */
    public CollectingSink(final ChangeList.SpillTarget spill) {
        this(spill, ValueKey.NONE);
    }

    /** As {@link #CollectingSink(ChangeList.SpillTarget)}, each change's values digested under {@code key}. */
    public CollectingSink(final ChangeList.SpillTarget spill, final ValueKey key) {
        this.changes = ChangeList.builder(spill);
        this.drift = ChangeList.builder(spill);
        this.valueKey = key;
    }

    @Override
    public ValueKey valueKey() {
        return valueKey;
    }

    @Override
    public void onChange(final Change change) {
        (change.cause() == Cause.DRIFT ? drift : changes).add(change);
    }

    @Override
    public void onReplacePaths(final String address, final List<String> paths) {
        replacePaths.merge(address, List.copyOf(paths), (a, b) -> {
            List<String> both = new ArrayList<>(a);
            b.stream().filter(p -> !both.contains(p)).forEach(both::add);
            return both;
        });
    }

    @Override
    public void onStackReference(final String name) {
        stackReferences.add(name);
    }

    /** The summary of a finished read: a failed outcome keeps no changes (a failed row has none). */
    public PlanSummary summary(final ReadOutcome outcome) {
        if (outcome.failed()) {
            changes.discard();
            drift.discard();
            return new PlanSummary(true, outcome.reason(), ChangeList.none(), ChangeList.none(), Map.of(), List.of(),
                    outcome.toolVersion());
        }
        return new PlanSummary(false, "", changes.build(), drift.build(), replacePaths, stackReferences, outcome.toolVersion(),
                outcome.priorState());
    }
}
