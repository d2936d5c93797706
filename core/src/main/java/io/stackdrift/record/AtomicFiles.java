package io.stackdrift.record;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/**
 * Writes a file so that a reader sees either the old content or the whole new content, never a part:
 * a temporary file in the same directory (so the rename stays on one file system), flushed to disk,
 * then renamed over the target. A crash leaves at most a temporary file, which {@link #isTemporary}
 * recognises so the store can delete it.
 */
public final class AtomicFiles {
    private static final String TEMP_PREFIX = ".";
    private static final String TEMP_SUFFIX = ".tmp";

    /** Writes the content; closing the stream is allowed and does not end the write. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles() {
    }

    public static void write(final Path target, final Content content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path temp = dir.resolve(TEMP_PREFIX + target.getFileName() + "." + UUID.randomUUID() + TEMP_SUFFIX);
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                // writers (a JSON generator) close what they were given; the channel must stay open for force()
                OutputStream out = new FilterOutputStream(Channels.newOutputStream(channel)) {
                    @Override
                    public void write(final byte[] b, final int off, final int len) throws IOException {
                        this.out.write(b, off, len);
                    }

                    @Override
                    public void close() throws IOException {
                        flush();
                    }
                };
                content.writeTo(out);
                out.flush();
                channel.force(true);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                // some file systems (network mounts) cannot rename atomically; a plain rename is the best left
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            syncDirectory(dir);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** A temporary file this class writes (and a crash may leave behind). */
    public static boolean isTemporary(final Path file) {
        return isTemporaryName(file.getFileName().toString());
    }

    /** {@link #isTemporary} of a file name. */
    public static boolean isTemporaryName(final String name) {
        return name.startsWith(TEMP_PREFIX) && name.endsWith(TEMP_SUFFIX);
    }

    /** Makes the rename itself durable where the platform allows opening a directory (not on Windows). */
    private static void syncDirectory(final Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // best effort: the data itself is already on disk
        }
    }
}
