package io.stackdrift.spi;

import io.stackdrift.model.StackId;

/**
 * Per-stack locks, so two deploys (or destroys) of the same stack never overlap (docs/concepts.md, "Deploy order"), whatever
 * process or build runs them. The CLI uses {@link io.stackdrift.local.FileStackLocks}; the plugin maps this port onto Jenkins.
 */
public interface StackLocks {
    /**
     * Waits until no other run holds the lock of {@code id}, then holds it until the returned lock is closed.
     *
     * @param purpose what the holder does, shown to whoever waits ("deploy", "destroy")
     * @throws StackLockTimeoutException when the wait timeout passes first (the message names the holder)
     * @throws InterruptedException      when the waiting thread is interrupted
     */
    StackLock acquire(StackId id, String purpose) throws StackLockTimeoutException, InterruptedException;
}
