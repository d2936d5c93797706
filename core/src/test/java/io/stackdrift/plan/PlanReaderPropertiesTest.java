package io.stackdrift.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import io.stackdrift.testing.Fixtures;
import io.stackdrift.testing.Tries;

/**
 * Broken, hostile or merely reordered input never throws: it reads the same, or fails with one line.
 */
class PlanReaderPropertiesTest {
    /** Where a fixture's name leads: the project's own files or the shared third-party ones. */
    private enum Source {
        OWN(PlanReadersTest.OWN_FORMATS.keySet()),
        SHARED(PlanReadersTest.FORMATS.keySet());

        @SuppressWarnings("ImmutableEnumChecker") // an unmodifiable list (Stream.toList), never changed
        private final List<String> files;

        Source(final Set<String> files) {
            this.files = files.stream().sorted().toList();
        }

        Path path(final String name) {
            return this == OWN ? Fixtures.terraform(name) : Fixtures.fixture(name);
        }

        /** The whole documents (plans, digests), not streams. */
        List<String> documents() {
            if (this == SHARED) {
                return files.stream().filter(f -> f.endsWith(".plan.json") || f.endsWith(".preview.json")).toList();
            }
            return files.stream().filter(f -> PlanReadersTest.OWN_FORMATS.get(f).equals(TerraformPlanReader.FORMAT)).toList();
        }

        /** Skips (or fails, with the switch) a test of the shared files where they are missing. */
        Source available() {
            if (this == SHARED) {
                Fixtures.shared();
            }
            return this;
        }
    }

    private static PlanSummary readBytes(final byte[] content) {
        try {
            Path file = Files.createTempFile("plan-property", ".json");
            try {
                Files.write(file, content);
                return PlanReaders.sniffing().read(file);
            } finally {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void assertOneLineReason(final PlanSummary summary) {
        if (summary.failed()) {
            assertThat(summary.failureReason()).isNotBlank().doesNotContain("\n").hasSizeLessThanOrEqualTo(FailureReasons.MAX_LENGTH + 1);
            assertThat(summary.changes()).isEmpty();
            assertThat(summary.drift()).isEmpty();
        }
    }

    /**
     * A stream cut anywhere before its summary (Terraform's change_summary, Pulumi's summaryEvent or closing
     * cancelEvent) must fail; after it, only a cut inside a message must.
     */
    @Test
    void truncatedOwnFilesFailUnlessCutAtAMessageBoundaryAfterTheSummary() {
        truncatedFilesFailUnlessCutAtAMessageBoundaryAfterTheSummary(Source.OWN);
    }

    @Test
    void truncatedSharedFixturesFailUnlessCutAtAMessageBoundaryAfterTheSummary() {
        truncatedFilesFailUnlessCutAtAMessageBoundaryAfterTheSummary(Source.SHARED.available());
    }

    private static void truncatedFilesFailUnlessCutAtAMessageBoundaryAfterTheSummary(final Source source) {
        Tries.check(300, gen -> truncatedFilesFailUnlessCutAtAMessageBoundaryAfterTheSummary(source, gen.of(source.files),
                gen.anyDouble()));
    }

    private static void truncatedFilesFailUnlessCutAtAMessageBoundaryAfterTheSummary(final Source source, final String fixture,
            final double where) throws IOException {
        byte[] full = Files.readAllBytes(source.path(fixture));
        int offset = (int) (Math.abs(where) % 1.0 * full.length);
        byte[] prefix = Arrays.copyOf(full, offset);
        PlanSummary summary = readBytes(prefix);
        assertOneLineReason(summary);
        String text = new String(full, StandardCharsets.UTF_8);
        String cut = new String(prefix, StandardCharsets.UTF_8);
        boolean jsonLines = fixture.endsWith(".jsonl");
        boolean wholeMessagesOnly = jsonLines && (cut.isEmpty() || cut.endsWith("\n") || text.charAt(cut.length()) == '\n');
        if (cut.isBlank() || jsonLines && cut.length() < endOfSummaryLine(text)
                || !wholeMessagesOnly && !cut.strip().equals(text.strip())) {
            assertThat(summary.failed()).as("cut at %d of %d", offset, full.length).isTrue();
        }
    }

    /** Where the line of a stream's first summary ends; past the end of the text when it has none. */
    private static int endOfSummaryLine(final String text) {
        int at = Integer.MAX_VALUE;
        for (String marker : List.of("\"change_summary\"", "\"summaryEvent\"", "\"cancelEvent\"")) {
            int found = text.indexOf(marker);
            if (found >= 0) {
                at = Math.min(at, found);
            }
        }
        if (at == Integer.MAX_VALUE) {
            return Integer.MAX_VALUE;
        }
        int newline = text.indexOf('\n', at);
        return newline < 0 ? text.length() : newline;
    }

    @Test
    void garbageNeverThrows() {
        Tries.check(200, gen -> assertOneLineReason(readBytes(gen.bytes(300))));
    }

    @Test
    void corruptedOwnFilesNeverThrow() {
        corruptedFilesNeverThrow(Source.OWN);
    }

    @Test
    void corruptedSharedFixturesNeverThrow() {
        corruptedFilesNeverThrow(Source.SHARED.available());
    }

    private static void corruptedFilesNeverThrow(final Source source) {
        Tries.check(200, gen -> {
            byte[] content = Files.readAllBytes(source.path(gen.of(source.files)));
            Random random = gen.random();
            for (int i = 0; i < 1 + random.nextInt(8); i++) {
                content[random.nextInt(content.length)] = (byte) random.nextInt(256);
            }
            assertOneLineReason(readBytes(content));
        });
    }

    @Test
    void deepNestingFailsPastTheLimit() {
        Tries.check(60, gen -> deepNestingFailsPastTheLimit(gen.ints(1, 3000)));
    }

    private static void deepNestingFailsPastTheLimit(final int depth) {
        String value = "[".repeat(depth) + "]".repeat(depth);
        String plan = "{\"format_version\":\"1.2\",\"resource_changes\":[{\"address\":\"a.b\",\"type\":\"a\",\"change\":{\"actions\":["
                + "\"update\"],"
                + "\"before\":{\"x\":" + value + "},\"after\":{\"x\":1}}}]}";
        PlanSummary summary = readBytes(plan.getBytes(StandardCharsets.UTF_8));
        assertOneLineReason(summary);
        // the value sits at depth 6 (object, resource_changes, change, change object, before, x)
        assertThat(summary.failed()).isEqualTo(depth + 5 > PlanJson.MAX_DEPTH);
        if (!summary.failed()) {
            assertThat(summary.changes().toList().get(0).paths()).containsExactly("x");
        }
    }

    @Test
    void hugeNumbersFailPastTheLimitAndNeverShow() {
        Tries.check(60, gen -> hugeNumbersFailPastTheLimitAndNeverShow(gen.ints(1, 5000), gen.bool()));
    }

    private static void hugeNumbersFailPastTheLimitAndNeverShow(final int digits, final boolean exponent) {
        String number = "7".repeat(digits) + (exponent ? "e999999" : "");
        String plan = "{\"format_version\":\"1.2\",\"resource_changes\":[{\"address\":\"a.b\",\"type\":\"a\",\"change\":{\"actions\":["
                + "\"update\"],"
                + "\"before\":{\"n\":" + number + "},\"after\":{\"n\":1}}}]}";
        PlanSummary summary = readBytes(plan.getBytes(StandardCharsets.UTF_8));
        assertOneLineReason(summary);
        if (exponent) {
            // Jackson checks a float's length by rules of its own (the exponent may count or not): only a
            // number whose whole text is within the limit must read
            if (number.length() <= PlanJson.MAX_NUMBER_LENGTH) {
                assertThat(summary.failed()).isFalse();
            }
        } else {
            assertThat(summary.failed()).isEqualTo(digits > PlanJson.MAX_NUMBER_LENGTH);
        }
        assertThat(summary.toString()).doesNotContain("777");
    }

    @Test
    void reorderedKeysOfOwnPlansReadTheSame() {
        reorderedKeysReadTheSame(Source.OWN);
    }

    @Test
    void reorderedKeysOfSharedPlansAndDigestsReadTheSame() {
        reorderedKeysReadTheSame(Source.SHARED.available());
    }

    private static void reorderedKeysReadTheSame(final Source source) {
        Tries.check(100, gen -> reorderedKeysReadTheSame(source.path(gen.of(source.documents())), gen.random()));
    }

    private static void reorderedKeysReadTheSame(final Path fixture, final Random random) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode tree = mapper.readTree(fixture.toFile());
        JsonNode shuffled = shuffle(tree, random, mapper);
        PlanSummary original = PlanReaders.sniffing().read(fixture);
        PlanSummary reordered = readBytes(mapper.writeValueAsBytes(shuffled));
        if (PlanReaders.forFile(fixture) instanceof TerraformPlanReader) {
            assertThat(reordered).isEqualTo(original);
        } else {
            // the digest's first key decides the sniffing; once read, the content is the same
            assertThat(new PulumiDigestReader(PulumiDigestReader.Kind.DETECT).read(write(mapper.writeValueAsBytes(shuffled))))
                    .isEqualTo(original);
        }
    }

    private static Path write(final byte[] content) throws IOException {
        Path file = Files.createTempFile("plan-property", ".json");
        file.toFile().deleteOnExit();
        return Files.write(file, content);
    }

    private static JsonNode shuffle(final JsonNode node, final Random random, final ObjectMapper mapper) {
        if (node.isObject()) {
            List<Map.Entry<String, JsonNode>> entries = new ArrayList<>();
            Iterator<Map.Entry<String, JsonNode>> fields = node.properties().iterator();
            fields.forEachRemaining(entries::add);
            Collections.shuffle(entries, random);
            ObjectNode out = mapper.createObjectNode();
            entries.forEach(e -> out.set(e.getKey(), shuffle(e.getValue(), random, mapper)));
            return out;
        }
        if (node.isArray()) {
            var out = mapper.createArrayNode();
            node.forEach(element -> out.add(shuffle(element, random, mapper)));
            return out;
        }
        return node;
    }
}
