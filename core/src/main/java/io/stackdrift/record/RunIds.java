package io.stackdrift.record;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import io.stackdrift.model.Directories;
import io.stackdrift.model.RegularFiles;

/**
 * Run numbers of one record directory, handed out atomically and never twice: a counter file ({@value #FILE_NAME})
 * read and raised under an operating-system lock (and a lock for the threads of this JVM). A number counts as used
 * the moment it is handed out, so runs started at the same time, and the run after one killed before it saved its
 * record, all get numbers of their own. The counter never goes below the highest number the history holds.
 */
public final class RunIds {
    static final String FILE_NAME = "run-ids";
    /** A counter we wrote is one short line. */
    private static final int MOST_BYTES = 64;
    private static final ReentrantLock IN_THIS_JVM = new ReentrantLock();

    private RunIds() {
    }

    /**
     * The next run number of {@code recordDir}. A counter that cannot be read (a stray byte, a FIFO or a link in its
     * place) is never trusted and never blocks the run: the number follows the history's highest run, a warning says
     * so, and the counter starts again from it. (Numbers handed to runs that never saved since the counter went bad may
     * then come again; the warning is there so that a person knows.)
     *
     * @param highestRecorded the highest number the history holds (a record written before the counter existed)
     * @param warnings        receives one line when the counter had to be rebuilt
     */
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    public static long next(final Path recordDir, final long highestRecorded, final Consumer<String> warnings) throws IOException {
        Directories.ensure(recordDir);
        Path counter = recordDir.resolve(FILE_NAME);
        Path lockFile = recordDir.resolve(FILE_NAME + ".lock");
        // the counter is replaced whole (a temp file renamed over it), never written in place: an interrupt closes
        // a FileChannel in the middle of a write, and a cut number (zeros of a first write read as 0) would hand
        // out numbers again. A stopped run leaves the old counter as it was.
        IN_THIS_JVM.lock();
        try {
            requireLockFile(lockFile);
            try (FileChannel lockChannel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS);
                    FileLock lock = lockChannel.lock()) {
                long last = last(counter, highestRecorded, warnings);
                long next = Math.max(last, highestRecorded) + 1;
                // written as every file of the record is, so its mode follows the umask (a temporary file of the JDK's
                // is 0600 whatever the umask, and a second account sharing the record could not number its runs)
                AtomicFiles.write(counter, out -> out.write((next + "\n").getBytes(StandardCharsets.US_ASCII)));
                return next;
            }
        } finally {
            IN_THIS_JVM.unlock();
        }
    }

    /** The counter's number; 0 with a warning when it cannot be read (a counter we wrote is one short line). */
    private static long last(final Path counter, final long highestRecorded, final Consumer<String> warnings) throws IOException {
        String why;
        try {
            Optional<String> text = RegularFiles.readSmall(counter, MOST_BYTES, StandardCharsets.ISO_8859_1);
            if (text.isEmpty()) {
                return 0;
            }
            String number = text.get().strip();
            if (number.matches("\\d{1,18}")) {
                return Long.parseLong(number);
            }
            why = "it holds something other than a number";
        } catch (RegularFiles.NotRegularFileException e) {
            why = e.what();
        }
        warnings.accept("the run counter " + counter + " could not be read (" + why + "); numbered this run after the history's "
                + "highest run, " + highestRecorded + ", and started the counter again");
        return 0;
    }

    /** A FIFO in place of the lock file would block the open for good; a link could lock someone else's file. */
    private static void requireLockFile(final Path lockFile) throws IOException {
        try {
            RegularFiles.requireRegularIfPresent(lockFile);
        } catch (RegularFiles.NotRegularFileException e) {
            throw new IOException(e.getMessage() + "; remove it (it only serves as a lock)", e);
        }
    }
}
