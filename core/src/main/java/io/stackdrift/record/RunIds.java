package io.stackdrift.record;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.ReentrantLock;

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
    public static long next(final Path recordDir, final long highestRecorded) throws IOException {
        Files.createDirectories(recordDir);
        IN_THIS_JVM.lock();
        try (FileChannel channel = FileChannel.open(recordDir.resolve(FILE_NAME), StandardOpenOption.CREATE,
                StandardOpenOption.READ, StandardOpenOption.WRITE);
                FileLock lock = channel.lock()) {
            ByteBuffer buffer = ByteBuffer.allocate(32);
            channel.read(buffer, 0);
            String text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII).strip();
            long last;
            try {
                last = text.matches("\\d{1,19}") ? Long.parseLong(text) : 0;
            } catch (NumberFormatException e) {
                last = 0; // not a number we wrote: the history's highest run still counts
            }
            long next = Math.max(last, highestRecorded) + 1;
            // one fixed-width write over the old number, never truncate-then-write: a run stopped (or killed)
            // between the two would leave an empty counter, and numbers would start again at 1
            byte[] written = (String.format("%019d", next) + "\n").getBytes(StandardCharsets.US_ASCII);
            ByteBuffer out = ByteBuffer.wrap(written);
            while (out.hasRemaining()) {
                channel.write(out, out.position());
            }
            channel.force(false);
            return next;
        } finally {
            IN_THIS_JVM.unlock();
        }
    }
}
