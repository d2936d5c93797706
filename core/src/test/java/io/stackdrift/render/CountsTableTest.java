package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.engine.RunOutcome;
import io.stackdrift.model.Counts;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;

/**
 * Every count of the one table ({@link Counts.Field}) reaches every output of a run's counts: the run JSON, the step's
 * result map, the counts line as text and HTML, and the history's summary file and its reading back. A count added to
 * the table and forgotten by one output fails here.
 */
class CountsTableTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final long T0 = 1_790_000_000_000L;

    /** n rows of the n-th state, so each count has a value of its own. */
    private static final RunRecord RUN = run();

    private static RunRecord run() {
        RowState[] states = {RowState.IN_SYNC, RowState.DRIFTED, RowState.PENDING, RowState.FAILED, RowState.SKIPPED,
            RowState.AWAITING_APPROVAL, RowState.REPAIRED, RowState.NOT_DEPLOYED, RowState.DESTROYED};
        List<Row> rows = new ArrayList<>();
        for (int s = 0; s < states.length; s++) {
            for (int n = 0; n <= s; n++) {
                rows.add(Row.of(StackId.of(states[s].word().replace(" ", "-") + n), Tool.TERRAFORM, "d", states[s], ""));
            }
        }
        return new RunRecord("7", RunKind.CHECK, "test", T0, T0 + 1000, rows, List.of());
    }

    @Test
    void theSampleGivesEveryCountAValueOfItsOwn() {
        List<Integer> values = Arrays.stream(Counts.Field.values()).map(field -> field.of(RUN.counts())).toList();
        // a new count needs rows of its kind in run() above
        assertThat(values).doesNotContain(0).doesNotHaveDuplicates();
    }

    @Test
    void theRunJsonCarriesEveryCountInTheTablesOrder() throws IOException {
        StringWriter out = new StringWriter();
        RunJsonWriter.write(new RunOutcome(Optional.of(RUN), List.of(), List.of(), List.of()), out);
        JsonNode counts = MAPPER.readTree(out.toString()).get("counts");
        assertThat(counts.fieldNames()).toIterable().containsExactlyElementsOf(keys());
        for (Counts.Field field : Counts.Field.values()) {
            assertThat(counts.get(field.key()).asInt()).as(field.key()).isEqualTo(field.of(RUN.counts()));
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void theResultMapCarriesEveryCountInTheTablesOrder() {
        Map<String, Object> counts = (Map<String, Object>) RunMaps.of(RUN, "SUCCESS").get("counts");
        assertThat(counts.keySet()).containsExactlyElementsOf(keys());
        for (Counts.Field field : Counts.Field.values()) {
            assertThat(counts.get(field.key())).as(field.key()).isEqualTo(field.of(RUN.counts()));
        }
    }

    @Test
    void theCountsLineNamesEveryCountAsTextAndHtml() {
        String text = CountsLine.text(RUN.counts(), false);
        String html = CountsLine.html(RUN.counts());
        for (Counts.Field field : Counts.Field.values()) {
            int value = field.of(RUN.counts());
            String words = field.words(value);
            assertThat(text).as(field.key()).contains(words);
            assertThat(html).as(field.key()).contains("<strong>" + value + "</strong>" + words.substring(String.valueOf(value).length()));
        }
    }

    @Test
    void theHistorysSummaryKeepsEveryCountAndReadsItBack(@TempDir final Path dir) throws IOException {
        HistoryStore history = new HistoryStore(dir);
        history.save(RUN);
        assertThat(history.summaries(1).get(0).counts()).isEqualTo(RUN.counts());
        Path summary;
        try (Stream<Path> files = Files.walk(dir)) {
            summary = files.filter(f -> f.getFileName().toString().endsWith(".summary.json")).findFirst().orElseThrow();
        }
        JsonNode counts = MAPPER.readTree(Files.readString(summary, StandardCharsets.UTF_8)).get("counts");
        assertThat(counts.fieldNames()).toIterable().containsExactlyElementsOf(keys());
    }

    @Test
    void aCountAddedAfterTheFirstRecordsIsKeptOnlyWhenSet(@TempDir final Path dir) throws IOException {
        HistoryStore history = new HistoryStore(dir);
        history.save(new RunRecord("8", RunKind.CHECK, "test", T0, T0 + 1000,
                List.of(Row.of(StackId.of("dns"), Tool.TERRAFORM, "dns", RowState.IN_SYNC, "")), List.of()));
        Path summary;
        try (Stream<Path> files = Files.walk(dir)) {
            summary = files.filter(f -> f.getFileName().toString().endsWith(".summary.json")).findFirst().orElseThrow();
        }
        JsonNode counts = MAPPER.readTree(Files.readString(summary, StandardCharsets.UTF_8)).get("counts");
        assertThat(counts.fieldNames()).toIterable().containsExactlyElementsOf(Arrays.stream(Counts.Field.values())
                .filter(field -> field.since() == Counts.Field.Since.FIRST_RECORDS).map(Counts.Field::key).toList());
        assertThat(history.summaries(1).get(0).counts().repaired()).isZero();
    }

    private static List<String> keys() {
        return Arrays.stream(Counts.Field.values()).map(Counts.Field::key).toList();
    }
}
