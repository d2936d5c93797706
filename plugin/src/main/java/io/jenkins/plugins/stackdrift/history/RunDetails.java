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

import io.stackdrift.model.Directories;
import io.stackdrift.record.RecordJson;
import io.stackdrift.record.RunRecord;

/**
 * The per-stack details of one step of a build, read only when a page or the API needs them, and kept through a
 * soft reference so that many open builds never pin memory. Each step id has its own file,
 * {@code <build dir>/}{@value #DIR_NAME}{@code /<id>/}{@value #FILE_NAME}, so that several steps of one build
 * never overwrite each other; builds recorded before steps had ids keep theirs beside build.xml.
 */
public final class RunDetails {
    public static final String FILE_NAME = "stack-drift.json";
    /** The directory under a build's directory that holds one directory per step id. */
    public static final String DIR_NAME = "stack-drift";
    private static final Logger LOGGER = Logger.getLogger(RunDetails.class.getName());

    /** The directory the file is in: the build's for old builds, else the step id's. */
    private final File directory;
    private SoftReference<RunRecord> cached = new SoftReference<>(null);

    /** The details a build recorded before steps had ids: {@value #FILE_NAME} beside build.xml. */
    public RunDetails(final File buildDir) {
        this.directory = buildDir;
    }

    /** The details of the step with this id (an empty id: the file of a build recorded before ids). */
    public static RunDetails of(final File buildDir, final String stepId) {
        return new RunDetails(directoryFor(buildDir, stepId));
    }

    /**
     * The directory the details of a step id are stored in, created if missing; the id was checked to be a URL
     * segment ({@code StepId}), so it is one plain directory name.
     */
    public static File directoryFor(final File buildDir, final String stepId) {
        return stepId.isEmpty() ? buildDir : new File(new File(buildDir, DIR_NAME), stepId);
    }

    /** Creates the directory of a step id's details, so a record can be stored into it. */
    public static File createDirectoryFor(final File buildDir, final String stepId) throws IOException {
        File dir = directoryFor(buildDir, stepId);
        Directories.ensure(dir.toPath());
        return dir;
    }

    /** The file this reads. */
    public File file() {
        return new File(directory, FILE_NAME);
    }

    /** Where the record comes from: the agent's record file ({@code FilePath::copyTo}), streamed. */
    @FunctionalInterface
    public interface Source {
        void copyTo(OutputStream out) throws IOException, InterruptedException;
    }

    /** Copies the record into the directory (a build's or a step id's), atomically (temp file + rename): a reader sees all or nothing. */
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
        Path file = file().toPath();
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
