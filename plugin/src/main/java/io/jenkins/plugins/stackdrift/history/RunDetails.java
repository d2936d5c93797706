package io.jenkins.plugins.stackdrift.history;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.ref.SoftReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.stackdrift.record.RecordJson;
import io.stackdrift.record.RunRecord;

/**
 * The per-stack details of one build, in {@value #FILE_NAME} beside build.xml; read only when a page or
 * the API needs them, and kept through a soft reference so that many open builds never pin memory.
 */
public final class RunDetails {
    public static final String FILE_NAME = "stack-drift.json";
    private static final Logger LOGGER = Logger.getLogger(RunDetails.class.getName());

    private final File buildDir;
    private SoftReference<RunRecord> cached = new SoftReference<>(null);

    public RunDetails(final File buildDir) {
        this.buildDir = buildDir;
    }

    /** Where the record comes from: the agent's record file ({@code FilePath::copyTo}), streamed. */
    @FunctionalInterface
    public interface Source {
        void copyTo(OutputStream out) throws IOException, InterruptedException;
    }

    /** Copies the record into the build directory, atomically (temp file + rename): a reader sees all or nothing. */
    public static void store(final Source source, final File buildDir) throws IOException, InterruptedException {
        Path target = new File(buildDir, FILE_NAME).toPath();
        Path temp = Files.createTempFile(buildDir.toPath(), FILE_NAME, ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(temp)) {
                source.copyTo(out);
            }
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    public synchronized Optional<RunRecord> load() {
        RunRecord record = cached.get();
        if (record != null) {
            return Optional.of(record);
        }
        Path file = new File(buildDir, FILE_NAME).toPath();
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            try (InputStream in = Files.newInputStream(file)) {
                record = RecordJson.readRun(in);
            }
            cached = new SoftReference<>(record);
            return Optional.of(record);
        } catch (IOException | RuntimeException e) {
            LOGGER.log(Level.WARNING, "cannot read " + file, e);
            return Optional.empty();
        }
    }
}
