package io.stackdrift.record;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.stackdrift.model.Directories;

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
        Path temp = writeTemporary(target, content);
        try {
            force(temp);
            moveIntoPlace(temp, target);
            syncDirectory(target.toAbsolutePath().getParent());
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * Many files written together, each atomically, with one wait for the disk instead of one per file: each file is
     * written to its temporary file, those whose target already holds the same bytes are dropped, the rest are
     * forced to disk side by side, renamed into place, and each directory is synced once. For files a save writes by
     * the hundred (a stack's drift file per stack).
     */
    public static final class Batch implements AutoCloseable {
        /** How many files are forced to disk at once: the disk's queue, not the cores, is what they wait for. */
        private static final int FORCED_AT_ONCE = 8;

        private final List<Path[]> pending = new ArrayList<>();

        /** Writes {@code content} for {@code target} unless the target holds exactly these bytes; returns whether it will be written. */
        public boolean writeIfChanged(final Path target, final Content content) throws IOException {
            Path temp = writeTemporary(target, content);
            if (Files.isRegularFile(target) && Files.mismatch(temp, target) == -1L) {
                Files.deleteIfExists(temp);
                return false;
            }
            pending.add(new Path[] {temp, target});
            return true;
        }

        /** Forces every written file to disk, then renames each into place and syncs each directory once. */
        public void commit() throws IOException {
            forceAll();
            Set<Path> dirs = new LinkedHashSet<>();
            for (Path[] file : pending) {
                moveIntoPlace(file[0], file[1]);
                dirs.add(file[1].toAbsolutePath().getParent());
            }
            pending.clear();
            dirs.forEach(AtomicFiles::syncDirectory);
        }

        private void forceAll() throws IOException {
            if (pending.size() < 2) {
                for (Path[] file : pending) {
                    force(file[0]);
                }
                return;
            }
            ExecutorService pool = Executors.newFixedThreadPool(Math.min(FORCED_AT_ONCE, pending.size()));
            try {
                List<Future<Void>> forced = new ArrayList<>();
                for (Path[] file : pending) {
                    forced.add(pool.submit(() -> {
                        force(file[0]);
                        return null;
                    }));
                }
                for (Future<Void> f : forced) {
                    f.get();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while the files were forced to disk");
            } catch (ExecutionException e) {
                throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
            } finally {
                pool.shutdownNow();
            }
        }

        /** Deletes the temporary files of what was not committed. */
        @Override
        public void close() throws IOException {
            for (Path[] file : pending) {
                Files.deleteIfExists(file[0]);
            }
            pending.clear();
        }
    }

    /** The content in a new temporary file beside {@code target}, written but not yet forced to disk. */
    private static Path writeTemporary(final Path target, final Content content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Directories.ensure(dir);
        Path temp = dir.resolve(TEMP_PREFIX + target.getFileName() + "." + UUID.randomUUID() + TEMP_SUFFIX);
        boolean written = false;
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            // writers (a JSON generator) close what they were given; the channel must stay open until the end
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
            written = true;
            return temp;
        } finally {
            if (!written) {
                Files.deleteIfExists(temp);
            }
        }
    }

    /** Forces a written file's content to disk (a channel opened again flushes what any other wrote). */
    private static void force(final Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
    }

    private static void moveIntoPlace(final Path temp, final Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            // some file systems (network mounts) cannot rename atomically; a plain rename is the best left
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
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
