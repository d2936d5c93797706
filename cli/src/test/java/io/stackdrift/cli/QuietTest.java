package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import io.stackdrift.testing.Fixtures;
import io.stackdrift.testing.PosixOnly;

/** {@code --quiet}: errors on stderr and the counts line on stdout, nothing else; the exit code as without it. */
@PosixOnly
class QuietTest {
    @TempDir
    Path dir;

    @Test
    void aQuietCheckPrintsTheCountsLineAloneAndExitsAsALoudOne() throws Exception {
        DemoRepo loud = DemoRepo.copyTo(dir.resolve("loud"));
        DemoRepo quiet = DemoRepo.copyTo(dir.resolve("quiet"));

        DemoRepo.Result normal = loud.run("preview");
        DemoRepo.Result result = quiet.run("preview", "--quiet", "--html", dir.resolve("report").toString());

        assertThat(result.exit()).isEqualTo(normal.exit()).isEqualTo(ExitCodes.CHANGES);
        assertThat(result.out().lines()).containsExactly(normal.out().lines().findFirst().orElseThrow());
        assertThat(result.err()).isEmpty();
        assertThat(normal.err()).contains("previewing");
        assertThat(dir.resolve("report/index.html")).isRegularFile();
    }

    @Test
    void aFailedStacksReasonIsAnErrorAndStays() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        Path config = demo.root.resolve("stacks.yaml");
        Files.writeString(config, Files.readString(config).replace("aws_autoscaling_group.web.desired_capacity", "aws_vpc.main.id"));

        DemoRepo.Result result = demo.run("check", "--stacks", "network", "--quiet");

        assertThat(result.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(result.out().lines()).hasSize(1).allMatch(line -> line.startsWith("1 stack · "));
        assertThat(result.err().lines()).hasSize(1).allMatch(line -> line.startsWith("network (failed): ") && line.contains("rule 2"));
    }

    @Test
    void aQuietReportIsItsCountsLine() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = StackDriftCommand.newCommandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));

        int exit = commandLine.execute("report", "--quiet", "--record", dir.resolve("record").toString(),
                Fixtures.terraform("lifecycle/2-changes.plan.json").toString());

        assertThat(exit).isEqualTo(ExitCodes.CHANGES);
        assertThat(out.toString().lines()).hasSize(1).allMatch(line -> line.startsWith("1 stack · "));
        assertThat(err.toString()).isEmpty();
    }
}
