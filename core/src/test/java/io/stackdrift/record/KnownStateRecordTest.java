package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.KnownState;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/** What the history knew of a skipped stack is kept in its row: saved, read back, and left out when unknown. */
class KnownStateRecordTest {
    @TempDir
    Path dir;

    private static Row skipped(final String stack, final KnownState known) {
        return Row.of(StackId.of(stack), Tool.TOFU, stack, RowState.SKIPPED, "a deploy of it is running").withKnown(known);
    }

    private String savedText(final RunRecord run) throws IOException {
        HistoryStore store = new HistoryStore(dir);
        RunSummary summary = store.save(run);
        assertThat(new HistoryStore(dir).details(summary.sequence())).contains(run);
        StringBuilder text = new StringBuilder();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(Files::isRegularFile).filter(f -> f.toString().endsWith(".json")).toList()) {
                text.append(Files.readString(file));
            }
        }
        return text.toString();
    }

    @Test
    void aKnownStateWithItsTimesReadsBackFieldForField() throws IOException {
        RunRecord run = new RunRecord("1", RunKind.CHECK, "scheduled drift check", 100, 200,
                List.of(skipped("network", new KnownState(RowState.DRIFTED, 5, 7))), List.of());

        assertThat(savedText(run)).contains("\"knownState\"", "\"knownSince\"");
    }

    @Test
    void timesOfZeroAndAnUnknownStateAreNotWritten() throws IOException {
        RunRecord run = new RunRecord("1", RunKind.CHECK, "scheduled drift check", 100, 200,
                List.of(skipped("network", new KnownState(RowState.IN_SYNC, 0, 0)), skipped("dns", KnownState.NONE)), List.of());

        String text = savedText(run);
        assertThat(text).contains("\"knownState\"").doesNotContain("\"knownSince\"");
        assertThat(text.split("\"knownState\"", -1)).hasSize(2);
    }
}
