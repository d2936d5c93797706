package io.stackdrift.ownership;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.stackdrift.model.Directories;
import io.stackdrift.record.ProcessOwner;

/**
 * One run's hold on a Terraform/OpenTofu stack directory, across processes: an operating-system lock on
 * {@code .terraform/}{@value #FILE_NAME} (Terraform's own data directory, never part of the code), plus a set for
 * the threads of this JVM. Only the holder may write or remove the override file; the operating system drops the
 * lock when its process dies, so a run killed with {@code kill -9} never keeps the directory.
 */
final class DirectoryHold implements AutoCloseable {
    static final String FILE_NAME = "stackdrift-directory.lock";
    private static final Set<Path> HELD_IN_THIS_JVM = ConcurrentHashMap.newKeySet();
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
        if (!HELD_IN_THIS_JVM.add(key)) {
            return Optional.empty();
        }
        FileChannel channel = null;
        try {
            Path file = Directories.ensure(key.resolve(".terraform")).resolve(FILE_NAME);
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
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
        } finally {
            if (channel != null) {
                channel.close();
                HELD_IN_THIS_JVM.remove(key);
            }
        }
    }

    /** Who holds {@code stackDir}, as its lock file says ("pid N"), for a refusal. */
    static String holderOf(final Path stackDir) {
        try {
            String text = Files.readString(stackDir.toRealPath().resolve(".terraform").resolve(FILE_NAME), StandardCharsets.UTF_8);
            return ProcessOwner.parse(text).map(owner -> "pid " + owner.pid()).orElse("another run");
        } catch (IOException | RuntimeException e) {
            return "another run";
        }
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
