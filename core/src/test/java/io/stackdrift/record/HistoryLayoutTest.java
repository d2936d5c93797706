package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.DeployKind;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

class HistoryLayoutTest {
    @TempDir
    Path dir;

    @Test
    void everyFileASaveWritesIsOneTheLayoutNames() {
        HistoryStore store = new HistoryStore(dir);
        StackId net = StackId.of("envs/net:prod");
        TrailEntry deploy = new TrailEntry(net, "1", 10, 20, TrailResult.DEPLOYED, false, List.of(), "", 0);
        store.save(new RunRecord("1", RunKind.DEPLOY, "", 5, 30,
                List.of(Row.of(net, Tool.TOFU, "envs/net", RowState.IN_SYNC, "")), List.of(deploy)));
        store.markDeployStarted(net, "2", 40, DeployKind.DEPLOY);

        HistoryLayout layout = store.layout();
        assertThat(layout.summaryFile(1)).isRegularFile();
        assertThat(layout.detailsFile(1)).isRegularFile();
        assertThat(layout.stacksFile()).isRegularFile();
        assertThat(layout.trailFile()).isRegularFile();
        assertThat(layout.markerFile(net)).isRegularFile().hasParent(layout.markersDir());
        assertThat(layout.markerFile(net).getFileName().toString()).matches("[0-9a-f]{32}\\.json");
        assertThat(layout.lockFile()).exists();
        assertThat(layout.sequences(true)).containsExactly(1L);
    }

    @Test
    void sequencesComeFromSummariesAndTheHighestFromAnyRunFile() throws IOException {
        HistoryLayout layout = new HistoryLayout(dir);
        Files.createDirectories(layout.runsDir());
        for (long sequence : List.of(3L, 12L, 7L)) {
            Files.writeString(layout.summaryFile(sequence), "{}");
        }
        Files.writeString(layout.detailsFile(15), "{}");
        Files.writeString(layout.runsDir().resolve("run-1.summary.json"), "{}");

        assertThat(layout.sequences(true)).containsExactly(12L, 7L, 3L);
        assertThat(layout.sequences(false)).containsExactly(3L, 7L, 12L);
        assertThat(layout.highestSequence()).isEqualTo(15);
        assertThat(HistoryLayout.runFile(layout.detailsFile(15))).contains(new HistoryLayout.RunFile(15, false));
        assertThat(HistoryLayout.runFile(layout.stacksFile())).isEmpty();
    }

    @Test
    void pruningKeepsTheNewestRunsAndDropsDetailsWithoutASummary() throws IOException {
        HistoryLayout layout = new HistoryLayout(dir);
        Files.createDirectories(layout.runsDir());
        writeRuns(layout, 4);
        Files.writeString(layout.detailsFile(5), "{}");
        Files.writeString(layout.detailsFile(9), "{}");

        layout.pruneRuns(5, 2);

        assertThat(layout.sequences(true)).containsExactly(4L, 3L);
        assertThat(layout.detailsFile(2)).doesNotExist();
        assertThat(layout.detailsFile(5)).as("no summary: a crash between the two").doesNotExist();
        assertThat(layout.detailsFile(9)).as("newer than this save: another writer's").exists();
    }

    @Test
    void aRunFileIsNamedExactlyRunTwelveDigitsAndSummaryOrDetails() {
        assertThat(HistoryLayout.runFile(Path.of("run-000000000042.summary.json"))).contains(new HistoryLayout.RunFile(42, true));
        assertThat(HistoryLayout.runFile(Path.of("runs", "run-999999999999.details.json")))
                .contains(new HistoryLayout.RunFile(999_999_999_999L, false));
        for (String other : List.of("run-00000000042.summary.json", "run-0000000000042.summary.json", "run-00000000004x.summary.json",
                "run-000000000042.summary.jsonx", "run-000000000042.detail.json", "run-000000000042.summaryxjson",
                "Run-000000000042.summary.json", "xrun-00000000042.summary.json",
                "run-\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669\u0660\u0661\u0662.summary.json",
                "run-000000000042.summary.json.tmp", ".run-000000000042.summary.json", "stacks.json", "trail.json")) {
            assertThat(HistoryLayout.runFile(Path.of(other))).as(other).isEmpty();
        }
    }

    @Test
    void pruningALongHistoryKeepsTheNewestSummariesWithTheirDetails() throws IOException {
        HistoryLayout layout = new HistoryLayout(dir);
        Files.createDirectories(layout.runsDir());
        writeRuns(layout, 250);
        Files.writeString(layout.summaryFile(260), "{}");
        Files.writeString(layout.runsDir().resolve("notes.txt"), "kept: not a run file");

        layout.pruneRuns(260, 100);

        assertThat(layout.sequences(false)).hasSize(100).startsWith(152L).endsWith(250L, 260L);
        try (var names = Files.list(layout.runsDir())) {
            assertThat(names.map(p -> p.getFileName().toString()))
                    .as("100 summaries, the 99 details they have and the other file")
                    .hasSize(200).contains("notes.txt", layout.detailsFile(152).getFileName().toString())
                    .doesNotContain(layout.detailsFile(151).getFileName().toString(), layout.summaryFile(151).getFileName().toString());
        }
    }

    /** Runs 1 to {@code last}, each with its summary and its details. */
    private static void writeRuns(final HistoryLayout layout, final long last) throws IOException {
        for (long sequence = 1; sequence <= last; sequence++) {
            Files.writeString(layout.summaryFile(sequence), "{}");
            Files.writeString(layout.detailsFile(sequence), "{}");
        }
    }
}
