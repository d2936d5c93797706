package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesBatchTest {
    @TempDir
    Path dir;

    private static AtomicFiles.Content text(final String text) {
        return out -> out.write(text.getBytes(StandardCharsets.UTF_8));
    }

    private long temporaries() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(AtomicFiles::isTemporary).count();
        }
    }

    @Test
    void aCommittedBatchPutsEveryFileInPlaceAndSkipsTheUnchangedOnes() throws IOException {
        Path same = Files.writeString(dir.resolve("same.json"), "kept");
        FileTime before = FileTime.fromMillis(1_000_000);
        Files.setLastModifiedTime(same, before);

        try (AtomicFiles.Batch batch = new AtomicFiles.Batch()) {
            for (int i = 0; i < 20; i++) {
                assertThat(batch.writeIfChanged(dir.resolve("drift/" + i + ".json"), text("drift " + i))).isTrue();
            }
            assertThat(batch.writeIfChanged(same, text("kept"))).isFalse();
            // nothing is in place before the commit: a reader still sees the old files (here: none)
            assertThat(dir.resolve("drift/0.json")).doesNotExist();
            batch.commit();
        }

        for (int i = 0; i < 20; i++) {
            assertThat(dir.resolve("drift/" + i + ".json")).hasContent("drift " + i);
        }
        assertThat(Files.getLastModifiedTime(same)).isEqualTo(before);
        assertThat(temporaries()).isZero();
    }

    @Test
    void aBatchClosedWithoutCommitChangesNothingAndLeavesNoTemporaryFile() throws IOException {
        Path old = Files.writeString(dir.resolve("a.json"), "old");

        try (AtomicFiles.Batch batch = new AtomicFiles.Batch()) {
            batch.writeIfChanged(old, text("new"));
            batch.writeIfChanged(dir.resolve("b.json"), text("b"));
        }

        assertThat(old).hasContent("old");
        assertThat(dir.resolve("b.json")).doesNotExist();
        assertThat(temporaries()).isZero();
    }
}
