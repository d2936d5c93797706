package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/** A recorded row with many changes is written and read back one change at a time; its lists spill when read. */
class SpilledRecordTest {
    private static final StackId BIG = StackId.of("big");

    @TempDir
    Path dir;

    private ChangeList drift(final Path spill, final int n) {
        ChangeList.Builder builder = ChangeList.builder(ChangeList.SpillTarget.in(spill));
        IntStream.range(0, n).forEach(i -> builder.add(new Change(Action.UPDATE, "aws_vpc", "aws_vpc.r" + i, List.of("tags.Owner"),
                Cause.DRIFT)));
        return builder.build();
    }

    private Row bigRow(final int n) throws IOException {
        return Row.of(BIG, Tool.TERRAFORM, "big", RowState.DRIFTED, "").withDrift(drift(Files.createDirectories(dir.resolve("run")), n));
    }

    private static long files(final Path spill) throws IOException {
        if (!Files.isDirectory(spill)) {
            return 0;
        }
        try (Stream<Path> all = Files.list(spill)) {
            return all.count();
        }
    }

    @Test
    void aRunReadBackHoldsItsLongListsInSpillFilesAndEqualsWhatWasWritten() throws IOException {
        RunRecord run = new RunRecord("7", RunKind.CHECK, "manual", 1_000, 2_000, List.of(bigRow(1_000)), List.of());
        Path file = dir.resolve("run.json");
        try (OutputStream out = Files.newOutputStream(file)) {
            RecordJson.writeRun(out, 7, run);
        }
        Path spill = dir.resolve("read");

        RunRecord read;
        try (InputStream in = Files.newInputStream(file)) {
            read = RecordJson.readRun(in, ChangeList.SpillTarget.in(spill));
        }

        assertThat(read).isEqualTo(run);
        assertThat(read.rows().get(0).drift().isSpilled()).isTrue();
        assertThat(files(spill)).isOne();
    }

    @Test
    void aRowCutShortInTheMiddleOfItsChangesIsAFormatErrorAndLeavesNoSpillFile() throws IOException {
        RunRecord run = new RunRecord("7", RunKind.CHECK, "manual", 1_000, 2_000, List.of(bigRow(1_000)), List.of());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordJson.writeRun(bytes, 7, run);
        byte[] cut = Arrays.copyOf(bytes.toByteArray(), bytes.size() / 2);
        Path spill = dir.resolve("read");

        try {
            RecordJson.readRun(new ByteArrayInputStream(cut), ChangeList.SpillTarget.in(spill));
            throw new AssertionError("a record cut short was read");
        } catch (IOException | RecordFormatException e) {
            assertThat(files(spill)).isZero();
        }
    }

    @Test
    void theLatestDriftOfAStackIsStreamedAndItsUnchangedDriftFileIsNotWrittenAgain() throws IOException {
        HistoryStore history = new HistoryStore(dir.resolve("history"));
        Row row = bigRow(500);
        history.save(new RunRecord("1", RunKind.CHECK, "manual", 1_000, 2_000, List.of(row), List.of()));
        Path driftFile = history.layout().driftFile(BIG);
        FileTime written = FileTime.fromMillis(1_000_000);
        Files.setLastModifiedTime(driftFile, written);

        history.save(new RunRecord("2", RunKind.CHECK, "manual", 3_000, 4_000, List.of(row), List.of()));

        assertThat(Files.getLastModifiedTime(driftFile)).isEqualTo(written);
        Row latest = history.latestDrift(BIG).orElseThrow();
        assertThat(latest.drift()).isEqualTo(row.drift());
        assertThat(latest.drift().isSpilled()).isTrue();
    }
}
