package io.stackdrift.cli;

import java.nio.file.Path;

import io.stackdrift.model.ChangeList;
import io.stackdrift.model.Directories;

/**
 * Deletes a run's work directory on a thread of its own, so that the deletion (a few files per stack, thousands
 * in a large run: plan files, plan JSON, logs) overlaps the saving of the record, which mostly waits for the disk.
 * The spill files of long lists of changes ({@link ChangeList}) stay, since the save reads them; {@link #finish}
 * waits for the thread, then deletes what is left, so the command still ends with its work directory gone.
 */
final class WorkDirCleanup {
    private final Path dir;
    private final Thread thread;

    private WorkDirCleanup(final Path dir, final Thread thread) {
        this.dir = dir;
        this.thread = thread;
    }

    /** Starts deleting {@code dir}, spill files aside; nothing but a row's changes may be read from it after this. */
    static WorkDirCleanup start(final Path dir) {
        Thread thread = new Thread(() -> Directories.deleteExcept(dir, ChangeList::isSpillFile),
                "stackdrift work directory cleanup");
        thread.start();
        return new WorkDirCleanup(dir, thread);
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
        Directories.delete(dir);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
