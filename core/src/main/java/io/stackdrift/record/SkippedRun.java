package io.stackdrift.record;

import java.util.Objects;

/**
 * A run summary file a trend left out ({@link HistoryStore#trend}): its path relative to the history directory, and
 * why in fixed words (nothing from the file).
 */
public record SkippedRun(String file, Unreadable why) {
    public SkippedRun {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(why, "why");
    }

    public String line() {
        return file + ": " + why.words();
    }
}
