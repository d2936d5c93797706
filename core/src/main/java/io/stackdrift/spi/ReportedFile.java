package io.stackdrift.spi;

import java.nio.file.Path;
import java.util.Objects;

import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;

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
 * @param stack       the file's row id: its base name, or its path where another file has the same base name
 */
public record ReportedFile(Path file, String format, String toolVersion, RowState state, String reason, long pending, long drift,
        StackId stack) {
    public ReportedFile {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(stack, "stack");
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
