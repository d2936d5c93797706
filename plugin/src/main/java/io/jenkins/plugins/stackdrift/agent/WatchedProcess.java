package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import edu.umd.cs.findbugs.annotations.CheckForNull;

/**
 * A started process whose end a thread of its own awaits (a blocking {@code join}), so that callers wait for it
 * in bounded slices and can kill it meanwhile. Jenkins-free: the launcher's {@code Proc} and the tests' fake
 * hand in their own join and kill.
 */
public final class WatchedProcess {
    /** Blocks until the process ends; its exit code. */
    @FunctionalInterface
    public interface Join {
        int join() throws IOException, InterruptedException;
    }

    /** Stops the process and what it started. */
    @FunctionalInterface
    public interface Kill {
        void kill() throws IOException, InterruptedException;
    }

    private final CompletableFuture<Integer> exit = new CompletableFuture<>();
    private final Kill kill;

    private WatchedProcess(final Kill kill) {
        this.kill = kill;
    }

    /** Watches a process just started; {@code name} names the waiting thread. */
    public static WatchedProcess watch(final Join join, final Kill kill, final String name) {
        WatchedProcess process = new WatchedProcess(kill);
        Thread waiter = new Thread(() -> process.await(join), name);
        waiter.setDaemon(true);
        waiter.start();
        return process;
    }

    private void await(final Join join) {
        try {
            exit.complete(join.join());
        } catch (IOException | InterruptedException | RuntimeException e) {
            exit.completeExceptionally(e);
        }
    }

    /** Waits up to {@code millis} for the end; its exit code, or {@code null} while it still runs. */
    @CheckForNull
    public Integer waitFor(final long millis) throws IOException, InterruptedException {
        try {
            return exit.get(Math.max(0, millis), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return null;
        } catch (ExecutionException e) {
            // the class only: what crosses back to the agent carries no library type and no message text
            throw new IOException("Stack Drift: waiting for the tool process failed: " + e.getCause().getClass().getName());
        }
    }

    /** Whether the process has ended (or could not be awaited). */
    public boolean ended() {
        return exit.isDone();
    }

    /** The launch's own kill ({@code Proc.kill}), unless the process has ended. */
    public void kill() throws IOException, InterruptedException {
        if (!exit.isDone()) {
            kill.kill();
        }
    }
}
