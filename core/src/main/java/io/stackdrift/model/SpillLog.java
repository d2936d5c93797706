package io.stackdrift.model;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * One append-only file per run in which the short lists of changes of every stack wait ({@link ChangeList}), each as
 * a range of bytes: a run of many stacks then holds no change in memory, and makes one file for them, not one per
 * list. Made on the first list; thread-safe (the stacks of a run are read at once). The file is deleted when no list
 * refers to this log any more, or with the directory it is in.
 */
public final class SpillLog {
    private static final Cleaner CLEANER = Cleaner.create();

    private final Path directory;
    private Open open;

    /** A log whose file will be made in {@code directory} (created if missing) when the first list is appended. */
    public SpillLog(final Path directory) {
        this.directory = directory;
    }

    /** Appends {@code changes} in {@link SpillFormat}; returns where they wait. */
    Range append(final List<Change> changes) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(changes.size() * 64);
        try (DataOutputStream data = new DataOutputStream(bytes)) {
            for (Change change : changes) {
                SpillFormat.write(data, change);
            }
            byte[] written = bytes.toByteArray();
            return new Range(this, append(written), written.length);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the changes to the run's spill log: " + IoProblem.of(e), e);
        }
    }

    /** A run's target: long lists in files of their own ({@code files}), the others appended to {@code log}. */
    record Target(ChangeList.SpillTarget files, SpillLog log) implements ChangeList.SpillTarget {
        @Override
        public Path newFile() throws IOException {
            return files.newFile();
        }
    }

    /** Deletes a list's own spill file once the list is unreachable; holds only the path, never the list. */
    record DeleteFile(Path file) implements Runnable {
        @Override
        public void run() {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // its directory goes at the end of the run
            }
        }
    }

    /** Where one list waits in a log. */
    record Range(SpillLog log, long offset, int length) {
        byte[] read() {
            return log.read(offset, length);
        }
    }

    /** Appends {@code bytes}; returns where they begin. */
    private synchronized long append(final byte[] bytes) throws IOException {
        if (open == null) {
            Directories.ensure(directory);
            Path file = Files.createTempFile(directory, ChangeList.SPILL_FILE_PREFIX, ".bin");
            open = new Open(file, FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE));
            CLEANER.register(this, open);
        }
        long at = open.size;
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            open.channel.write(buffer, at + buffer.position());
        }
        open.size += bytes.length;
        return at;
    }

    /** The {@code length} bytes appended at {@code offset}. */
    private byte[] read(final long offset, final int length) {
        Open file;
        synchronized (this) {
            file = open;
        }
        if (file == null) {
            throw new IllegalStateException("nothing was appended to this log");
        }
        byte[] bytes = new byte[length];
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        try {
            while (buffer.hasRemaining()) {
                if (file.channel.read(buffer, offset + buffer.position()) < 0) {
                    throw new IOException("it ends early");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the changes spilled to " + file.file + " cannot be read: " + IoProblem.of(e), e);
        }
        return bytes;
    }

    /** The file, once made: closed and deleted when the log is unreachable; holds nothing of the log itself. */
    private static final class Open implements Runnable {
        private final Path file;
        private final FileChannel channel;
        /** Guarded by the log's lock. */
        private long size;

        Open(final Path file, final FileChannel channel) {
            this.file = file;
            this.channel = channel;
        }

        @Override
        public void run() {
            try {
                channel.close();
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // its directory goes at the end of the run
            }
        }
    }
}
