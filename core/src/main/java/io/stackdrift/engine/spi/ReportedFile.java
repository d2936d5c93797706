package io.stackdrift.engine.spi;

import java.nio.file.Path;
import java.util.Objects;

import io.stackdrift.model.RowState;

/**
 * How one file of a report read.
 *
 * @param file        the file as named
 * @param format      which format was read ({@code terraform plan}, {@code pulumi events}, ...)
 * @param toolVersion the tool version the file names, empty when none
 * @param state       failed, or in sync / pending / drifted / pending+drifted by what was read
 * @param reason      one line when failed, empty otherwise
 * @param pending     code changes read (0 when failed)
 * @param drift       drift entries read (0 when failed)
 */
public record ReportedFile(Path file, String format, String toolVersion, RowState state, String reason, long pending, long drift) {
    public ReportedFile {
        Objects.requireNonNull(file, "file");
        format = Objects.requireNonNullElse(format, "");
        toolVersion = Objects.requireNonNullElse(toolVersion, "");
        Objects.requireNonNull(state, "state");
        reason = Objects.requireNonNullElse(reason, "");
    }

    /** Changes shown for the file: code changes plus drift, none for a failed file. */
    public long count() {
        return pending + drift;
    }
}
