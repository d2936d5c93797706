package io.stackdrift.graph;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Stops a scheduled run from another thread (a Ctrl-C handler, an abort button). A second stop may turn
 * {@link StopMode#LET_RUNNING_FINISH} into {@link StopMode#KILL_RUNNING}, never the other way round.
 */
public final class StopSignal {
    private final List<Consumer<StopMode>> listeners = new CopyOnWriteArrayList<>();
    private volatile StopMode requested;

    public void stop(final StopMode mode) {
        synchronized (this) {
            if (requested == StopMode.KILL_RUNNING) {
                return;
            }
            requested = mode;
        }
        listeners.forEach(listener -> listener.accept(mode));
    }

    public Optional<StopMode> requested() {
        return Optional.ofNullable(requested);
    }

    /** Registers a run; the signal calls {@code listener} on every stop after this. */
    void subscribe(final Consumer<StopMode> listener) {
        listeners.add(listener);
    }

    void unsubscribe(final Consumer<StopMode> listener) {
        listeners.remove(listener);
    }
}
