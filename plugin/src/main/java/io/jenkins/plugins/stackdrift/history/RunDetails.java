package io.jenkins.plugins.stackdrift.history;

import java.io.File;
import java.io.FilterOutputStream;
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

import hudson.AbortException;

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

    /**
     * The most the controller copies from an agent's record file into a build: a record is a few kilobytes per
     * stack, so this is far above a real run, and keeps an agent from filling the controller's disk. System property
     * {@code io.jenkins.plugins.stackdrift.history.RunDetails.maxRecordBytes} sets another.
     */
    public static final long MAX_RECORD_BYTES = Long.getLong(RunDetails.class.getName() + ".maxRecordBytes", 32L * 1024 * 1024);

    /** As {@link #store(Source, File, long)}, with {@link #MAX_RECORD_BYTES}. */
    public static void store(final Source source, final File buildDir) throws IOException, InterruptedException {
        store(source, buildDir, MAX_RECORD_BYTES);
    }

    /**
     * Copies the record into the directory (a build's or a step id's), atomically (temp file + rename): a reader sees
     * all or nothing. A record longer than {@code limit} bytes is not kept: the copy stops there and the step fails
     * with a message that says so.
     */
    public static void store(final Source source, final File buildDir, final long limit) throws IOException, InterruptedException {
        Path target = new File(buildDir, FILE_NAME).toPath();
        Path temp = Files.createTempFile(buildDir.toPath(), FILE_NAME, ".tmp");
        try {
            Bounded bounded;
            try (OutputStream out = Files.newOutputStream(temp)) {
                bounded = new Bounded(out, limit);
                try {
                    source.copyTo(bounded);
                } catch (IOException e) {
                    // the copy over the channel wraps what the stream threw: the overflow is told apart here
                    bounded.throwIfExceeded();
                    throw e;
                }
            }
            bounded.throwIfExceeded();
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** An output stream that refuses to pass {@code limit} bytes. */
    private static final class Bounded extends FilterOutputStream {
        private final long limit;
        private long written;
        private boolean exceeded;

        Bounded(final OutputStream out, final long limit) {
            super(out);
            this.limit = limit;
        }

        @Override
        public void write(final int b) throws IOException {
            count(1);
            out.write(b);
        }

        @Override
        public void write(final byte[] b, final int off, final int len) throws IOException {
            count(len);
            out.write(b, off, len);
        }

        private void count(final int more) throws IOException {
            if (written + more > limit) {
                exceeded = true;
                throw new IOException("the run record is longer than " + limit + " bytes");
            }
            written += more;
        }

        void throwIfExceeded() throws AbortException {
            if (exceeded) {
                throw new AbortException("Stack Drift: the run record the agent left is longer than "
                        + limit / (1024 * 1024) + " MB, the most the controller copies into a build; no record is kept for this"
                        + " step. Split the stacks over several steps (each with its own id), or raise the limit with the system"
                        + " property " + RunDetails.class.getName() + ".maxRecordBytes on the controller");
            }
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
