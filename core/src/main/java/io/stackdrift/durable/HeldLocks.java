package io.stackdrift.durable;

import java.util.Set;

import io.stackdrift.model.StackId;
import io.stackdrift.spi.StackLock;
import io.stackdrift.spi.StackLockTimeoutException;
import io.stackdrift.spi.StackLocks;

/**
 * The lock port of an engine process: the host holds the locks for the whole step, before the process starts, and
 * the engine only learns which stacks they are. Asking for any other stack is refused, so nothing is applied without
 * the host's lock.
 */
final class HeldLocks implements StackLocks {
    private final Set<String> held;

    HeldLocks(final Set<String> held) {
        this.held = Set.copyOf(held);
    }

    @Override
    public StackLock acquire(final StackId id, final String purpose) throws StackLockTimeoutException {
        if (!held.contains(id.value())) {
            throw new StackLockTimeoutException(id, "another run holds the lock of " + id
                    + " (a deploy of it is running); the " + purpose + " waits for the next run");
        }
        return new StackLock() {
            @Override
            public StackId stack() {
                return id;
            }

            @Override
            public void close() {
                // released by the host when the step ends
            }
        };
    }
}
