package io.stackdrift.local;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

import io.stackdrift.model.StackId;
import io.stackdrift.spi.StackLock;
import io.stackdrift.spi.StackLockTimeoutException;

/**
 * A second process for {@link FileStackLocksTest}: takes the lock of a stack, says LOCKED, holds it until a
 * line arrives on stdin (or stdin closes), then says RELEASED. Wait lines are printed as "WAIT ...".
 * Arguments: lock directory, stack id, wait timeout in milliseconds.
 */
public final class LockHolderMain {
    private LockHolderMain() {
    }

    public static void main(final String[] args) throws Exception {
        FileStackLocks locks = new FileStackLocks(Path.of(args[0]), Duration.ofMillis(Long.parseLong(args[2])),
                line -> {
                    System.out.println("WAIT " + line);
                    System.out.flush();
                });
        try (StackLock lock = locks.acquire(StackId.of(args[1]), "deploy")) {
            System.out.println("LOCKED " + lock.stack());
            System.out.flush();
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        } catch (StackLockTimeoutException e) {
            System.out.println("TIMEOUT " + e.getMessage());
            System.out.flush();
            System.exit(3);
        }
        System.out.println("RELEASED");
        System.out.flush();
    }
}
