package io.stackdrift.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Run in a JVM of its own by {@link MemoryGuardTest}: holds ever more memory, as a run that keeps what it reads, until
 * the guard interrupts it; prints the guard's line, or "out of memory" when the guard did not stop it in time. It holds
 * 64 KB a millisecond, far faster than a run grows (about 16 KB a stack, a few stacks a millisecond at most), yet slow
 * enough for the collector's notice, which comes on a thread of its own after a collection.
 */
public final class MemoryGuardProbe {
    private MemoryGuardProbe() {
    }

    public static void main(final String[] args) {
        List<long[]> held = new ArrayList<>();
        try (MemoryGuard guard = MemoryGuard.install(Thread.currentThread())) {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    held.add(new long[8 * 1024]);
                    // some garbage beside what is held, as a run makes
                    byte[] garbage = new byte[64 * 1024];
                    garbage[0] = 1;
                    Thread.sleep(1);
                }
            } catch (InterruptedException e) {
                // the guard's stop, as a run's tool wait sees it
                Thread.currentThread().interrupt();
            } catch (OutOfMemoryError e) {
                held.clear();
                System.out.println("out of memory");
                return;
            }
            int count = held.size();
            held.clear();
            System.out.println(guard.why().orElse("interrupted without a reason") + " (after " + count + " blocks)");
        }
    }
}
