package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;

/**
 * Stopping a tool from a thread that was interrupted (an aborted step): the stop is a remote call, and a remote
 * call of an interrupted thread is not sent. So the stop runs with the interrupt flag cleared, and the flag is set
 * again afterwards (also when the stop itself is interrupted); an I/O failure means the channel or the process is
 * gone, and nothing is left to stop from here.
 */
final class WithInterruptCleared {
    /** A stop that may wait on the channel. */
    @FunctionalInterface
    interface Stop {
        void run() throws IOException, InterruptedException;
    }

    private WithInterruptCleared() {
    }

    /** @return false when the stop failed with an I/O error (the channel is gone), true otherwise */
    static boolean run(final Stop stop) {
        boolean interrupted = Thread.interrupted();
        try {
            stop.run();
            return true;
        } catch (IOException e) {
            // the channel or the process is gone: nothing left to stop from here
            return false;
        } catch (InterruptedException e) {
            interrupted = true;
            return true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
