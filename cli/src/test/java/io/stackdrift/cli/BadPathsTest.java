package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import io.stackdrift.testing.PosixOnly;

/**
 * Every path option of every command, each class of bad path: a file where a directory is needed (the path itself or a
 * directory above it), a directory that takes no new entries, one without permission, a directory where a file is
 * needed. Each is refused before any tool runs, in one line that says what is wrong and what to do: no stack trace.
 */
@PosixOnly
class BadPathsTest {
    private static final String DEMO = "../examples/demo/stacks.yaml";

    @TempDir
    Path dir;

    private record Result(int exit, String out, String err) {
    }

    private static Result run(final String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = StackDriftCommand.newCommandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exit = commandLine.execute(args);
        return new Result(exit, out.toString(), err.toString());
    }

    /** Exit 1, nothing on stdout, and one line on stderr: the path, what is wrong, then after "; " what to do. */
    private static String refused(final Result result, final String... says) {
        assertThat(result.exit()).as(result.err()).isEqualTo(ExitCodes.ERROR);
        assertThat(result.out()).isEmpty();
        List<String> lines = result.err().lines().toList();
        assertThat(lines).as(result.err()).hasSize(1);
        assertThat(lines.get(0)).startsWith("stackdrift: ").contains("; ").contains(says)
                .doesNotContain("Exception", "\tat ", "null");
        return lines.get(0);
    }

    private Path aFile() throws Exception {
        return Files.writeString(dir.resolve("a-file"), "x");
    }

    /** The run commands, each with the options it needs besides the bad one. */
    private List<List<String>> runCommands() throws Exception {
        Path plan = Files.writeString(dir.resolve("plan.json"), "{\"format_version\":\"1.2\",\"resource_changes\":[]}");
        return List.of(List.of("preview", "--config", DEMO), List.of("check", "--config", DEMO), List.of("deploy", "--config", DEMO),
                List.of("report", plan.toString()));
    }

    private static String[] with(final List<String> command, final String... more) {
        List<String> args = new ArrayList<>(command);
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void aRecordThatIsAFileOrUnderAFileIsRefusedByEveryCommandThatKeepsOne() throws Exception {
        Path file = aFile();
        for (List<String> command : runCommands()) {
            refused(run(with(command, "--record", file.toString())), "--record " + file, "this is a file, not a directory",
                    "name a directory you can write to");
            refused(run(with(command, "--record", file.resolve("x").toString())), file + " is a file, not a directory");
        }
        refused(run("graph", "--config", DEMO, "--record", file.toString()), "--record " + file, "this is a file, not a directory");
    }

    @Test
    void anHtmlDirectoryThatIsAFileOrUnderAFileIsRefusedBeforeAnyToolRuns() throws Exception {
        Path file = aFile();
        for (List<String> command : runCommands()) {
            Path record = dir.resolve("record-" + command.get(0));
            refused(run(with(command, "--record", record.toString(), "--html", file.toString())), "--html " + file,
                    "this is a file, not a directory", "name a directory you can write to with --html");
            refused(run(with(command, "--record", record.toString(), "--html", file.resolve("report").toString())),
                    file + " is a file, not a directory");
            assertThat(record.resolve("runs")).doesNotExist();
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aDirectoryTheSystemTakesNoEntriesInIsNamedWithWhatToDo() throws Exception {
        for (List<String> command : runCommands()) {
            String line = refused(run(with(command, "--record", "/proc/stackdrift-test")), "--record /proc/stackdrift-test",
                    "cannot create a directory in /proc");
            // the message of issue 24 said only the path twice
            assertThat(line).doesNotContain("cannot number the run");
            refused(run(with(command, "--record", dir.resolve("r").toString(), "--html", "/proc/stackdrift-test/report")),
                    "--html /proc/stackdrift-test/report", "cannot create a directory in /proc");
        }
    }

    @Test
    void aDirectoryWithoutPermissionIsNamed() throws Exception {
        assumeFalse("root".equals(System.getProperty("user.name")), "root may write anywhere");
        Path locked = Files.createDirectory(dir.resolve("locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        for (List<String> command : runCommands()) {
            refused(run(with(command, "--record", locked.resolve("record").toString())), "no permission to create a directory in "
                    + locked);
            refused(run(with(command, "--record", locked.toString())), "--record " + locked, "no permission to write in it");
        }
    }

    @Test
    void missingParentsAreCreated(@TempDir final Path work) throws Exception {
        DemoRepo demo = DemoRepo.copyTo(work);
        Path html = work.resolve("out/deep/report");

        DemoRepo.Result result = demo.run("preview", "--stacks", "dns", "--html", html.toString());

        assertThat(result.exit()).as(result.err()).isEqualTo(ExitCodes.CHANGES);
        assertThat(html.resolve("index.html")).isRegularFile();
    }

    @Test
    void aToolPathThatIsADirectoryMissingOrNotExecutableIsRefusedBeforeAnyToolRuns() throws Exception {
        Path notExecutable = aFile();
        Path record = dir.resolve("record");
        for (String command : List.of("preview", "check", "deploy")) {
            refused(run(command, "--config", DEMO, "--record", record.toString(), "--tool-path", "terraform=" + dir),
                    "--tool-path terraform=" + dir + ": this is a directory", "name the terraform executable itself");
            refused(run(command, "--config", DEMO, "--record", record.toString(), "--tool-path", "tofu=" + dir.resolve("nope")),
                    ": no such file");
            refused(run(command, "--config", DEMO, "--record", record.toString(), "--tool-path", "pulumi=" + notExecutable),
                    "the file is not executable");
        }
        assertThat(record.resolve("runs")).doesNotExist();
    }

    @Test
    void aConfigurationThatIsADirectoryNamesTheFileToGive() throws Exception {
        for (String command : List.of("validate", "graph", "preview", "check", "deploy")) {
            Result result = "validate".equals(command) ? run(command, "--config", dir.toString())
                    : run(command, "--config", dir.toString(), "--record", dir.resolve("record").toString());
            assertThat(result.exit()).isEqualTo(ExitCodes.ERROR);
            assertThat(result.err()).contains(dir + ": this is a directory, not a configuration file\n    name the file: "
                    + dir.resolve("stacks.yaml")).doesNotContain("\\" + "u000A");
        }
    }

    @Test
    void anOutputsFileUnderAFileFailsTheStackNamingTheFileInTheWay(@TempDir final Path work) throws Exception {
        DemoRepo demo = DemoRepo.copyTo(work);
        Path inTheWay = Files.writeString(demo.root.resolve("out"), "a file where the outputs directory should be");

        DemoRepo.Result result = demo.run("deploy", "--stacks", "network", "--json");

        JsonNode row = new ObjectMapper().readTree(result.out()).get("rows").get(0);
        assertThat(row.get("state").asText()).isEqualTo("failed");
        assertThat(row.get("reason").asText()).endsWith("its outputs file out/network.json could not be written: "
                + inTheWay.toRealPath() + " is a file, not a directory: move it, or name another outputs path");
    }

    @Test
    void aReportOfADirectoryIsAFailedRowThatSaysWhatToName() throws Exception {
        Result result = run("report", "--json", dir.toString());

        assertThat(result.exit()).isEqualTo(ExitCodes.ERROR);
        JsonNode row = new ObjectMapper().readTree(result.out()).get("rows").get(0);
        assertThat(row.get("reason").asText()).isEqualTo("this is a directory, not a plan or preview file: name the JSON files in it");
    }

    @Test
    void aWorkDirectoryThatCannotBeMadeSaysWhereAndHowToMoveIt() throws Exception {
        ForkedCheck repo = ForkedCheck.of(dir, "net", ForkedCheck.IN_SYNC_TOOL);
        Files.delete(repo.tmp);
        Files.writeString(repo.tmp, "a file where the temporary directory should be");

        Process check = repo.check(List.of(), "--record", dir.resolve("record").toString())
                .redirectError(dir.resolve("err.txt").toFile()).redirectOutput(dir.resolve("out.txt").toFile()).start();
        assertThat(check.waitFor(2, TimeUnit.MINUTES)).isTrue();
        String err = Files.readString(dir.resolve("err.txt"));

        assertThat(check.exitValue()).as(err).isEqualTo(ExitCodes.ERROR);
        assertThat(err.lines().toList()).as(err).containsExactly("stackdrift: cannot make the run's work directory in " + repo.tmp
                + ": this is a file, not a directory; point the JVM's java.io.tmpdir at a directory you can write to: "
                + "STACKDRIFT_JAVA_OPTS=-Djava.io.tmpdir=DIR");
    }
}
