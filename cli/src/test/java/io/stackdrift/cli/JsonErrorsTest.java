package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Under {@code --json} stdout holds one JSON document whatever happens: for an error before the command has a result —
 * a usage error, a path that cannot be used, a bad configuration for {@code graph} — the error JSON, with the exit code
 * the text mode has. Every command that takes {@code --json} is held to it, a new one too.
 */
class JsonErrorsTest {
    private static final String DEMO = "../examples/demo/stacks.yaml";

    @TempDir
    Path dir;

    private UnaryOperator<String> before;

    @AfterEach
    void environmentBack() {
        if (before != null) {
            CliEnvironment.use(before);
        }
    }

    private record Result(int exit, String out, String err) {
    }

    private static Result run(final List<String> args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = StackDriftCommand.newCommandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exit = commandLine.execute(args.toArray(String[]::new));
        return new Result(exit, out.toString(), err.toString());
    }

    private static List<String> with(final List<String> args, final List<String> more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(more);
        return all;
    }

    /** Every command whose options include --json. */
    private static List<String> jsonCommands() {
        List<String> names = new ArrayList<>();
        StackDriftCommand.newCommandLine().getSubcommands().forEach((name, command) -> {
            if (command.getCommandSpec().findOption("--json") != null) {
                names.add(name);
            }
        });
        assertThat(names).contains("validate", "preview", "check", "deploy", "report", "graph");
        return names;
    }

    private static JsonNode errorJson(final Result result) throws Exception {
        assertThat(result.exit()).as(result.err()).isEqualTo(ExitCodes.ERROR);
        JsonNode json = new ObjectMapper().readTree(result.out());
        assertThat(json.get("error").get("message").asText()).isNotEmpty();
        assertThat(json.get("exitCode").asInt()).isEqualTo(result.exit());
        assertThat(json.get("error").has("hint")).isTrue();
        assertThat(json.get("error").has("file")).isTrue();
        assertThat(json.get("error").has("line")).isTrue();
        assertThat(json.has("problems")).isTrue();
        return json;
    }

    @Test
    void aUsageErrorOfEveryJsonCommandIsTheErrorJsonWithTheTextModesExitCode() throws Exception {
        for (String command : jsonCommands()) {
            // report's FILE given: picocli names a missing parameter before an unknown option
            List<String> file = "report".equals(command) ? List.of("plan.json") : List.of();
            Result text = run(with(List.of(command, "--no-such-option"), file));
            Result json = run(with(List.of(command, "--json", "--no-such-option"), file));

            assertThat(text.out()).isEmpty();
            assertThat(json.exit()).isEqualTo(text.exit());
            JsonNode error = errorJson(json).get("error");
            assertThat(error.get("message").asText()).as(command).startsWith("unknown option '--no-such-option'")
                    .isEqualTo(text.err().lines().findFirst().orElseThrow().substring("stackdrift: ".length()));
            assertThat(error.get("option").asText()).isEqualTo("--no-such-option");
            assertThat(error.get("hint").asText()).isEqualTo("'stackdrift " + command + " --help' lists the options");
        }
    }

    @Test
    void jsonFromTheEnvironmentCountsToo() throws Exception {
        before = CliEnvironment.use(Map.of("STACKDRIFT_JSON", "true")::get);
        for (String command : jsonCommands()) {
            errorJson(run(List.of(command, "--no-such-option")));
        }
    }

    @Test
    void aPathThatCannotBeUsedIsTheErrorJsonNamingTheOptionAndThePath() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        Path plan = Files.writeString(dir.resolve("plan.json"), "{\"format_version\":\"1.2\",\"resource_changes\":[]}");
        for (String command : jsonCommands()) {
            if ("validate".equals(command)) {
                continue;
            }
            List<String> args = new ArrayList<>(List.of(command, "--json", "--record", file.toString()));
            args.addAll("report".equals(command) ? List.of(plan.toString()) : List.of("--config", DEMO));
            Result text = run(args.stream().filter(a -> !"--json".equals(a)).toList());
            Result json = run(args);

            assertThat(json.exit()).isEqualTo(text.exit());
            JsonNode error = errorJson(json).get("error");
            assertThat(error.get("option").asText()).as(command).isEqualTo("--record");
            assertThat(error.get("file").asText()).isEqualTo(file.toString());
            assertThat(error.get("message").asText()).contains("this is a file, not a directory");
            assertThat(json.err()).contains("stackdrift: --record " + file);
        }
    }

    @Test
    void aBadValueAfterParsingIsTheErrorJsonToo() throws Exception {
        errorJson(run(List.of("check", "--json", "--config", DEMO, "--record", dir.toString(), "--changed", "x")));
        errorJson(run(List.of("graph", "--json", "--config", DEMO, "--shards", "0")));
        errorJson(run(List.of("check", "--json", "--config", DEMO, "--record", dir.toString(), "--parallelism", "0")));
    }

    @Test
    void aBadConfigurationKeepsEachCommandsOwnDocument(@TempDir final Path repo) throws Exception {
        Files.writeString(repo.resolve("stacks.yaml"), "stacks:\n  - dir: missing\n");
        String config = repo.resolve("stacks.yaml").toString();

        assertThat(new ObjectMapper().readTree(run(List.of("validate", "--json", "--config", config)).out()).get("problems")).hasSize(1);
        assertThat(new ObjectMapper().readTree(run(List.of("check", "--json", "--config", config, "--record", dir.toString())).out())
                .get("problems")).hasSize(1);
        errorJson(run(List.of("graph", "--json", "--config", config)));
    }
}
