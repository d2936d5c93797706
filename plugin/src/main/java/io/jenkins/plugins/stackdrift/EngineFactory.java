package io.jenkins.plugins.stackdrift;

import java.io.IOException;
import java.io.Serializable;

/**
 * Makes the engine where it runs (on the agent). Serializable so that the agent call carries the choice,
 * not an engine instance.
 */
@FunctionalInterface
public interface EngineFactory extends Serializable {
    StackDriftEngine create() throws IOException;

    /**
     * The engine of stack-drift-core.
     *
     * <p>TODO(core wiring): the core's ConfigLoader, orchestrators and history store are not there yet;
     * until the lead wires them, every step stops with this clear message instead of pretending to run.
     */
    static EngineFactory core() {
        return CoreEngineNotWired.INSTANCE;
    }

    /** Placeholder that refuses to run: not a stub engine, a clear stop. */
    enum CoreEngineNotWired implements EngineFactory {
        INSTANCE;

        @Override
        public StackDriftEngine create() throws IOException {
            throw new hudson.AbortException(Messages.engineNotWired());
        }
    }
}
