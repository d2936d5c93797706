package io.stackdrift.local;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

import io.stackdrift.model.Directories;
import io.stackdrift.model.IoProblem;
import io.stackdrift.model.RegularFiles;
import io.stackdrift.model.StackId;
import io.stackdrift.record.ProcessOwner;
import io.stackdrift.record.ToolProcessLog;
import io.stackdrift.spi.StackLock;
import io.stackdrift.spi.StackLockTimeoutException;
import io.stackdrift.spi.StackLocks;

/**
 * {@link StackLocks} for the command line: one lock file per stack in a lock directory (e.g.
 * {@code <record dir>/locks}), held with an operating-system file lock ({@link FileChannel#tryLock}). The
 * operating system drops the lock when its process dies, so a crashed deploy never leaves a stale lock
 * behind; the file itself stays and only says who holds it: pid, purpose and start time, which a waiting run
 * shows ("waiting for the deploy of network by pid 1234 (started 12:03) to finish").
 *
 * <p>File locks belong to a whole process, so threads of one JVM are kept apart by a semaphore per lock
 * file first. The lock covers one byte far past the end of the file, never the text, so a waiting process
 * can read who holds it on every platform.
 *
 * <p>A POSIX lock ({@code fcntl}) is dropped when the process closes <em>any</em> descriptor of the file, not only the
 * one that took it. So within this JVM the lock file is opened once, by the thread that holds the semaphore, and read
 * only through that channel; a thread waiting for the semaphore names the holder from {@link #HOLDER_IN_THIS_JVM}
 * instead of reading the file (which would release the lock of the thread it waits for).
 */
public final class FileStackLocks implements StackLocks {
    private static final ConcurrentMap<Path, Semaphore> HELD_IN_THIS_JVM = new ConcurrentHashMap<>();
    /** Who of this JVM holds a lock file, in the words a waiter shows: read from here, never from the file. */
    private static final ConcurrentMap<Path, String> HOLDER_IN_THIS_JVM = new ConcurrentHashMap<>();
    /** A lock file holds a few short lines; more is not ours and is not read. */
    private static final int MOST_HOLDER_BYTES = 4096;
    private static final long LOCKED_REGION = Long.MAX_VALUE - 1;
    private static final Duration DEFAULT_POLL = Duration.ofMillis(200);

    private final Path directory;
    private final Duration waitTimeout;
    private final Consumer<String> waitMessages;
    private final Clock clock;
    private final Duration poll;
    /** The tool processes each run started: a lock of a dead holder stays taken while one of them runs. */
    private final Optional<ToolProcessLog> toolProcesses;
    /** The lock a stack takes: its own by default; with {@link #perDirectory} one per stack directory. */
    private final Function<StackId, String> lockName;

    /**
     * @param directory    where the lock files live; created when missing
     * @param waitTimeout  how long {@link #acquire} waits for another run before it gives up
     * @param waitMessages receives one line each time the run waits for a (new) holder
     */
    public FileStackLocks(final Path directory, final Duration waitTimeout, final Consumer<String> waitMessages) {
        this(directory, waitTimeout, waitMessages, Clock.systemUTC(), DEFAULT_POLL, Optional.empty());
    }

    /**
     * Locks that are free only when no process of the holder's run is alive: after a {@code kill -9} of the holder
     * the operating system frees its file lock at once, but the {@code terraform apply} it started goes on; with
     * {@code toolProcesses} (which the process runner fills) the next run waits for that apply to end.
     */
    public FileStackLocks(final Path directory, final Duration waitTimeout, final Consumer<String> waitMessages,
            final ToolProcessLog toolProcesses) {
        this(directory, waitTimeout, waitMessages, Clock.systemUTC(), DEFAULT_POLL, Optional.of(toolProcesses));
    }

    FileStackLocks(final Path directory, final Duration waitTimeout, final Consumer<String> waitMessages,
            final Clock clock, final Duration poll) {
        this(directory, waitTimeout, waitMessages, clock, poll, Optional.empty());
    }

    FileStackLocks(final Path directory, final Duration waitTimeout, final Consumer<String> waitMessages,
            final Clock clock, final Duration poll, final Optional<ToolProcessLog> toolProcesses) {
        this(directory, waitTimeout, waitMessages, clock, poll, toolProcesses, StackId::value);
    }

    private FileStackLocks(final Path directory, final Duration waitTimeout, final Consumer<String> waitMessages,
            final Clock clock, final Duration poll, final Optional<ToolProcessLog> toolProcesses, final Function<StackId,
                    String> lockName) {
        this.lockName = Objects.requireNonNull(lockName, "lockName");
        this.toolProcesses = Objects.requireNonNull(toolProcesses, "toolProcesses");
        this.directory = directory.toAbsolutePath().normalize();
        this.waitTimeout = Objects.requireNonNull(waitTimeout, "waitTimeout");
        this.waitMessages = Objects.requireNonNull(waitMessages, "waitMessages");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.poll = Objects.requireNonNull(poll, "poll");
    }

    /**
     * These locks, with the stacks of one directory sharing one lock: a stack id's part before its last {@code :}
     * (Terraform's {@code dir:workspace}, Pulumi's {@code project:stack}), so two runs never deploy two workspaces of
     * one directory at once (they share its {@code .terraform}). Within a run the scheduler already keeps them apart.
     */
    public FileStackLocks perDirectory() {
        return new FileStackLocks(directory, waitTimeout, waitMessages, clock, poll, toolProcesses, id -> {
            int colon = id.value().lastIndexOf(':');
            return colon > 0 ? id.value().substring(0, colon) : id.value();
        });
    }

    /**
     * The lock file of {@code id}: the id with every character other than letters, digits, dot, dash and
     * underscore replaced by {@code _}, plus a short hash of the id so that {@code a/b} and {@code a_b} differ.
     */
    public static Path lockFile(final Path directory, final StackId id) {
        String readable = id.value().replaceAll("[^A-Za-z0-9._-]", "_");
        if (readable.length() > 80) {
            readable = readable.substring(0, 80);
        }
        return directory.resolve(readable + "-" + shortHash(id.value()) + ".lock");
    }

    @Override
    public StackLock acquire(final StackId id, final String purpose) throws StackLockTimeoutException, InterruptedException {
        Path file = lockFile(directory, StackId.of(lockName.apply(id)));
        long deadline = System.nanoTime() + waitTimeout.toNanos();
        Waiting waiting = new Waiting(id, file);
        Semaphore inThisJvm = HELD_IN_THIS_JVM.computeIfAbsent(file, f -> new Semaphore(1));
        while (!inThisJvm.tryAcquire(poll.toMillis(), TimeUnit.MILLISECONDS)) {
            // another thread of this JVM holds it: never open the file now (closing it would drop that thread's lock)
            waiting.announce(Optional.ofNullable(HOLDER_IN_THIS_JVM.get(file)));
            waiting.giveUpAfter(deadline, Optional.ofNullable(HOLDER_IN_THIS_JVM.get(file)));
        }
        boolean handedOver = false;
        try {
            StackLock lock = lockFile(id, purpose, file, deadline, waiting);
            handedOver = true;
            return lock;
        } finally {
            if (!handedOver) {
                inThisJvm.release();
            }
        }
    }

    private StackLock lockFile(final StackId id, final String purpose, final Path file, final long deadline,
            final Waiting waiting) throws StackLockTimeoutException, InterruptedException {
        FileChannel channel = null;
        try {
            Directories.ensure(directory);
            // a FIFO there would block the open for good: a lock file is a regular file or is not ours
            RegularFiles.requireRegularIfPresent(file);
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS);
            FileLock lock = null;
            while (lock == null) {
                lock = channel.tryLock(LOCKED_REGION, 1, false);
                Optional<ProcessOwner> named = lock == null ? Optional.empty()
                        : ProcessOwner.parse(holderText(channel).getProperty("owner"));
                if (lock != null && named.isPresent() && !named.get().isCurrent() && named.get().isAlive()) {
                    // the file names a live run although its lock was free: that run lost its lock (a Stack Drift from
                    // before this fix dropped its own); it is still the holder, so this run waits for it
                    lock.release();
                    lock = null;
                }
                if (lock == null) {
                    waiting.announce(holder(id, holderText(channel)));
                    waiting.giveUpAfter(deadline, holder(id, holderText(channel)));
                    Thread.sleep(poll.toMillis());
                }
            }
            waitForToolsOfADeadHolder(id, file, channel, deadline);
            String holder = writeHolder(channel, id, purpose);
            HOLDER_IN_THIS_JVM.put(file, holder);
            FileChannel held = channel;
            channel = null;
            return new HeldLock(id, file, held, lock);
        } catch (ClosedByInterruptException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedException("interrupted while waiting for the lock of " + id);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock stack " + id + " with lock file " + file + ": " + IoProblem.of(e), e);
        } finally {
            if (channel != null) {
                closeQuietly(channel);
            }
        }
    }

    /**
     * The file still names a holder although its lock was free: that run died without releasing (a released lock's
     * file is empty). Its tool processes may still run; the lock is free only when none does.
     */
    private void waitForToolsOfADeadHolder(final StackId id, final Path file, final FileChannel channel, final long deadline)
            throws StackLockTimeoutException, InterruptedException, IOException {
        if (toolProcesses.isEmpty()) {
            return;
        }
        // read through the channel that holds the lock: opening the file again and closing it would release the lock
        Optional<ProcessOwner> dead = ProcessOwner.parse(holderText(channel).getProperty("owner"));
        if (dead.isEmpty() || dead.get().isCurrent()) {
            return;
        }
        String announced = null;
        for (List<ProcessOwner> live = toolProcesses.get().liveProcessesOf(dead.get()); !live.isEmpty();
                live = toolProcesses.get().liveProcessesOf(dead.get())) {
            String line = "waiting for tool process " + live.get(0).pid() + " of the ended run pid " + dead.get().pid()
                    + " (it holds " + id + ") to finish";
            if (!line.equals(announced)) {
                announced = line;
                waitMessages.accept(line);
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new StackLockTimeoutException(id, "gave up after " + words(waitTimeout) + " waiting for tool process "
                        + live.get(0).pid() + " of the ended run pid " + dead.get().pid() + " to finish (lock file " + file + ")");
            }
            Thread.sleep(poll.toMillis());
        }
    }

    /** The holder lines of the lock file, read through {@code channel} (at most {@value #MOST_HOLDER_BYTES} bytes). */
    private static Properties holderText(final FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(channel.size(), MOST_HOLDER_BYTES));
        while (buffer.hasRemaining() && channel.read(buffer, buffer.position()) > 0) {
            // reads on until the buffer is full or the file ends
        }
        Properties holder = new Properties();
        try {
            holder.load(new StringReader(new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8)));
        } catch (IllegalArgumentException e) {
            return new Properties(); // not our text (a malformed escape): names no holder
        }
        return holder;
    }

    /** Writes who holds the lock into its file, and returns it in the words a waiter of this JVM shows. */
    private String writeHolder(final FileChannel channel, final StackId id, final String purpose) throws IOException {
        String text = "stack=" + escape(id.value()) + "\npid=" + ProcessHandle.current().pid()
                + "\nowner=" + ProcessOwner.current().text() + "\npurpose="
                + escape(purpose) + "\nstarted=" + clock.instant() + "\n";
        channel.truncate(0);
        // not forced to disk: other processes read it from the page cache at once, and a machine crash, the one
        // thing that loses it, also ends every run and tool it names (a flush per stack cost a whole run's seconds)
        channel.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), 0);
        return holder(id, holderText(channel)).orElse("another run of " + id);
    }

    private static String escape(final String value) {
        return value.replace("\\", "\\\\").replace("\n", "\\n");
    }

    /** Who holds a lock, as its file's lines say; empty while the file is empty (being written, or just released). */
    private Optional<String> holder(final StackId id, final Properties holder) {
        String pid = holder.getProperty("pid");
        if (pid == null || !pid.chars().allMatch(Character::isDigit)) {
            return Optional.empty();
        }
        String purpose = holder.getProperty("purpose", "run");
        String stack = holder.getProperty("stack", id.value());
        return Optional.of("the " + purpose + " of " + stack + " by pid " + pid + started(holder.getProperty("started")));
    }

    private String started(final String instant) {
        if (instant == null) {
            return "";
        }
        try {
            LocalDateTime at = LocalDateTime.ofInstant(Instant.parse(instant), clock.getZone());
            LocalDateTime now = LocalDateTime.now(clock);
            String pattern = at.toLocalDate().equals(now.toLocalDate()) ? "HH:mm" : "yyyy-MM-dd HH:mm";
            return " (started " + at.format(DateTimeFormatter.ofPattern(pattern, Locale.ROOT)) + ")";
        } catch (DateTimeParseException e) {
            return "";
        }
    }

    private static String shortHash(final String value) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    private static void closeQuietly(final FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // closing releases the lock whatever else failed; nothing left to do
        }
    }

    /** What one acquire says while it waits: a line per holder, and the message it gives up with. */
    private final class Waiting {
        private final StackId id;
        private final Path file;
        private String lastHolder;

        Waiting(final StackId id, final Path file) {
            this.id = id;
            this.file = file;
        }

        void announce(final Optional<String> holder) {
            String named = holder.orElse("another run of " + id);
            if (!named.equals(lastHolder)) {
                lastHolder = named;
                waitMessages.accept("waiting for " + named + " to finish");
            }
        }

        void giveUpAfter(final long deadline, final Optional<String> holder) throws StackLockTimeoutException {
            if (System.nanoTime() - deadline >= 0) {
                throw new StackLockTimeoutException(id, "gave up after " + words(waitTimeout) + " waiting for "
                        + holder.orElse("another run of " + id) + " to finish (lock file " + file + ")");
            }
        }
    }

    private static String words(final Duration duration) {
        return duration.toString().substring(2).toLowerCase(Locale.ROOT);
    }

    private static final class HeldLock implements StackLock {
        private final StackId stack;
        private final Path file;
        private final FileChannel channel;
        private final FileLock lock;
        private boolean closed;

        HeldLock(final StackId stack, final Path file, final FileChannel channel, final FileLock lock) {
            this.stack = stack;
            this.file = file;
            this.channel = channel;
            this.lock = lock;
        }

        @Override
        public StackId stack() {
            return stack;
        }

        @Override
        public synchronized void close() {
            if (closed) {
                return;
            }
            closed = true;
            HOLDER_IN_THIS_JVM.remove(file);
            try {
                channel.truncate(0); // the next waiter must not read an old holder as the current one
                lock.release();
            } catch (IOException e) {
                // the channel closes below, which releases the lock anyway
            } finally {
                closeQuietly(channel);
                HELD_IN_THIS_JVM.get(file).release();
            }
        }
    }
}
