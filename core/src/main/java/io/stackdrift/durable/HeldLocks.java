package io.stackdrift.durable;

import java.util.Set;

import io.stackdrift.model.StackId;
import io.stackdrift.spi.StackLock;
import io.stackdrift.spi.StackLockTimeoutException;
import io.stackdrift.spi.StackLocks;

/**
 * The lock port of an engine that runs where its host does not hold the locks (an engine process; the plugin's engine
 * on an agent): the host holds them for the whole step, before the engine starts, and the engine only learns which
 * stacks they are. Asking for any other stack is refused, so nothing is applied without the host's lock; the host
 * releases them when the step ends.
 */
public final class HeldLocks implements StackLocks {
    private final Set<String> held;
    private final String otherHolder;

    /** @param otherHolder who holds a lock this engine did not get, for the refusal ("another run") */
    public HeldLocks(final Set<String> held, final String otherHolder) {
        this.held = Set.copyOf(held);
        this.otherHolder = otherHolder;
    }

    @Override
    public StackLock acquire(final StackId id, final String purpose) throws StackLockTimeoutException {
        if (!held.contains(id.value())) {
            throw new StackLockTimeoutException(id, otherHolder + " holds the lock of " + id
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
