package io.stackdrift.ownership;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import io.stackdrift.model.Directories;
import io.stackdrift.model.RegularFiles;
import io.stackdrift.record.ProcessOwner;

/**
 * One run's hold on a Terraform/OpenTofu stack directory, across processes: an operating-system lock on
 * {@code .terraform/}{@value #FILE_NAME} (Terraform's own data directory, never part of the code), plus a set for
 * the threads of this JVM. Only the holder may write or remove the override file; the operating system drops the
 * lock when its process dies, so a run killed with {@code kill -9} never keeps the directory.
 *
 * <p>A POSIX lock is dropped when its process closes any descriptor of the file, so this JVM never opens the lock file
 * while one of its threads holds it: {@link #tryHold} and {@link #holderOf} take the directory's monitor, and a holder
 * of this JVM is named without reading the file.
 */
final class DirectoryHold implements AutoCloseable {
    static final String FILE_NAME = "stackdrift-directory.lock";
    private static final Set<Path> HELD_IN_THIS_JVM = ConcurrentHashMap.newKeySet();
    /** One monitor per directory: no thread reads the lock file while another of this JVM opens or locks it. */
    private static final ConcurrentMap<Path, Object> MONITORS = new ConcurrentHashMap<>();
    private static final long LOCKED_REGION = Long.MAX_VALUE - 1;

    private final Path key;
    private final FileChannel channel;
    private final FileLock lock;

    private DirectoryHold(final Path key, final FileChannel channel, final FileLock lock) {
        this.key = key;
        this.channel = channel;
        this.lock = lock;
    }

    /** The hold of {@code stackDir}, or empty when another run (of this or another process) has it. */
    static Optional<DirectoryHold> tryHold(final Path stackDir) throws IOException {
        Path key = stackDir.toRealPath();
        synchronized (monitor(key)) {
            if (!HELD_IN_THIS_JVM.add(key)) {
                return Optional.empty();
            }
            FileChannel channel = null;
            try {
                Path file = Directories.ensure(key.resolve(".terraform")).resolve(FILE_NAME);
                // a FIFO there would block the open for good
                RegularFiles.requireRegularIfPresent(file);
                channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS);
                FileLock lock;
                try {
                    lock = channel.tryLock(LOCKED_REGION, 1, false);
                } catch (OverlappingFileLockException e) {
                    lock = null;
                }
                if (lock == null) {
                    return Optional.empty();
                }
                channel.truncate(0);
                channel.write(ByteBuffer.wrap((ProcessOwner.current().text() + "\n").getBytes(StandardCharsets.UTF_8)), 0);
                DirectoryHold hold = new DirectoryHold(key, channel, lock);
                channel = null;
                return Optional.of(hold);
            } catch (IOException | RuntimeException e) {
                HELD_IN_THIS_JVM.remove(key);
                throw e;
            } finally {
                if (channel != null) {
                    channel.close();
                    HELD_IN_THIS_JVM.remove(key);
                }
            }
        }
    }

    /** Who holds {@code stackDir}, as its lock file says ("pid N"), for a refusal. */
    static String holderOf(final Path stackDir) {
        try {
            Path key = stackDir.toRealPath();
            synchronized (monitor(key)) {
                if (HELD_IN_THIS_JVM.contains(key)) {
                    // a thread of this JVM holds it: reading (and closing) the file would release its lock
                    return "pid " + ProcessHandle.current().pid();
                }
                Optional<String> text = RegularFiles.readSmall(key.resolve(".terraform").resolve(FILE_NAME), 1024,
                        StandardCharsets.UTF_8);
                return text.flatMap(ProcessOwner::parse).map(owner -> "pid " + owner.pid()).orElse("another run");
            }
        } catch (IOException | RuntimeException e) {
            return "another run";
        }
    }

    private static Object monitor(final Path key) {
        return MONITORS.computeIfAbsent(key, k -> new Object());
    }

    @Override
    public void close() {
        try {
            channel.truncate(0);
            lock.release();
        } catch (IOException e) {
            // closing the channel below releases the lock anyway
        } finally {
            try {
                channel.close();
            } catch (IOException e) {
                // nothing left to release
            }
            HELD_IN_THIS_JVM.remove(key);
        }
    }
}
