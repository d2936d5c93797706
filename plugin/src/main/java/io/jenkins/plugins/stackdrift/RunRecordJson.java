package io.jenkins.plugins.stackdrift;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.stackdrift.record.RunRecord;

/**
 * A run record as a JSON file, written atomically (temp file + rename).
 *
 * <p>TODO(core wiring): replace with the core's record codec / HistoryStore format when it lands, so the
 * CLI and the plugin share one file format.
 */
public final class RunRecordJson {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private RunRecordJson() {
    }

    public static void write(final RunRecord record, final Path file) throws IOException {
        Path directory = java.util.Objects.requireNonNull(file.toAbsolutePath().getParent(), "a record file needs a directory");
        Path temp = Files.createTempFile(directory, "record", ".tmp");
        try (OutputStream out = Files.newOutputStream(temp)) {
            MAPPER.writeValue(out, record);
        }
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public static RunRecord read(final Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return MAPPER.readValue(in, RunRecord.class);
        }
    }
}
