package io.stackdrift.architecture.planted;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A planted record file made as a JDK temporary file (rw------- whatever the umask): RecordFileRule must refuse it. */
public final class PlantedRecordTempFile {
    private PlantedRecordTempFile() {
    }

    public static Path counter(final Path record) throws IOException {
        return Files.createTempFile(record, "run-ids", ".tmp");
    }
}
