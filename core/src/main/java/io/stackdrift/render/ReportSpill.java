package io.stackdrift.render;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

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
    private static final JsonFactory JSON = new JsonFactory();

    private final Optional<Path> directory;
    private final List<SpilledFile> files = new ArrayList<>();
    private final List<Path> created = new ArrayList<>();
    private JsonGenerator code;
    private Path codeFile;
    private JsonGenerator drift;
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
            JsonGenerator json;
            if (change.cause() == Cause.DRIFT) {
                if (drift == null) {
                    driftFile = create();
                    drift = open(driftFile);
                }
                json = drift;
            } else {
                if (code == null) {
                    codeFile = create();
                    code = open(codeFile);
                }
                json = code;
            }
            RunJsonChange.write(json, change);
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
        for (JsonGenerator open : new JsonGenerator[] {code, drift}) {
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

    private static JsonGenerator open(final Path file) throws IOException {
        JsonGenerator json = JSON.createGenerator(Files.newOutputStream(file), JsonEncoding.UTF8);
        json.writeStartArray();
        return json;
    }

    private static void finish(final JsonGenerator json) throws IOException {
        if (json != null) {
            json.writeEndArray();
            json.close();
        }
    }
}
