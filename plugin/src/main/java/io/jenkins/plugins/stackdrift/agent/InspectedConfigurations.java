package io.jenkins.plugins.stackdrift.agent;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import io.stackdrift.engine.Inspection;

/**
 * The configuration a step's first agent call read, kept in the agent's JVM for the step's second call, so a step
 * reads {@code stacks.yaml} once: the controller resolves credentials and takes locks between the two calls, and the
 * parsed configuration cannot cross the channel (core types are not on the controller's class filter list). Keyed by
 * the step's own temporary directory. At most {@link #KEPT} are kept, the oldest dropped first (a step that never
 * made its second call, an abort, a lost controller); a step whose entry was dropped or whose agent restarted between
 * the calls reads the file again.
 */
final class InspectedConfigurations {
    static final int KEPT = 16;

    private static final Map<String, Inspection> BY_STEP = new LinkedHashMap<>(KEPT, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(final Map.Entry<String, Inspection> eldest) {
            return size() > KEPT;
        }
    };

    private InspectedConfigurations() {
    }

    static void keep(final String stepDirectory, final Inspection inspection) {
        synchronized (BY_STEP) {
            BY_STEP.put(stepDirectory, inspection);
        }
    }

    /** The inspection the step's first call kept, taken out (each is used once). */
    static Optional<Inspection> take(final String stepDirectory) {
        synchronized (BY_STEP) {
            return Optional.ofNullable(BY_STEP.remove(stepDirectory));
        }
    }
}
