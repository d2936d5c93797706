package io.stackdrift.model;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * What a run has to tell someone on call, so that a notifier speaks once per new drift and not on every check:
 * stacks drifted now and not at the check before ({@code newlyDrifted}), drifted for more than one check
 * ({@code stillDrifted}), and put back in this run ({@code repaired}). Each list is sorted by stack id.
 */
public record DriftNews(List<StackId> newlyDrifted, List<StackId> stillDrifted, List<StackId> repaired) {
    public DriftNews {
        newlyDrifted = List.copyOf(newlyDrifted);
        stillDrifted = List.copyOf(stillDrifted);
        repaired = List.copyOf(repaired);
    }

    /** The news of a run's rows, read from each drifted row's {@link DriftAge}; a skipped row known drifted is still drifted. */
    public static DriftNews of(final Collection<Row> rows) {
        List<Row> sorted = rows.stream().sorted(Comparator.comparing(Row::id)).toList();
        List<StackId> drifted = sorted.stream().filter(r -> r.showsDrift() && r.driftAge().checks() <= 1).map(Row::id).toList();
        // a skipped stack known drifted was news when its drift was found; now it is still drifted
        List<StackId> still = sorted.stream().filter(r -> r.showsDrift() && r.driftAge().checks() > 1 || r.knownDrift())
                .map(Row::id).toList();
        List<StackId> repaired = sorted.stream().filter(r -> r.state() == RowState.REPAIRED).map(Row::id).toList();
        return new DriftNews(drifted, still, repaired);
    }
}
