package io.stackdrift.cli;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C or SIGTERM during a command: the command's thread is interrupted (running stacks are recorded as
 * interrupted) and the JVM waits, at most {@link #WAIT}, until the command has saved its record, printed what ran and
 * deleted its work directory. It waits for that, not for the thread to end: the thread ends in {@code System.exit},
 * which blocks while the JVM shuts down, so waiting for it always took the whole wait.
 */
final class StopHook {
    static final Duration WAIT = Duration.ofSeconds(30);

    private final CountDownLatch finished = new CountDownLatch(1);
    private final Thread hook;
    private final boolean registered;

    private StopHook(final Thread command) {
        this.hook = new Thread(() -> {
            command.interrupt();
            try {
                finished.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "stackdrift-stop");
        boolean added;
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            added = true;
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: run without the hook
            added = false;
        }
        this.registered = added;
    }

    static StopHook install(final Thread command) {
        return new StopHook(command);
    }

    /** The command is done (saved, printed, cleaned up): a stop that came meanwhile may let the JVM end now. */
    void finished() {
        finished.countDown();
        if (registered) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down: the hook is running and may go on now
            }
        }
    }
}
