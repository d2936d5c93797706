package io.stackdrift.cli;

import java.nio.file.Path;

import io.stackdrift.record.RunWorkDirectories;

/**
 * Deletes a run's work directory on a thread of its own, so that the deletion (a few files per stack, thousands
 * in a large run) overlaps the saving of the record, which mostly waits for the disk; {@link #finish} waits for it,
 * so the command still ends with its work directory gone.
 */
final class WorkDirCleanup {
    private final Thread thread;

    private WorkDirCleanup(final Thread thread) {
        this.thread = thread;
    }

    /** Starts deleting {@code dir}; nothing may be read from it after this. */
    static WorkDirCleanup start(final Path dir) {
        Thread thread = new Thread(() -> RunWorkDirectories.delete(dir), "stackdrift work directory cleanup");
        thread.start();
        return new WorkDirCleanup(thread);
    }

    /** Waits until the directory is deleted, also when interrupted (a second Ctrl-C); the interrupt is kept. */
    void finish() {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
