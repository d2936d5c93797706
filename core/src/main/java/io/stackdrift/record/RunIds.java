package io.stackdrift.record;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.ReentrantLock;

import io.stackdrift.model.Directories;

/**
 * Run numbers of one record directory, handed out atomically and never twice: a counter file ({@value #FILE_NAME})
 * read and raised under an operating-system lock (and a lock for the threads of this JVM). A number counts as used
 * the moment it is handed out, so runs started at the same time, and the run after one killed before it saved its
 * record, all get numbers of their own. The counter never goes below the highest number the history holds.
 */
public final class RunIds {
    static final String FILE_NAME = "run-ids";
    private static final ReentrantLock IN_THIS_JVM = new ReentrantLock();

    private RunIds() {
    }

    /**
     * The next run number of {@code recordDir}.
     *
     * @param highestRecorded the highest number the history holds (a record written before the counter existed)
     */
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    public static long next(final Path recordDir, final long highestRecorded) throws IOException {
        Directories.ensure(recordDir);
        Path counter = recordDir.resolve(FILE_NAME);
        // the counter is replaced whole (a temp file renamed over it), never written in place: an interrupt closes
        // a FileChannel in the middle of a write, and a cut number (zeros of a first write read as 0) would hand
        // out numbers again. A stopped run leaves the old counter as it was.
        IN_THIS_JVM.lock();
        try (FileChannel lockChannel = FileChannel.open(recordDir.resolve(FILE_NAME + ".lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
                FileLock lock = lockChannel.lock()) {
            String text = Files.exists(counter) ? Files.readString(counter, StandardCharsets.US_ASCII).strip() : "";
            long last;
            try {
                last = text.matches("\\d{1,19}") ? Long.parseLong(text) : 0;
            } catch (NumberFormatException e) {
                last = 0; // not a number we wrote: the history's highest run still counts
            }
            long next = Math.max(last, highestRecorded) + 1;
            Path temp = Files.createTempFile(recordDir, FILE_NAME, ".tmp");
            try {
                Files.writeString(temp, next + "\n", StandardCharsets.US_ASCII);
                Files.move(temp, counter, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(temp);
            }
            return next;
        } finally {
            IN_THIS_JVM.unlock();
        }
    }
}
