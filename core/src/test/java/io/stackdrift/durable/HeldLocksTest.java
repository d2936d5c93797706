package io.stackdrift.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.StackId;
import io.stackdrift.spi.StackLock;
import io.stackdrift.spi.StackLockTimeoutException;

/** An engine whose host holds the locks gets the held stacks only, and is told who holds another. */
class HeldLocksTest {
    @Test
    void aHeldStackIsGivenAndAnotherIsRefusedNamingItsHolder() throws Exception {
        HeldLocks locks = new HeldLocks(Set.of("net"), "another build of this job");

        try (StackLock lock = locks.acquire(StackId.of("net"), "deploy")) {
            assertThat(lock.stack()).isEqualTo(StackId.of("net"));
        }
        assertThatThrownBy(() -> locks.acquire(StackId.of("dns"), "deploy"))
                .isInstanceOf(StackLockTimeoutException.class)
                .hasMessageContaining("another build of this job holds the lock of dns")
                .hasMessageContaining("the deploy waits for the next run");
    }
}
