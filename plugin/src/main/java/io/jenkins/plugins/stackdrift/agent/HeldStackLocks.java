package io.jenkins.plugins.stackdrift.agent;

import java.util.Set;
import java.util.TreeSet;

import io.jenkins.plugins.stackdrift.history.JobStackLocks;

import io.stackdrift.model.StackId;
import io.stackdrift.spi.StackLock;
import io.stackdrift.spi.StackLockTimeoutException;
import io.stackdrift.spi.StackLocks;

/**
 * The engine's lock port on the agent. The locks themselves are held on the controller, across builds
 * ({@link JobStackLocks}), for the whole step and before the engine starts; here the engine only learns
 * which stacks the step holds. Asking for any other stack is refused, so nothing is ever applied without
 * the controller's lock.
 */
public final class HeldStackLocks implements StackLocks {
    private final Set<String> held;

    HeldStackLocks(final Set<String> held) {
        this.held = new TreeSet<>(held);
    }

    @Override
    public StackLock acquire(final StackId id, final String purpose) throws StackLockTimeoutException {
        if (!held.contains(id.value())) {
            throw new StackLockTimeoutException(id, "another build of this job holds the lock of " + id
                    + " (a deploy of it is running); the " + purpose + " waits for the next run");
        }
        return new StackLock() {
            @Override
            public StackId stack() {
                return id;
            }

            @Override
            public void close() {
                // released by the controller when the step ends
            }
        };
    }
}
