package io.stackdrift.record;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code next-check.json}: when the next scheduled check has work ({@link NextScheduledCheck}), kept for the newest run
 * only. A drift check's time is kept (the earliest of the checks one run makes: a build with several steps); another
 * save of the same run without a time leaves it (the build's deploy after its check); a later run without one takes it
 * away, so a scheduler never skips a tick on an older run's word.
 */
final class NextCheckFile {
    private final HistoryLayout layout;
    private final TolerantJsonFiles files;
    private final JsonFactory factory = new ObjectMapper().getFactory();

    NextCheckFile(final HistoryLayout layout, final TolerantJsonFiles files) {
        this.layout = layout;
        this.files = files;
    }

    /** Empty when missing, or unreadable (with a warning). */
    Optional<NextScheduledCheck> read() {
        return files.read(layout.nextCheckFile(), RecordJson::readNextCheck);
    }

    /** Called under the history's lock, with each saved run that is not a report. */
    void write(final String runId, final Optional<Instant> dueAt) throws IOException {
        Optional<NextScheduledCheck> kept = read().filter(next -> next.runId().equals(runId));
        if (dueAt.isEmpty()) {
            if (kept.isEmpty()) {
                Files.deleteIfExists(layout.nextCheckFile());
            }
            return;
        }
        Instant earliest = kept.map(NextScheduledCheck::dueAt).filter(t -> t.isBefore(dueAt.get())).orElse(dueAt.get());
        NextScheduledCheck next = new NextScheduledCheck(runId, earliest);
        AtomicFiles.write(layout.nextCheckFile(), out -> {
            try (JsonGenerator g = factory.createGenerator(out)) {
                RecordJson.writeNextCheck(g, next);
            }
        });
    }
}
