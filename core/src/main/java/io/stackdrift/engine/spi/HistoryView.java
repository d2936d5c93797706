package io.stackdrift.engine.spi;

import java.util.List;
import java.util.Map;

import io.stackdrift.model.Row;
import io.stackdrift.model.StackId;
import io.stackdrift.record.DeployMarker;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.StackStatus;
import io.stackdrift.record.TrailEntry;

/**
 * What a run reads of the history, and nothing it could write: the engine decides, the host persists
 * (docs/engine.md, "What the host saves"). The CLI passes its {@code --record} store; the plugin passes the
 * snapshot of the job's history the controller copied to the agent.
 */
public interface HistoryView {
    /** The latest status of every stack the history has seen (due logic, digests, kept depends-on). */
    Map<StackId, StackStatus> stackStatuses();

    /** The latest row of every stack that was not skipped (the deploy graph's auto edges, what a deploy puts back). */
    Map<StackId, Row> latestRows();

    /** Deploys newest first (the scheduler's duration estimates). */
    List<TrailEntry> trail();

    /** Markers of deploys that started and have not finished: a drift check leaves those stacks alone. */
    List<DeployMarker> deploysInProgress();

    /** A view of a history directory. */
    static HistoryView of(final HistoryStore store) {
        return new HistoryView() {
            @Override
            public Map<StackId, StackStatus> stackStatuses() {
                return store.stackStatuses();
            }

            @Override
            public Map<StackId, Row> latestRows() {
                return store.latestRows();
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
