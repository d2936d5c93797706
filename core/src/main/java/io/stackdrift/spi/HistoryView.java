package io.stackdrift.spi;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.stackdrift.model.Row;
import io.stackdrift.model.StackId;
import io.stackdrift.record.DeployMarker;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.StackStatus;
import io.stackdrift.record.TrailEntry;

/**
 * What a run reads of the history, and nothing it could write; never a run's details, so one large run recorded
 * once does not weigh on every later run: the engine decides, the host persists
 * (docs/engine.md, "What the host saves"). The CLI passes its {@code --record} store; the plugin passes the
 * snapshot of the job's history the controller copied to the agent.
 */
public interface HistoryView {
    /**
     * The latest status of each of {@code stacks} the history has seen (due logic, digests, and the depends-on list the
     * deploy graph's auto edges come from): small per stack, whatever the runs held, and only of the stacks asked for.
     */
    Map<StackId, StackStatus> stackStatuses(Set<StackId> stacks);

    /**
     * The drift the stack's latest row that was not skipped found, if it found any (what a deploy reports as put back):
     * the stack's own, never read from a run's details.
     */
    Optional<Row> latestDrift(StackId stack);

    /** Deploys newest first (the scheduler's duration estimates). */
    List<TrailEntry> trail();

    /** Markers of deploys that started and have not finished: a drift check leaves those stacks alone. */
    List<DeployMarker> deploysInProgress();

    /** A view of a history directory. */
    static HistoryView of(final HistoryStore store) {
        return new HistoryView() {
            @Override
            public Map<StackId, StackStatus> stackStatuses(final Set<StackId> stacks) {
                return store.stackStatuses(stacks);
            }

            @Override
            public Optional<Row> latestDrift(final StackId stack) {
                return store.latestDrift(stack);
            }

            @Override
            public List<TrailEntry> trail() {
                return store.trail();
            }

            @Override
            public List<DeployMarker> deploysInProgress() {
                return store.deploysInProgress();
            }
        };
    }
}
