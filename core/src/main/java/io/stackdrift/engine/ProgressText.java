package io.stackdrift.engine;

import io.stackdrift.model.Row;

/** The one-line summaries of a row for the progress log: state, counts and reason; never a value. */
final class ProgressText {
    private ProgressText() {
    }

    /** {@code network: drifted — 1 change, 1 owned elsewhere}. */
    static String of(final Row row) {
        StringBuilder details = new StringBuilder();
        int changes = row.changeCount();
        if (changes > 0) {
            details.append(changes).append(changes == 1 ? " change" : " changes");
        }
        if (!row.ownedElsewhere().isEmpty()) {
            if (details.length() > 0) {
                details.append(", ");
            }
            details.append(row.ownedElsewhere().size()).append(" owned elsewhere");
        }
        if (!row.reason().isEmpty()) {
            if (details.length() > 0) {
                details.append("; ");
            }
            details.append(row.reason());
        }
        return row.id() + ": " + row.state().word() + (details.length() == 0 ? "" : " — " + details);
    }
}
