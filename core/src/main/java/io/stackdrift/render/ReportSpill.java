package io.stackdrift.render;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.spi.ReportListener;
import io.stackdrift.spi.ReportedFile;

/**
 * Where a report's changes wait for the run JSON: each change is written to a temporary spill file as the engine
 * reads it (the row's state is known only at the end of the file, and a failed row shows no changes), one file for
 * code changes and one for drift per plan file, in the schema's own form, so {@link RunJsonWriter} copies them
 * without holding or parsing them. {@link #close()} deletes every spill file.
 */
public final class ReportSpill implements ReportListener, Closeable {
    private static final int BUFFER = 1 << 16;

    private final Optional<Path> directory;
    private final List<SpilledFile> files = new ArrayList<>();
    private final List<Path> created = new ArrayList<>();
    /** Where a change with text Jackson would escape is written first ({@link RunJsonChange#writeCompact}). */
    private final ByteArrayOutputStream scratch = new ByteArrayOutputStream();
    private OutputStream code;
    private Path codeFile;
    private OutputStream drift;
    private Path driftFile;

    /**
     * One plan file read: how it read, and the spill files of its code changes and drift (absent when it had none).
     *
     * @param read  how the file read
     * @param code  its code changes as a JSON array
     * @param drift its drift entries as a JSON array
     */
    public record SpilledFile(ReportedFile read, Optional<Path> code, Optional<Path> drift) {
    }

    /** Spill files in the default temporary directory. */
    public ReportSpill() {
        this.directory = Optional.empty();
    }

    /** Spill files in {@code directory} (a run's own work directory). */
    public ReportSpill(final Path directory) {
        this.directory = Optional.of(directory);
    }

    @Override
    public void change(final Path file, final Change change) {
        try {
            OutputStream out;
            if (change.cause() == Cause.DRIFT) {
                if (drift == null) {
                    driftFile = create();
                    drift = open(driftFile);
                } else {
                    drift.write(',');
                }
                out = drift;
            } else {
                if (code == null) {
                    codeFile = create();
                    code = open(codeFile);
                } else {
                    code.write(',');
                }
                out = code;
            }
            RunJsonChange.writeCompact(out, change, scratch);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void fileRead(final ReportedFile file) {
        try {
            finish(code);
            finish(drift);
            files.add(new SpilledFile(file, Optional.ofNullable(code == null ? null : codeFile),
                    Optional.ofNullable(drift == null ? null : driftFile)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            code = null;
            codeFile = null;
            drift = null;
            driftFile = null;
        }
    }

    /** The files read so far, in the order they were read. */
    public List<SpilledFile> files() {
        return List.copyOf(files);
    }

    /** Closes what is still open (a file whose read threw) and deletes every spill file. */
    @Override
    public void close() throws IOException {
        for (OutputStream open : new OutputStream[] {code, drift}) {
            if (open != null) {
                open.close();
            }
        }
        code = null;
        drift = null;
        for (Path file : created) {
            Files.deleteIfExists(file);
        }
        created.clear();
    }

    private Path create() throws IOException {
        Path file = directory.isPresent() ? Files.createTempFile(directory.get(), "stackdrift-report", ".json")
                : Files.createTempFile("stackdrift-report", ".json");
        created.add(file);
        return file;
    }

    /** A JSON array, written as Jackson's compact generator writes one: {@code [}, the changes apart by {@code ,}, {@code ]}. */
    private static OutputStream open(final Path file) throws IOException {
        OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), BUFFER);
        out.write('[');
        return out;
    }

    private static void finish(final OutputStream out) throws IOException {
        if (out != null) {
            out.write(']');
            out.close();
        }
    }
}
