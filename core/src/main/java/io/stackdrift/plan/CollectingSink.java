package io.stackdrift.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;

/** Keeps everything a reader streams, to build a {@link PlanSummary} (for callers that need the lists). */
public final class CollectingSink implements PlanSink {
    private final List<Change> changes = new ArrayList<>();
    private final List<Change> drift = new ArrayList<>();
    private final Map<String, List<String>> replacePaths = new LinkedHashMap<>();
    private final List<String> stackReferences = new ArrayList<>();

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
            return new PlanSummary(true, outcome.reason(), List.of(), List.of(), Map.of(), List.of(), outcome.toolVersion());
        }
        return new PlanSummary(false, "", changes, drift, replacePaths, stackReferences, outcome.toolVersion());
    }
}
