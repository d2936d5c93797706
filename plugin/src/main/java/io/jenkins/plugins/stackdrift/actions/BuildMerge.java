package io.jenkins.plugins.stackdrift.actions;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import io.stackdrift.model.Counts;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.RunRecord;

/**
 * What the steps of one build found together, as the job's trend and badge show it: each stack once, as the step that
 * finished last saw it. Works on {@link Step}s, so the run action (a step) and the job action (which reads them) do not
 * depend on each other.
 */
final class BuildMerge {
    private BuildMerge() {
    }

    /** One step of a build, as the merge reads it. */
    interface Step {
        BuildSummary getSummary();

        /** The step's details (rows), read from its file; empty when it is gone. */
        Optional<RunRecord> record();

        /** What the build's {@code steps} steps found together, when this step merged that many when it was attached. */
        Optional<BuildSummary> buildSummaryOf(int steps);
    }

    /**
     * What a build's steps found together, from summaries only: the one step's summary, else the merge the step
     * attached last made of them all ({@link #mergedFromDetails}, kept in build.xml). A build recorded before that
     * merge was kept adds its steps' counts up (a stack two steps saw counts twice there).
     */
    static BuildSummary ofBuild(final List<? extends Step> actions) {
        if (actions.size() == 1) {
            return actions.get(0).getSummary();
        }
        for (Step action : actions) {
            Optional<BuildSummary> all = action.buildSummaryOf(actions.size());
            if (all.isPresent()) {
                return all.get();
            }
        }
        return added(actions);
    }

    /**
     * What a build's steps found together: each stack once, as the step that finished last saw it (a check then a
     * deploy of the same stacks counts each stack once, in its deployed state; shards of parallel branches add
     * up). Reads every step's details file, so only a step being attached calls it (the run action's {@code onAttached});
     * when one is gone, the counts are added up.
     */
    static BuildSummary mergedFromDetails(final List<? extends Step> actions) {
        List<Step> byFinish = new ArrayList<>(actions);
        byFinish.sort(Comparator.comparingLong(a -> a.getSummary().getFinishedAt()));
        Map<StackId, Row> rows = new TreeMap<>();
        for (Step action : byFinish) {
            Optional<RunRecord> record = action.record();
            if (record.isEmpty()) {
                return added(actions);
            }
            record.get().rows().forEach(row -> rows.put(row.id(), row));
        }
        List<String> drifted = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (Row row : rows.values()) {
            if (row.state().hasDrift()) {
                drifted.add(row.id().value());
            } else if (row.state() == RowState.FAILED) {
                failed.add(row.id().value());
            }
        }
        Span span = Span.of(byFinish);
        return new BuildSummary(span.kind(), span.started(), span.finished(), Counts.of(rows.values()), drifted, failed);
    }

    /** The steps' counts added up, without ids. */
    private static BuildSummary added(final List<? extends Step> actions) {
        List<Step> byFinish = new ArrayList<>(actions);
        byFinish.sort(Comparator.comparingLong(a -> a.getSummary().getFinishedAt()));
        Span span = Span.of(byFinish);
        return new BuildSummary(span.kind(), span.started(), span.finished(), sum(byFinish), List.of(), List.of());
    }

    /** The kinds of a build's steps in the order they finished, and the time from the first start to the last finish. */
    private record Span(String kind, long started, long finished) {
        static Span of(final List<Step> byFinish) {
            Set<String> kinds = new LinkedHashSet<>();
            long started = Long.MAX_VALUE;
            long finished = Long.MIN_VALUE;
            for (Step action : byFinish) {
                BuildSummary summary = action.getSummary();
                kinds.add(summary.getKind());
                started = Math.min(started, summary.getStartedAt());
                finished = Math.max(finished, summary.getFinishedAt());
            }
            return new Span(String.join(", ", kinds), started, finished);
        }
    }

    private static Counts sum(final List<? extends Step> actions) {
        // every count of the one table, so a count added to it is summed too
        Map<Counts.Field, Integer> sums = new EnumMap<>(Counts.Field.class);
        for (Step action : actions) {
            Counts n = action.getSummary().counts();
            for (Counts.Field field : Counts.Field.values()) {
                sums.merge(field, field.of(n), Integer::sum);
            }
        }
        return Counts.from(field -> sums.getOrDefault(field, 0));
    }
}
