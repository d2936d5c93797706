package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.StackId;

/** What a page reads of the trail: the deploys saved last, and nothing of the file beyond them. */
class TrailReadTest {
    @TempDir
    Path dir;

    /** Five runs of two deploys each: the trail holds ten entries, newest first. */
    private HistoryStore fiveDeployRuns() {
        HistoryStore store = new HistoryStore(dir);
        for (int i = 1; i <= 5; i++) {
            List<TrailEntry> trail = new ArrayList<>();
            for (String stack : List.of("network", "app")) {
                trail.add(new TrailEntry(StackId.of(stack), Integer.toString(i), i * 100L, i * 100L + 10, TrailResult.DEPLOYED, false,
                        List.of(), "", 0));
            }
            store.save(new RunRecord(Integer.toString(i), RunKind.DEPLOY, "", i * 100L, i * 100L + 50, List.of(), trail));
        }
        return store;
    }

    @Test
    void theNewestEntriesAreTheTrailsFirst() {
        HistoryStore store = fiveDeployRuns();
        assertThat(store.trail()).hasSize(10);
        assertThat(store.trail(3)).containsExactlyElementsOf(store.trail().subList(0, 3));
        assertThat(store.trail(30)).containsExactlyElementsOf(store.trail());
        assertThat(store.trail(0)).isEmpty();
        assertThat(store.warnings()).isEmpty();
    }

    @Test
    void theFileIsReadNoFurtherThanTheEntriesAsked() throws IOException {
        HistoryStore store = fiveDeployRuns();
        List<TrailEntry> newest = store.trail(3);
        Path trail = store.layout().trailFile();
        String whole = Files.readString(trail);
        // cut in the middle of the fourth entry: a read of the whole file fails there
        int fourth = nthIndexOf(whole, "{\"stack\"", 4);
        Files.writeString(trail, whole.substring(0, fourth + 12));

        assertThat(store.trail(3)).containsExactlyElementsOf(newest);
        assertThat(store.warnings()).isEmpty();
        assertThat(store.trail()).isEmpty();
        assertThat(store.warnings()).singleElement().asString().contains("trail.json");
    }

    @Test
    void aTrailOfAnotherFormatGivesNothingAndAWarning() throws IOException {
        HistoryStore store = new HistoryStore(dir);
        Files.createDirectories(dir);
        Files.writeString(store.layout().trailFile(), "{\"format\":\"stackdrift-trail/99\",\"entries\":[{\"stack\":\"network\"}]}");
        assertThat(store.trail(5)).isEmpty();
        assertThat(store.warnings()).singleElement().asString().contains("stackdrift-trail/99");
    }

    @Test
    void entriesBeforeTheFormatAreReadTheSlowWay() throws IOException {
        HistoryStore store = fiveDeployRuns();
        Path trail = store.layout().trailFile();
        String whole = Files.readString(trail);
        String format = "\"format\":\"stackdrift-trail/1\",";
        assertThat(whole).contains(format);
        String entries = whole.substring(whole.indexOf("\"entries\""), whole.length() - 1);
        Files.writeString(trail, "{" + entries + ",\"format\":\"stackdrift-trail/1\"}");

        assertThat(store.trail(2)).containsExactlyElementsOf(store.trail().subList(0, 2));
        assertThat(store.warnings()).isEmpty();
    }

    private static int nthIndexOf(final String text, final String part, final int n) {
        int at = -1;
        for (int i = 0; i < n; i++) {
            at = text.indexOf(part, at + 1);
        }
        return at;
    }
}
