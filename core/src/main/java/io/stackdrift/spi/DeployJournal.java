package io.stackdrift.spi;

import java.util.List;
import java.util.function.Predicate;

import io.stackdrift.model.DeployKind;
import io.stackdrift.model.StackId;
import io.stackdrift.record.DeployMarker;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.TrailEntry;

/**
 * Where a run records the deploys and destroys it has running, so a run that dies leaves "interrupted" behind
 * (docs/records.md, "Interrupted deploys"). The CLI keeps markers in its history directory; the plugin's agent
 * records nothing ({@link #NONE}): the controller wrote the markers before the call and removes them after.
 */
public interface DeployJournal {
    /** Records nothing and recovers nothing: the host keeps the markers itself. */
    DeployJournal NONE = new DeployJournal() {
        @Override
        public void started(final StackId stack, final String runId, final long startedAt, final DeployKind kind) {
            // the host's own markers stand for this run's deploys
        }

        @Override
        public void finished(final StackId stack) {
            // nothing was recorded
        }

        @Override
        public List<TrailEntry> recoverInterrupted() {
            return List.of();
        }
    };

    /** Called under the stack's lock, before the apply starts: a deploy or a destroy of the stack is running. */
    void started(StackId stack, String runId, long startedAt, DeployKind kind);

    /**
     * Called when the deploy ended, whatever its result. A journal may keep the marker until the run's record is saved
     * (the history's does: {@code HistoryStore.save} removes the run's markers), so that a run killed after an apply
     * and before its save leaves the deploy "interrupted", to be redone, instead of unknown.
     */
    void finished(StackId stack);

    /**
     * Turns the markers of runs that are no longer running into "interrupted" trail entries (kept by the journal's
     * host) and removes them; called once at the start of every run, before anything reads the markers.
     *
     * @return the entries added, newest first: the run notes each one
     */
    List<TrailEntry> recoverInterrupted();

    /**
     * The markers of a history directory.
     *
     * @param stillRunning whether the run that wrote a marker is still going (the CLI: {@link HistoryStore#isRunningHere})
     */
    static DeployJournal of(final HistoryStore store, final Predicate<DeployMarker> stillRunning) {
        return new DeployJournal() {
            @Override
            public void started(final StackId stack, final String runId, final long startedAt, final DeployKind kind) {
                store.markDeployStarted(stack, runId, startedAt, kind);
            }

            @Override
            public void finished(final StackId stack) {
                // the marker stays until the run is saved: HistoryStore.save removes the markers of the run it records
            }

            @Override
            public List<TrailEntry> recoverInterrupted() {
                return store.recoverInterrupted(stillRunning);
            }
        };
    }
}
