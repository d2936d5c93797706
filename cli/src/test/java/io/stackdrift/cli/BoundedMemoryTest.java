package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.Fixtures;
import io.stackdrift.testing.PlanEntries;
import io.stackdrift.testing.PosixOnly;

/**
 * A run's memory is bounded by its stacks, not by its changes: a check of a stack whose plan lists 200,000 drifted
 * resources, with the JSON, the pages and the record, finishes in a JVM whose heap could not hold those changes
 * (before the changes were spilled, the run held about 80 MB for them and died of {@code OutOfMemoryError} here).
 */
@PosixOnly
class BoundedMemoryTest {
    private static final int DRIFTED = 200_000;
    private static final String HEAP = "-Xmx48m";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aCheckOfTwoHundredThousandChangesFinishesInAHeapTooSmallToHoldThem() throws Exception {
        ForkedCheck run = ForkedCheck.of(dir, "big", """
                #!/bin/sh
                # answers at once with the plan the test wrote; changes nothing
                case "$1" in
                  version) echo '{"terraform_version":"1.11.4","platform":"linux_amd64","provider_selections":{}}' ;;
                  plan) for a in "$@"; do case "$a" in -out=*) cp plan.json "${a#-out=}" ;; esac; done; exit 2 ;;
                  show) for a in "$@"; do f="$a"; done; cat "$f" ;;
                  providers) echo '{"format_version":"1.0","provider_schemas":{}}' ;;
                  *) exit 0 ;;
                esac
                """);
        writePlan(run.stackDir.resolve("plan.json"));
        Path tmp = run.tmp;
        Path json = dir.resolve("run.json");
        Process cli = run.check(List.of(HEAP), "--record", dir.resolve("record").toString(), "--html", dir.resolve("html").toString(),
                "--json").redirectOutput(json.toFile()).redirectError(dir.resolve("console.txt").toFile()).start();
        boolean ended = cli.waitFor(5, TimeUnit.MINUTES);
        if (!ended) {
            cli.destroyForcibly();
        }
        String console = Files.readString(dir.resolve("console.txt"));

        assertThat(ended).as("ended within 5 minutes").isTrue();
        assertThat(console).doesNotContain("OutOfMemoryError");
        assertThat(cli.exitValue()).as(console).isEqualTo(ExitCodes.CHANGES);
        assertThat(driftEntries(json)).isEqualTo(DRIFTED);
        assertThat(dir.resolve("html/index.html")).isRegularFile();
        // the spill files went with the run's work directory; nothing was left in the temporary directory
        assertThat(leftovers(tmp)).isEmpty();
    }

    /** A refresh-only plan with {@link #DRIFTED} copies of a genuine plan entry as drift (only the addresses differ), streamed. */
    private static void writePlan(final Path file) throws IOException {
        JsonNode fixture;
        try (InputStream in = Files.newInputStream(Fixtures.terraform("lifecycle/2-changes.plan.json"))) {
            fixture = JSON.readTree(in);
        }
        // the built-in provider never drifts by itself: the copies are of terraform_data.x's update
        ObjectNode entry = PlanEntries.update(fixture, "terraform_data.x").deepCopy();
        String type = entry.path("type").asText();
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("{\"format_version\":\"" + fixture.path("format_version").asText()
                    + "\",\"resource_changes\":[],\"resource_drift\":[");
            for (int i = 0; i < DRIFTED; i++) {
                entry.put("name", "r" + i);
                entry.put("address", type + ".r" + i);
                out.write(i == 0 ? "" : ",");
                out.write(JSON.writeValueAsString(entry));
            }
            out.write("]}");
        }
    }

    /** How many entries the rows' {@code drift} arrays of the run JSON hold, counted as it streams by. */
    private static int driftEntries(final Path json) throws IOException {
        int entries = 0;
        try (JsonParser p = JSON.getFactory().createParser(json.toFile())) {
            int depth = 0;
            int driftDepth = -1;
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    depth++;
                    if (t == JsonToken.START_ARRAY && "drift".equals(p.currentName()) && depth == 4) {
                        driftDepth = depth;
                    } else if (t == JsonToken.START_OBJECT && driftDepth > 0 && depth == driftDepth + 1) {
                        entries++;
                    }
                } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                    if (depth == driftDepth) {
                        driftDepth = -1;
                    }
                    depth--;
                }
            }
        }
        return entries;
    }

    private static List<Path> leftovers(final Path tmp) throws IOException {
        try (Stream<Path> all = Files.walk(tmp)) {
            return all.filter(Files::isRegularFile).filter(f -> !f.toString().contains(File.separator + "hsperfdata_")).toList();
        }
    }
}
