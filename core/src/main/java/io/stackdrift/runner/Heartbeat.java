package io.stackdrift.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The host's sign of life for the tool wrappers of one step directory ({@link ToolWrapper}): while open, it rewrites
 * {@value #FILE} there with a new number every {@link #PERIOD}. Its host (a Jenkins agent's JVM) runs it while its
 * tools run; when the host dies without any cleanup (killed with {@code kill -9}, its machine's JVM crashed) the number
 * stops changing and each wrapper stops its tool gently after {@link #LOST_AFTER}. A counter, not a time: the wrapper
 * compares the file with what it read before, so no clock of the host or of a container is trusted.
 */
public final class Heartbeat implements AutoCloseable {
    /** The file in the step directory. */
    public static final String FILE = "heartbeat";
    /** How often the number changes. */
    public static final Duration PERIOD = Duration.ofSeconds(3);
    /**
     * How long the wrappers wait for a change before they count the host as gone: ten beats, so a long garbage
     * collection or a busy machine is not taken for a dead host.
     */
    public static final Duration LOST_AFTER = Duration.ofSeconds(30);

    private final Path file;
    private final AtomicLong count = new AtomicLong();
    private final ScheduledExecutorService beats;
    private Future<?> schedule = CompletableFuture.completedFuture(null);

    private Heartbeat(final Path stepDir) {
        this.file = stepDir.resolve(FILE);
        this.beats = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "Stack Drift heartbeat in " + stepDir);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Writes the first beat now (so a wrapper started next sees one at once), then one every {@code period}. */
    public static Heartbeat start(final Path stepDir, final Duration period) throws IOException {
        Heartbeat heartbeat = new Heartbeat(stepDir);
        heartbeat.beat();
        heartbeat.schedule = heartbeat.beats.scheduleAtFixedRate(heartbeat::beatQuietly, period.toMillis(), period.toMillis(),
                TimeUnit.MILLISECONDS);
        return heartbeat;
    }

    /** How many beats were written. */
    public long beats() {
        return count.get();
    }

    private void beat() throws IOException {
        Path next = file.resolveSibling(FILE + ".tmp");
        Files.writeString(next, count.incrementAndGet() + "\n", StandardCharsets.US_ASCII);
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private void beatQuietly() {
        try {
            beat();
        } catch (IOException e) {
            // the next beat tries again; a directory gone for good means the step has ended and nothing needs watching
        }
    }

    /** The beats stop: wrappers still running stop their tools after {@link #LOST_AFTER}. */
    @Override
    public void close() {
        schedule.cancel(false);
        beats.shutdownNow();
    }
}
