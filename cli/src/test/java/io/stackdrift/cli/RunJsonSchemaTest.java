package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import io.stackdrift.testing.Fixtures;
import io.stackdrift.testing.PosixOnly;

/**
 * {@code check --json} and {@code report --json} write one schema, and docs/cli.md ("Every key") lists it whole:
 * every key either command writes is in the table, every key in the table is written by one of them, and apart
 * from the optional keys, the trail and the problems (which a report has none of) both write the same keys.
 */
@PosixOnly
class RunJsonSchemaTest {
    private static final Pattern TABLE_ROW = Pattern.compile("^\\| `([^`]+)` \\| [^|]+ \\| ([^|]+) \\|");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static Set<String> documented;
    private static Set<String> optional;

    @TempDir
    Path dir;

    @BeforeAll
    static void readTheTable() throws IOException {
        String page = Files.readString(Path.of("../docs/cli.md"));
        String table = page.substring(page.indexOf("### Every key"), page.indexOf("**Compatibility.**"));
        documented = new TreeSet<>();
        optional = new TreeSet<>();
        for (String line : table.lines().toList()) {
            Matcher row = TABLE_ROW.matcher(line);
            if (row.find()) {
                documented.add(row.group(1));
                if (row.group(2).contains("*optional*")) {
                    optional.add(row.group(1));
                }
            }
        }
        assertThat(documented).contains("schemaVersion", "rows[].changes[].paths", "trail[].timeToRepair");
        assertThat(optional).contains("rows[].driftedSince", "trail[].timeToRepair");
    }

    @Test
    void checkAndReportWriteOneDocumentedSchema() throws IOException {
        // mode correct: a repair with its trail entry and time to repair; mode report: a drifted row with its age
        DemoRepo demo = DemoRepo.copyTo(dir.resolve("correct"));
        JsonNode repaired = MAPPER.readTree(demo.run("check", "--json").out());
        DemoRepo other = DemoRepo.copyTo(dir.resolve("report"));
        Path config = other.root.resolve("stacks.yaml");
        Files.writeString(config, Files.readString(config).replaceFirst("mode: correct", "mode: report"));
        JsonNode drifted = MAPPER.readTree(other.run("check", "--json").out());
        // at once again: no stack is due, each skipped row carries what the history knows of its stack
        JsonNode skipped = MAPPER.readTree(other.run("check", "--json").out());
        Files.writeString(config, "drift: true\n");
        JsonNode invalid = MAPPER.readTree(other.run("check", "--json").out());
        JsonNode report = MAPPER.readTree(report("lifecycle/2-changes.plan.json", "errored/plan.json", "new-stack/plan.json"));

        Set<String> check = new TreeSet<>(keys(repaired));
        check.addAll(keys(drifted));
        check.addAll(keys(skipped));
        check.addAll(keys(invalid));
        Set<String> reported = keys(report);

        assertThat(repaired.get("schemaVersion").asInt()).isEqualTo(1);
        assertThat(report.get("schemaVersion").asInt()).isEqualTo(1);
        assertThat(check).as("every key check --json writes is in docs/cli.md").isSubsetOf(documented);
        assertThat(reported).as("every key report --json writes is in docs/cli.md").isSubsetOf(documented);
        Set<String> written = new TreeSet<>(check);
        written.addAll(reported);
        assertThat(documented).as("every key docs/cli.md lists is written").isSubsetOf(written);
        assertThat(shared(reported)).as("report --json writes the keys check --json writes").isEqualTo(shared(check));
        assertThat(keys(invalid)).as("an invalid configuration: no run").containsExactlyInAnyOrder("schemaVersion", "exitCode",
                "problems", "problems[].file", "problems[].line", "problems[].column", "problems[].message", "problems[].hint",
                "warnings", "notes");
    }

    private String report(final String... fixtures) {
        String[] args = new String[fixtures.length + 2];
        args[0] = "report";
        args[1] = "--json";
        for (int i = 0; i < fixtures.length; i++) {
            args[i + 2] = Fixtures.terraform(fixtures[i]).toString();
        }
        StringWriter out = new StringWriter();
        CommandLine commandLine = StackDriftCommand.newCommandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(new StringWriter(), true));
        assertThat(commandLine.execute(args)).isEqualTo(ExitCodes.ERROR);
        return out.toString();
    }

    /** The keys outside what only one kind of run has: optional keys, trail entries and problems. */
    private static Set<String> shared(final Set<String> keys) {
        Set<String> shared = new TreeSet<>(keys);
        shared.removeAll(optional);
        shared.removeIf(key -> key.startsWith("trail[].") || key.startsWith("problems[]."));
        return shared;
    }

    /** Every key path of the document, items of an array as {@code []}, drift and warnings as the table names them. */
    private static Set<String> keys(final JsonNode document) {
        Set<String> keys = new TreeSet<>();
        collect(document, "", keys);
        Set<String> named = new TreeSet<>();
        for (String key : keys) {
            named.add(key.replace("rows[].drift[].", "rows[].changes[].").replace("rows[].ownedElsewhere[].", "rows[].changes[].")
                    .replace("warnings[].", "problems[]."));
        }
        return named;
    }

    private static void collect(final JsonNode node, final String prefix, final Set<String> keys) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                String key = prefix + field.getKey();
                keys.add(key);
                collect(field.getValue(), key + (field.getValue().isArray() ? "[]" : "."), keys);
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                collect(item, prefix + ".", keys);
            }
        }
    }
}
